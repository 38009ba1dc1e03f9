import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/actor.ts';
import { useGraphErrors } from '../../http/graph-errors.ts';
import {
  FileIdParams,
  HistoriesQuery,
  HistoryParams,
  LogBody,
  ModifiersQuery,
  RecoverBody,
  VolumeBody,
  VolumeFileParams,
  VolumeHistoryParams,
  VolumeParams,
  XfiHistoriesQuery,
} from './schema.ts';
import type { HistoryService } from './service.ts';

/**
 * History versions (spec 001 §7 "History") and the volume's history limit (spec 000 §7
 * GET/PATCH /xfi/v1/volumes/{v}). The /xfi calls answer graph error codes. The download of a
 * version is the content call with ?history= (modules/downloads).
 */
export function historyRoutes({ history }: { history: HistoryService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/v3/files/:id/histories',
      { schema: { params: FileIdParams, querystring: HistoriesQuery } },
      async (req) => history.list(actorOf(req), req.params.id, { ...req.query, modifierIds: [] }),
    );

    r.post(
      '/api/v3/files/:id/histories/:hid/recover',
      { schema: { params: HistoryParams, body: RecoverBody } },
      async (req) => history.recover(actorOf(req), req.params.id, req.params.hid, req.body.groupid),
    );

    r.delete(
      '/api/v3/files/:id/histories/:hid',
      { schema: { params: HistoryParams } },
      async (req, reply) => {
        await history.remove(actorOf(req), req.params.id, req.params.hid);
        return reply.status(204).send();
      },
    );

    await app.register(async (xfi) => {
      useGraphErrors(xfi);
      const x = xfi.withTypeProvider<ZodTypeProvider>();

      x.get(
        '/xfi/v1/volumes/:v/files/:f/histories',
        { schema: { params: VolumeFileParams, querystring: XfiHistoriesQuery } },
        async (req) =>
          history.list(actorOf(req), req.params.f, {
            groupId: req.params.v,
            offset: req.query.offset,
            count: req.query.limit,
            modifierIds: req.query.modifier_id,
          }),
      );

      // spec 001 §7 writes ".../modifiers" after the histories call; both readings answer.
      for (const url of [
        '/xfi/v1/volumes/:v/files/:f/modifiers',
        '/xfi/v1/volumes/:v/files/:f/histories/modifiers',
      ]) {
        x.get(url, { schema: { params: VolumeFileParams, querystring: ModifiersQuery } }, async (req) =>
          history.modifiers(actorOf(req), req.params.v, req.params.f, req.query.offset, req.query.limit),
        );
      }

      x.patch(
        '/xfi/v1/volumes/:v/files/:f/histories/:id',
        { schema: { params: VolumeHistoryParams, body: LogBody } },
        async (req) => history.setLog(actorOf(req), req.params.v, req.params.f, req.params.id, req.body.log),
      );

      // The teams area serves the volume too (its settings tab edits history_limit); whichever
      // registers first answers, and both keep the rule in history.setVolumeLimit.
      if (!xfi.hasRoute({ method: 'GET', url: '/xfi/v1/volumes/:v' })) {
        x.get('/xfi/v1/volumes/:v', { schema: { params: VolumeParams } }, async (req) =>
          history.volume(actorOf(req), req.params.v),
        );
      }
      if (!xfi.hasRoute({ method: 'PATCH', url: '/xfi/v1/volumes/:v' })) {
        x.patch('/xfi/v1/volumes/:v', { schema: { params: VolumeParams, body: VolumeBody } }, async (req) =>
          history.setVolumeLimit(actorOf(req), req.params.v, req.body.history_limit),
        );
      }
    });
  };
}
