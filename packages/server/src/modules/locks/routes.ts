import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/actor.ts';
import { Id } from '../../http/params.ts';
import type { LockService } from './service.ts';

const LockParams = z.object({ volumeid: Id, fileid: Id });
const PATH = '/editinglock/v1/volumes/:volumeid/files/:fileid/filelock';

/** spec 001 §7 "File lock": acquire, check and release a file's editing lock. */
export function lockRoutes({ locks }: { locks: LockService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(PATH, { schema: { params: LockParams } }, async (req) =>
      locks.acquire(actorOf(req), req.params.volumeid, req.params.fileid),
    );
    r.get(PATH, { schema: { params: LockParams } }, async (req) =>
      locks.check(actorOf(req), req.params.volumeid, req.params.fileid),
    );
    r.delete(PATH, { schema: { params: LockParams } }, async (req) =>
      locks.release(actorOf(req), req.params.volumeid, req.params.fileid),
    );
  };
}
