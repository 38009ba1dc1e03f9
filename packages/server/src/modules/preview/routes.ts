import { PREVIEW_IMAGE_SIZE_NAMES } from '@cirrus/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/actor.ts';
import { clientIp } from '../../http/auth.ts';
import { Id, QueryBool } from '../../http/params.ts';
import type { BlobStore } from '../../storage/index.ts';
import { attachment, etagMatches, parseRange } from '../downloads/http-headers.ts';
import type { Bytes, PreviewService, SourceQuery } from './service.ts';

/**
 * ?recycle=1 for a file in the bin; ?link=sid&rand_code= for one opened through a share link;
 * ?history={id} for one of the file's history versions.
 */
const Source = {
  recycle: QueryBool,
  link: z.string().min(1).max(200).optional(),
  rand_code: z.string().max(64).optional(),
  history: Id.optional(),
};
const ViewQuery = z.object({ fileid: Id.optional(), ...Source });
const FileParams = z.object({ fid: Id });
const SourceParams = z.object(Source);
/** v: the content the asker expects (a list's fsha); when it is the file's, the answer is kept (immutable). */
const ImageQuery = z.object({
  ...Source,
  size: z.enum(PREVIEW_IMAGE_SIZE_NAMES).default('view'),
  v: z.string().max(64).optional(),
});
const NeighborQuery = z.object({
  ...Source,
  orderby: z.enum(['name', 'mtime', 'size']).default('mtime'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

/**
 * The viewer's bytes. User content never runs in the app's origin (ARCHITECTURE "Data,
 * durability and safety"): every answer is sandboxed by its Content-Security-Policy (a page
 * opened from it gets no script and no origin), nosniff (app-wide) and a type that is never
 * HTML, SVG or XML; raw content is an attachment, so opening its address downloads it, and only
 * pictures re-encoded by the server are inline.
 */
function sendBytes(req: FastifyRequest, reply: FastifyReply, bytes: Bytes, blobs: BlobStore) {
  reply
    .header('etag', bytes.etag)
    // An address that names its content answers the same bytes for good: scrolling back to a
    // thumbnail asks nothing. Private either way: only this browser keeps what this person saw.
    .header('cache-control', bytes.immutable ? 'private, max-age=31536000, immutable' : 'private, no-cache')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin')
    .header(
      'content-disposition',
      bytes.inline ? attachment(bytes.name).replace(/^attachment/, 'inline') : attachment(bytes.name),
    );
  if (etagMatches(req.headers['if-none-match'], bytes.etag)) return reply.status(304).send();
  reply.type(bytes.type);
  if ('data' in bytes) return reply.header('content-length', String(bytes.data.length)).send(bytes.data);
  const ifRange = req.headers['if-range'];
  const range = ifRange && ifRange !== bytes.etag ? undefined : parseRange(req.headers.range, bytes.size);
  reply.header('accept-ranges', 'bytes');
  if (range === 'unsatisfiable')
    return reply.status(416).header('content-range', `bytes */${bytes.size}`).send();
  if (!range)
    return reply
      .header('content-length', String(bytes.size))
      .send(blobs.createReadStream(bytes.blob, undefined, bytes.size));
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${bytes.size}`)
    .header('content-length', String(range.end - range.start + 1))
    .send(blobs.createReadStream(bytes.blob, range, bytes.size));
}

/** A share link may be opened logged out; every other source needs a session (the service says). */
const open = { public: true };

/** Previews (spec 001 §7 "GET {preview}/v1/legacy/view"; the viewer's bytes under /v1/preview). */
export function previewRoutes({ preview, blobs }: { preview: PreviewService; blobs: BlobStore }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const source = (req: { query: SourceQuery } & FastifyRequest): SourceQuery => ({
      recycle: req.query.recycle,
      link: req.query.link,
      rand_code: req.query.rand_code,
      history: req.query.history,
      ip: clientIp(req),
    });

    r.get('/v1/legacy/view', { config: open, schema: { querystring: ViewQuery } }, async (req) =>
      preview.view(req.actor, req.query.fileid, source(req)),
    );

    // spec 001 §5: where a file is edited online (the viewer's editor), or yqxForbid.
    for (const url of ['/api/v3/editor/yqx/:fid', '/api/cooper/editor/yqx/:fid'])
      r.get(url, { schema: { params: FileParams, querystring: SourceParams } }, async (req) =>
        preview.editor(actorOf(req), req.params.fid, req.query.recycle),
      );

    r.get(
      '/v1/preview/files/:fid/content',
      { config: open, schema: { params: FileParams, querystring: SourceParams } },
      async (req, reply) =>
        sendBytes(req, reply, await preview.content(req.actor, req.params.fid, source(req)), blobs),
    );

    r.get(
      '/v1/preview/files/:fid/image',
      { config: open, schema: { params: FileParams, querystring: ImageQuery } },
      async (req, reply) =>
        sendBytes(
          req,
          reply,
          await preview.image(
            req.actor,
            req.params.fid,
            // A list's thumbnail or a details panel's picture is a look in passing, not an
            // opening (a share link's access log).
            { ...source(req), glance: req.query.size !== 'view' },
            req.query.size,
            req.query.v,
            req.signal,
          ),
          blobs,
        ),
    );

    r.get(
      '/v1/preview/files/:fid/pdf',
      { config: open, schema: { params: FileParams, querystring: SourceParams } },
      async (req, reply) => {
        const answer = await preview.pdf(req.actor, req.params.fid, source(req));
        if ('state' in answer) return reply.status(202).header('cache-control', 'no-store').send(answer);
        return sendBytes(req, reply, answer, blobs);
      },
    );

    r.get(
      '/v1/preview/files/:fid/entries',
      { config: open, schema: { params: FileParams, querystring: SourceParams } },
      async (req) => preview.entries(req.actor, req.params.fid, source(req)),
    );

    r.get(
      '/v1/preview/files/:fid/neighbors',
      { config: open, schema: { params: FileParams, querystring: NeighborQuery } },
      async (req) => preview.neighbors(req.actor, req.params.fid, req.query, source(req)),
    );
  };
}
