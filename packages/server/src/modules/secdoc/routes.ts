import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/actor.ts';
import { DocParams, RightsBody } from './schema.ts';
import type { SecdocService } from './service.ts';

/** Security documents' rights (spec 001 §7 and spec 002 §7, PUT {secure}/api/v1/doc/{id}/rights). */
export function secdocRoutes({ secdoc }: { secdoc: SecdocService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/v1/doc/:id/rights', { schema: { params: DocParams } }, async (req) =>
      secdoc.get(actorOf(req), req.params.id),
    );

    r.put('/api/v1/doc/:id/rights', { schema: { params: DocParams, body: RightsBody } }, async (req) =>
      secdoc.put(actorOf(req), req.params.id, req.body),
    );
  };
}
