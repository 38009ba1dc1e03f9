import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/actor.ts';
import { BinItemsBody, BinQuery, GroupParams } from './schema.ts';
import type { BinScope, RecycleService } from './service.ts';

/**
 * Recycle bins (spec 001 §7 "Recent, recycle, stars"): the personal bin at /api/v3/recycles, a
 * space's bin at /api/v3/groups/{gid}/recycles. ("destory" is the spec's spelling.)
 */
export function recycleRoutes({ recycle }: { recycle: RecycleService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const personal: BinScope = { kind: 'personal' };
    const group = (gid: number): BinScope => ({ kind: 'group', groupId: gid });

    r.get('/api/v3/recycles', { schema: { querystring: BinQuery } }, async (req) =>
      recycle.list(actorOf(req), personal, req.query.offset, req.query.count),
    );
    r.get(
      '/api/v3/groups/:gid/recycles',
      { schema: { params: GroupParams, querystring: BinQuery } },
      async (req) => recycle.list(actorOf(req), group(req.params.gid), req.query.offset, req.query.count),
    );

    r.post('/api/v3/recycles/batch/recover', { schema: { body: BinItemsBody } }, async (req) =>
      recycle.recover(actorOf(req), personal, req.body.fileids),
    );
    r.post(
      '/api/v3/groups/:gid/recycles/batch/recover',
      { schema: { params: GroupParams, body: BinItemsBody } },
      async (req) => recycle.recover(actorOf(req), group(req.params.gid), req.body.fileids),
    );

    r.post('/api/v3/recycles/batch/destory', { schema: { body: BinItemsBody } }, async (req) =>
      recycle.destroy(actorOf(req), personal, req.body.fileids),
    );
    r.post(
      '/api/v3/groups/:gid/recycles/batch/destory',
      { schema: { params: GroupParams, body: BinItemsBody } },
      async (req) => recycle.destroy(actorOf(req), group(req.params.gid), req.body.fileids),
    );

    r.delete('/api/v3/recycles', async (req, reply) => {
      await recycle.empty(actorOf(req), personal);
      return reply.status(204).send();
    });
    r.delete('/api/v3/groups/:gid/recycles', { schema: { params: GroupParams } }, async (req, reply) => {
      await recycle.empty(actorOf(req), group(req.params.gid));
      return reply.status(204).send();
    });
  };
}
