import { COMMENT_MAX, PAGE_SIZE_COMMENTS } from '@cirrus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import { Id, Offset, pageSize } from '../../http/params.ts';
import type { CommentService } from './service.ts';

const FileParams = z.object({ fileid: Id });
const ListQuery = z.object({ offset: Offset, count: pageSize(PAGE_SIZE_COMMENTS, 200) });
// Room for surrounding whitespace; the service checks the trimmed length against COMMENT_MAX.
const AddBody = z.object({ content: z.string().max(COMMENT_MAX * 4) });
/** DELETE .../comments: which comment, in the body or the query (the spec names neither). */
const DeleteBody = z.preprocess((v) => v ?? {}, z.object({ commentid: Id.optional() }));
const DeleteQuery = z.object({ commentid: Id.optional() });

/** Comments on a file (spec 001 §7 "Files and folders"). */
export function commentRoutes({ comments }: { comments: CommentService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/v3/files/:fileid/comments',
      { schema: { params: FileParams, querystring: ListQuery } },
      async (req) => comments.list(actorOf(req), req.params.fileid, req.query.offset, req.query.count),
    );

    r.post(
      '/api/v3/files/:fileid/comments',
      { schema: { params: FileParams, body: AddBody } },
      async (req, reply) =>
        reply.status(201).send(await comments.add(actorOf(req), req.params.fileid, req.body.content)),
    );

    r.delete(
      '/api/v3/files/:fileid/comments',
      { schema: { params: FileParams, body: DeleteBody, querystring: DeleteQuery } },
      async (req, reply) => {
        const commentId = req.body.commentid ?? req.query.commentid;
        if (commentId === undefined) throw new DomainError('badRequest');
        await comments.remove(actorOf(req), req.params.fileid, commentId);
        return reply.status(204).send();
      },
    );
  };
}
