import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/actor.ts';
import { IdentityListQuery, IdentityParams, RejectBody, SubmitIdentityBody } from './schema.ts';
import type { IdentityService } from './service.ts';

/** The user's real-name calls (account service); mounted at / and under /account. */
export function identityRoutes({ identity }: { identity: IdentityService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/p/identity', async (req) => identity.state(actorOf(req)));
    r.post('/p/identity', { schema: { body: SubmitIdentityBody } }, async (req) =>
      identity.submit(actorOf(req), req.body),
    );
  };
}

/** The administrator's review queue (the console's screen is built on these). */
export function identityAdminRoutes({ identity }: { identity: IdentityService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/admin/v1/identities', { schema: { querystring: IdentityListQuery } }, async (req) =>
      identity.list(actorOf(req), req.query),
    );
    r.post('/admin/v1/identities/:id/approve', { schema: { params: IdentityParams } }, async (req) =>
      identity.approve(actorOf(req), req.params.id, req.ip),
    );
    r.post(
      '/admin/v1/identities/:id/reject',
      { schema: { params: IdentityParams, body: RejectBody } },
      async (req) => identity.reject(actorOf(req), req.params.id, req.body.reason, req.ip),
    );
  };
}
