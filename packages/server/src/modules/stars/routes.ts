import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/actor.ts';
import { BatchUnlabelBody, FileLabelParams, LabelBody, LabelFilesQuery, LabelParams } from './schema.ts';
import type { StarService } from './service.ts';

/** Stars (spec 001 §7 "Recent, recycle, stars"): label 1. */
export function starRoutes({ stars }: { stars: StarService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.put(
      '/api/v3/files/:id/labels/:label',
      { schema: { params: FileLabelParams, body: LabelBody } },
      async (req) => stars.star(actorOf(req), req.params.id, req.body.groupid),
    );

    r.delete(
      '/api/v3/files/:id/labels/:label',
      { schema: { params: FileLabelParams, body: LabelBody } },
      async (req, reply) => {
        await stars.unstar(actorOf(req), [req.params.id]);
        return reply.status(204).send();
      },
    );

    r.post(
      '/api/v3/files/labels/:label/batch/delete',
      { schema: { params: LabelParams, body: BatchUnlabelBody } },
      async (req) => {
        await stars.unstar(actorOf(req), req.body.fileids);
        return { failList: [] };
      },
    );

    r.get(
      '/api/v3/labels/:label/files',
      { schema: { params: LabelParams, querystring: LabelFilesQuery } },
      async (req) => stars.list(actorOf(req), req.query.offset, req.query.count),
    );
  };
}
