import { PAGE_SIZE_MEMBERS } from '@cirrus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/actor.ts';
import { Id, Offset, pageSize, QueryBool } from '../../http/params.ts';
import type { NoticeService } from './service.ts';

const NoticesQuery = z.object({
  offset: Offset,
  limit: pageSize(PAGE_SIZE_MEMBERS, 200),
  /** Only unread notices. */
  unread: QueryBool,
});

/** PUT /xnc/v1/notices/read (ours): marks the named notices read, or all of them without ids. */
const MarkReadBody = z.object({ ids: z.array(Id).max(1000).optional() });

export function noticeRoutes({ notices }: { notices: NoticeService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/xnc/v1/notices',
      {
        schema: {
          querystring: NoticesQuery,
          description: 'In-app notices, newest first, with read state and the unread count.',
        },
      },
      async (req) => notices.list(actorOf(req), req.query),
    );
    r.put(
      '/xnc/v1/notices/read',
      {
        schema: {
          body: MarkReadBody,
          description: 'Ours: mark notices read (all of them when ids is left out).',
        },
      },
      async (req) => notices.markRead(actorOf(req), req.body.ids),
    );
  };
}
