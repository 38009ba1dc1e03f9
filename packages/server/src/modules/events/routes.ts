import { HISTORY_EVENTS_PAGE, PAGE_SIZE_ACTIVITY } from '@cirrus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/actor.ts';
import { Id, Offset, pageSize } from '../../http/params.ts';
import type { EventFeed } from './feed.ts';

const IdParams = z.object({ id: Id });
/** spec 001 §7: offset and count, default 0 and 50; a file's events 20 (spec 001 §9 "history events 20"). */
const ActivityQuery = z.object({ offset: Offset, count: pageSize(PAGE_SIZE_ACTIVITY, 200) });
const FileEventsQuery = z.object({ offset: Offset, count: pageSize(HISTORY_EVENTS_PAGE, 200) });

/** Activity views (spec 001 §7 "History", spec 000 §7). */
export function eventRoutes({ feed }: { feed: EventFeed }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/v3/events', { schema: { querystring: ActivityQuery } }, async (req) =>
      feed.mine(actorOf(req), req.query.offset, req.query.count),
    );
    r.get(
      '/api/v3/groups/:id/events',
      { schema: { params: IdParams, querystring: ActivityQuery } },
      async (req) => feed.space(actorOf(req), req.params.id, req.query.offset, req.query.count),
    );
    r.get(
      '/api/v3/files/:id/events',
      { schema: { params: IdParams, querystring: FileEventsQuery } },
      async (req) => feed.file(actorOf(req), req.params.id, req.query.offset, req.query.count),
    );
  };
}
