import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';

/** For load balancers: 200 while the database answers, 503 otherwise. */
export function healthRoutes({ db }: { db: Db }) {
  return async (app: FastifyInstance) => {
    app.get('/health', { config: { public: true } }, async (_req, reply) => {
      try {
        await sql`select 1`.execute(db);
        return { status: 'ok' };
      } catch {
        return reply.status(503).send({ status: 'unavailable' });
      }
    });
  };
}
