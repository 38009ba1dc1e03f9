import type { Insertable } from 'kysely';
import { hotQuery } from '../../db/hot.ts';
import type { DbOrTrx } from '../../db/index.ts';
import type { FileEventsTable } from '../../db/schema.ts';

/** One event, the usual case (every upload writes one): kept compiled. */
const eventInsert = hotQuery((db, event: Insertable<FileEventsTable>) =>
  db.insertInto('file_events').values(event),
);

export async function insertEvents(db: DbOrTrx, events: Insertable<FileEventsTable>[]): Promise<void> {
  if (events.length === 1) await eventInsert.run(db, events[0]);
  else if (events.length > 1) await db.insertInto('file_events').values(events).execute();
}

export interface EventRow {
  id: number;
  group_id: number;
  file_id: number;
  actor_id: number;
  type: string;
  name: string;
  is_folder: number;
  parent_id: number;
  detail: string;
  created_at: number;
  actor_name: string | null;
  actor_avatar: string | null;
  group_name: string | null;
}

/** Events of some spaces (and of one file), newest first. */
export function listEvents(
  db: DbOrTrx,
  q: { groupIds: number[]; fileId?: number; offset: number; limit: number },
): Promise<EventRow[]> {
  if (q.groupIds.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('file_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .leftJoin('groups as g', 'g.id', 'e.group_id')
    .selectAll('e')
    .select(['u.nick_name as actor_name', 'u.avatar as actor_avatar', 'g.name as group_name'])
    .where('e.group_id', 'in', q.groupIds);
  if (q.fileId !== undefined) query = query.where('e.file_id', '=', q.fileId);
  return query
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .offset(q.offset)
    .limit(q.limit)
    .execute();
}

/** Rows of the items events name (any status), to decide who may see each event. */
export function findItems(db: DbOrTrx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  // secure_guid: a security document's rights decide who reads of it (files/policy.ts maskAt).
  return db
    .selectFrom('files')
    .select(['id', 'group_id', 'path', 'secure_guid'])
    .where('id', 'in', ids)
    .execute();
}
