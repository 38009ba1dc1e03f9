import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/actor.ts';
import { RecentQuery, RecentRemoveBody } from './schema.ts';
import type { RecentService } from './service.ts';

/** Recent files (spec 001 §7 "Recent, recycle, stars"); "destory" is the spec's spelling. */
export function recentRoutes({ recent }: { recent: RecentService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/v3/roaming', { schema: { querystring: RecentQuery } }, async (req) =>
      recent.list(actorOf(req), {
        offset: req.query.offset,
        count: req.query.count,
        maxMtime: req.query.max_mtime,
      }),
    );

    r.post('/api/v3/roaming/batch/destory', { schema: { body: RecentRemoveBody } }, async (req) => {
      await recent.remove(actorOf(req), req.body.fileids);
      return { failList: [] };
    });
  };
}
