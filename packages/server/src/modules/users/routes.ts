import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/actor.ts';
import type { FavoriteService } from '../favorites/service.ts';
import { UpdateMemberSelfBody, UpdateSelfBody, UserIdParams } from './schema.ts';
import type { UserService } from './service.ts';

/** The contacts service's user calls (spec 000 §7 "Users"); also mounted under /cts. */
export function userRoutes({ users, favorites }: { users: UserService; favorites: FavoriteService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/v1/users/self', async (req) => users.getSelf(actorOf(req)));

    r.patch('/v1/users/self', { schema: { body: UpdateSelfBody } }, async (req) =>
      users.updateSelf(actorOf(req), req.body),
    );

    r.patch('/v1/companies/self/members/self', { schema: { body: UpdateMemberSelfBody } }, async (req) =>
      users.updateExtPhone(actorOf(req), req.body.ext_phone_number),
    );

    r.get('/u/v1/companies/self/users/:id/brief', { schema: { params: UserIdParams } }, async (req) => {
      const actor = actorOf(req);
      return users.brief(actor, req.params.id, (id) => favorites.has(actor, 4, id));
    });

    r.get('/v1/companies/self/users/:id/depts', { schema: { params: UserIdParams } }, async (req) =>
      users.depts(actorOf(req), req.params.id),
    );
  };
}
