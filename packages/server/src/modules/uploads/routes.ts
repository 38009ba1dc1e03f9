import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import { useGraphErrors } from '../../http/graph-errors.ts';
import {
  BeginBody,
  CommitBody,
  TransactionParams,
  UploadParams,
  VolumeParams,
  WholeQuery,
} from './schema.ts';
import type { UploadService } from './service.ts';

const TUS_VERSION = '1.0.0';
const TUS_CONTENT_TYPE = 'application/offset+octet-stream';

const isTusBody = (contentType: string | undefined) =>
  (contentType ?? '').split(';')[0].trim() === TUS_CONTENT_TYPE;

/**
 * Upload transactions (spec 001 §7) and their tus 1.0 core endpoint (ARCHITECTURE "Uploads").
 * Errors answer the graph codes of the /xfi calls.
 */
export function uploadRoutes({ uploads }: { uploads: UploadService }) {
  return async (app: FastifyInstance) => {
    useGraphErrors(app);
    // tus bodies are streamed to disk by the handler, never parsed or buffered.
    app.addContentTypeParser(TUS_CONTENT_TYPE, (_req, _payload, done) => done(null));
    const r = app.withTypeProvider<ZodTypeProvider>();
    const base = '/xfi/v1/me/volumes/:volume/files/:parent/upload-transactions';

    // JSON {name, size, sha1?} begins a transaction; the bytes themselves as the body (tus's
    // content type, name and sha1 in the query, size from Content-Length) upload in one request.
    r.post(
      base,
      { schema: { params: VolumeParams, querystring: WholeQuery, body: BeginBody.nullish() } },
      async (req) => {
        if (!isTusBody(req.headers['content-type'])) {
          if (!req.body) throw new DomainError('badRequest');
          return uploads.begin(actorOf(req), req.params.volume, req.params.parent, req.body);
        }
        const size = Number(req.headers['content-length']);
        if (req.query.name === undefined || !Number.isSafeInteger(size) || size < 0)
          throw new DomainError('badRequest');
        return uploads.uploadWhole(
          actorOf(req),
          req.params.volume,
          req.params.parent,
          { name: req.query.name, size, sha1: req.query.sha1 },
          req.raw,
        );
      },
    );

    r.patch(`${base}/:id`, { schema: { params: TransactionParams, body: CommitBody } }, async (req) =>
      uploads.commit(actorOf(req), req.params.volume, req.params.parent, req.params.id, req.body?.sha1),
    );

    const tus = '/xfi/v1/me/uploads/:id';

    r.options(tus, { config: { public: true } }, async (_req, reply) =>
      reply
        .status(204)
        .header('tus-resumable', TUS_VERSION)
        .header('tus-version', TUS_VERSION)
        .header('tus-extension', 'termination')
        .send(),
    );

    r.head(tus, { schema: { params: UploadParams } }, async (req, reply) => {
      const { offset, length } = await uploads.status(actorOf(req), req.params.id);
      return reply
        .status(200)
        .header('tus-resumable', TUS_VERSION)
        .header('upload-offset', String(offset))
        .header('upload-length', String(length))
        .header('cache-control', 'no-store')
        .send();
    });

    r.patch(tus, { schema: { params: UploadParams } }, async (req, reply) => {
      const version = req.headers['tus-resumable'];
      if (version !== undefined && version !== TUS_VERSION) {
        reply.header('tus-version', TUS_VERSION);
        throw new DomainError('tusVersionUnsupported');
      }
      if (!isTusBody(req.headers['content-type'])) throw new DomainError('unsupportedMediaType');
      const offset = Number(req.headers['upload-offset']);
      if (!Number.isSafeInteger(offset) || offset < 0) throw new DomainError('bad_request');
      const next = await uploads.append(actorOf(req), req.params.id, offset, req.raw);
      return reply
        .status(204)
        .header('tus-resumable', TUS_VERSION)
        .header('upload-offset', String(next))
        .send();
    });

    r.delete(tus, { schema: { params: UploadParams } }, async (req, reply) => {
      await uploads.cancel(actorOf(req), req.params.id);
      return reply.status(204).header('tus-resumable', TUS_VERSION).send();
    });
  };
}
