import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/actor.ts';
import { AddFavoriteBody, FavoriteParams, FavoritesQuery, FavoriteTypeParams } from './schema.ts';
import type { FavoriteService } from './service.ts';

/** Favourites of the contacts service (spec 000 §7); mounted at / and under /cts. */
export function favoriteRoutes({ favorites }: { favorites: FavoriteService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/u/v1/users/self/favorites', { schema: { querystring: FavoritesQuery } }, async (req) =>
      favorites.list(actorOf(req), req.query),
    );

    r.post(
      '/v1/users/self/favorites/:type',
      { schema: { params: FavoriteTypeParams, body: AddFavoriteBody } },
      async (req, reply) =>
        reply.status(201).send(await favorites.add(actorOf(req), req.params.type, req.body.entity_id)),
    );

    r.delete(
      '/v1/users/self/favorites/:type/:id',
      { schema: { params: FavoriteParams } },
      async (req, reply) => {
        await favorites.remove(actorOf(req), req.params.type, req.params.id);
        return reply.status(204).send();
      },
    );
  };
}
