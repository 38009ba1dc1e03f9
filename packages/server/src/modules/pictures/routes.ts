import { AVATAR_MAX_BYTES } from '@cirrus/shared';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import { Id } from '../../http/params.ts';
import { PICTURE_FORM_URL, type PictureService, type UploadedFile } from './service.ts';

const AvatarParams = z.object({ file: z.string().regex(/^\d{1,10}\.png$/) });
const ImageParams = z.object({ file: z.string().regex(/^\d{1,10}\.png$/) });
const idOf = (file: string) => Id.parse(file.slice(0, -'.png'.length));

/** A picture changes address when it changes (?v=, or a new id), so it may be cached for long. */
function sendPng(
  reply: FastifyReply,
  found: { row: { sha256: string; size: number }; stream: () => NodeJS.ReadableStream },
) {
  return reply
    .type('image/png')
    .header('content-length', found.row.size)
    .header('etag', `"${found.row.sha256}"`)
    .header('cache-control', 'private, max-age=31536000, immutable')
    .send(found.stream());
}

/** Pictures of the drive service (spec 000 §7): the two-step upload and where pictures are served. */
export function pictureRoutes({ pictures }: { pictures: PictureService }) {
  return async (app: FastifyInstance) => {
    await app.register(fastifyMultipart, {
      // One file; past the limit it is cut and marked truncated, which the service answers error_tips.
      throwFileSizeLimit: false,
      limits: { files: 1, fields: 10, fieldSize: 1024, fileSize: AVATAR_MAX_BYTES + 1, parts: 12 },
    });
    const r = app.withTypeProvider<ZodTypeProvider>();

    // "with a query" (spec 000 §7): the query's fields are not shown; none are needed here.
    r.post('/api/v3/avatar/upload', async (req) => pictures.issueKey(actorOf(req), 'avatar'));
    r.post('/api/v3/image/upload', async (req) => pictures.issueKey(actorOf(req), 'image'));

    // The second step. The single-use key bound to this user is what a csrf token would prove, and a
    // plain form POST (as to an object store) carries no header, so the csrf check does not apply.
    r.post(PICTURE_FORM_URL, { config: { csrfExempt: true } }, async (req) => {
      const actor = actorOf(req);
      if (!req.isMultipart()) return pictures.upload(actor, '', undefined);
      let key = '';
      let file: UploadedFile | undefined;
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'key' && typeof part.value === 'string') key = part.value;
        } else {
          const chunks: Buffer[] = [];
          for await (const chunk of part.file) chunks.push(chunk as Buffer);
          file = { filename: part.filename, data: Buffer.concat(chunks), truncated: part.file.truncated };
        }
      }
      return pictures.upload(actor, key, file);
    });

    r.get('/api/v3/avatars/:file', { schema: { params: AvatarParams } }, async (req, reply) => {
      const found = await pictures.avatarOf(idOf(req.params.file));
      if (!found) throw new DomainError('notFound');
      return sendPng(reply, found);
    });

    r.get('/api/v3/images/:file', { schema: { params: ImageParams } }, async (req, reply) => {
      const found = await pictures.image(idOf(req.params.file));
      if (!found) throw new DomainError('notFound');
      return sendPng(reply, found);
    });
  };
}
