import { splitExt } from '@cirrus/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FileRow } from '../../db/schema.ts';
import { actorOf } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import { useGraphErrors } from '../../http/graph-errors.ts';
import { Id, IdList } from '../../http/params.ts';
import type { BlobStore } from '../../storage/index.ts';
import { createRangeBuffers, RANGE_SLAB_BYTES } from '../../storage/range-buffers.ts';
import type { HistoryService } from '../history/service.ts';
import { attachment, contentTypeOf, etagMatches, parseRange } from './http-headers.ts';
import type { DownloadService, ZipPlan } from './service.ts';
import { streamZip } from './zip.ts';

const FileParams = z.object({ gid: Id, fid: Id });
const ContentParams = z.object({ v: Id, f: Id });
/**
 * `preflight=1` answers what a zip would hold instead of streaming it, so the web app can show
 * spec 001 §8's empty-folder and partial-download messages (a download frame cannot read them).
 */
const Preflight = z.enum(['0', '1']).optional();
const ContentQuery = z.object({
  platform: z.string().max(20).optional(),
  history: z.string().max(20).optional(),
  preflight: Preflight,
});
const DownloadQuery = z.object({ action: z.string().max(20).optional(), preflight: Preflight });
const BatchQuery = z.object({ fileids: IdList, preflight: Preflight });

interface Deps {
  downloads: DownloadService;
  blobs: BlobStore;
  /** The content of a history version (?history=). */
  history: Pick<HistoryService, 'versionContent'>;
}

/**
 * A Range of up to this many bytes (a player seeking, a viewer reading a page of a document) is
 * read whole into a buffer used again (range-buffers.ts) and sent as one; larger ones are
 * streamed (bench W2: a 64 KiB read went from 0.64 to 0.47 ms p50 in process).
 */
const SMALL_RANGE_BYTES = RANGE_SLAB_BYTES;
/** One pool for the process: the file, history and share-link downloads all answer through sendFile. */
const rangeBuffers = createRangeBuffers();

/**
 * Streams one file: Range (206/416), ETag and If-None-Match (304), attachment with the UTF-8
 * name, nosniff (the app sets it on every answer).
 */
export function sendFile(
  req: FastifyRequest,
  reply: FastifyReply,
  { file }: { file: FileRow },
  blobs: BlobStore,
) {
  // Content is addressed by hash, so the hash is a strong validator of these bytes.
  const etag = `"${file.sha256}"`;
  reply
    .header('etag', etag)
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, no-cache')
    .header('last-modified', new Date(file.mtime * 1000).toUTCString())
    .header('content-disposition', attachment(file.name));
  if (etagMatches(req.headers['if-none-match'], etag)) return reply.status(304).send();

  const ifRange = req.headers['if-range'];
  const range = ifRange && ifRange !== etag ? undefined : parseRange(req.headers.range, file.size);
  if (range === 'unsatisfiable')
    return reply.status(416).header('content-range', `bytes */${file.size}`).send();

  reply.type(contentTypeOf(splitExt(file.name).ext));
  if (!range)
    return reply
      .header('content-length', String(file.size))
      .send(blobs.createReadStream(file.sha256, undefined, file.size));
  const length = range.end - range.start + 1;
  reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('content-length', String(length));
  if (length > SMALL_RANGE_BYTES) return reply.send(blobs.createReadStream(file.sha256, range, file.size));
  const buffer = rangeBuffers.take(length);
  return blobs.readRange(file.sha256, range, buffer).then(
    (bytes) => {
      // Node has handed every byte to the kernel by 'finish'; an answer cut short keeps its buffer.
      reply.raw.once('finish', () => rangeBuffers.giveBack(buffer));
      return reply.send(bytes);
    },
    (err: unknown) => {
      rangeBuffers.giveBack(buffer);
      throw err;
    },
  );
}

export function sendZip(reply: FastifyReply, plan: ZipPlan, blobs: BlobStore, preflight?: '0' | '1') {
  if (preflight === '1') {
    const files = plan.entries.filter((e) => !e.file.is_folder).length;
    return reply
      .header('cache-control', 'private, no-store')
      .send({ name: plan.name, files, skipped: plan.skipped });
  }
  return (
    reply
      .type('application/zip')
      .header('content-disposition', attachment(plan.name))
      .header('cache-control', 'private, no-store')
      // spec 001 §8 "partial download fail": how many items were left out.
      .header('x-skipped-files', String(plan.skipped))
      .send(streamZip(plan, blobs))
  );
}

/** Downloads (spec 001 §7): a file's content, a folder or a selection as a zip. */
export function downloadRoutes({ downloads, blobs, history }: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/v3/groups/:gid/files/batch/download',
      { schema: { params: z.object({ gid: Id }), querystring: BatchQuery } },
      async (req, reply) =>
        sendZip(reply, await downloads.batch(actorOf(req), req.query.fileids), blobs, req.query.preflight),
    );

    r.get(
      '/api/v3/groups/:gid/files/:fid/download',
      { schema: { params: FileParams, querystring: DownloadQuery } },
      async (req, reply) => {
        const located = await downloads.file(actorOf(req), req.params.gid, req.params.fid, req.headers.range);
        if (located.file.is_folder)
          return sendZip(reply, await downloads.folder(located), blobs, req.query.preflight);
        return sendFile(req, reply, located, blobs);
      },
    );

    await app.register(async (xfi) => {
      useGraphErrors(xfi);
      xfi
        .withTypeProvider<ZodTypeProvider>()
        .get(
          '/xfi/v1/me/volumes/:v/files/:f/content',
          { schema: { params: ContentParams, querystring: ContentQuery } },
          async (req, reply) => {
            // spec 001 §7: ?history={id} downloads that version of the file.
            if (req.query.history) {
              const historyId = Id.safeParse(req.query.history);
              if (!historyId.success) throw new DomainError('badRequest');
              const version = await history.versionContent(
                actorOf(req),
                req.params.v,
                req.params.f,
                historyId.data,
              );
              return sendFile(req, reply, version, blobs);
            }
            const located = await downloads.file(actorOf(req), req.params.v, req.params.f, req.headers.range);
            if (located.file.is_folder)
              return sendZip(reply, await downloads.folder(located), blobs, req.query.preflight);
            return sendFile(req, reply, located, blobs);
          },
        );
    });
  };
}
