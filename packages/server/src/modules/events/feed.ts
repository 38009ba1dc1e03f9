import { type EventList, type FileEventName, type FileEventRecord, hasPermission } from '@cirrus/shared';
import type { Db } from '../../db/index.ts';
import type { Actor } from '../../http/actor.ts';
import type { FileAccess, FileContext } from '../files/access.ts';
import { maskAt, requirePermission } from '../files/policy.ts';
import type { SpaceService } from '../spaces/service.ts';
import * as repo from './repo.ts';

interface Deps {
  db: Db;
  spaces: SpaceService;
  access: FileAccess;
}

function present(row: repo.EventRow): FileEventRecord {
  let detail: Record<string, unknown> = {};
  try {
    detail = JSON.parse(row.detail) as Record<string, unknown>;
  } catch {
    // an unreadable detail is shown without it
  }
  return {
    id: row.id,
    event: row.type as FileEventName,
    fileid: row.file_id,
    groupid: row.group_id,
    group_name: row.group_name ?? '',
    fname: row.name,
    ftype: row.is_folder ? 'folder' : 'file',
    parentid: row.parent_id,
    operator: { id: row.actor_id, name: row.actor_name ?? '', avatar: row.actor_avatar ?? '' },
    ctime: row.created_at,
    detail,
  };
}

/**
 * Activity views (spec 001 §7 GET /api/v3/events, /api/v3/groups/{id}/events,
 * /api/v3/files/{id}/events; spec 000 §7): events of the spaces the viewer belongs to, and only
 * those on items the viewer may read. An item's readability is decided where it is now when it
 * is still in the event's space, else by the folder it was in (or the space root): an item moved
 * away or purged does not take its old readers' view of its past with it.
 */
export function createEventFeed({ db, spaces, access }: Deps) {
  async function visibleOf(
    actor: Actor,
    rows: repo.EventRow[],
    contexts: Map<number, FileContext | undefined>,
  ) {
    for (const groupId of new Set(rows.map((r) => r.group_id))) {
      if (!contexts.has(groupId)) contexts.set(groupId, await access.context(actor, groupId));
    }
    const ids = new Set<number>();
    for (const r of rows) {
      if (r.file_id) ids.add(r.file_id);
      if (r.parent_id) ids.add(r.parent_id);
    }
    const items = new Map((await repo.findItems(db, [...ids])).map((f) => [f.id, f]));
    return rows.filter((row) => {
      const ctx = contexts.get(row.group_id);
      if (!ctx) return false;
      if (row.file_id === 0) return true;
      const item = items.get(row.file_id);
      if (item && item.group_id === row.group_id) return hasPermission(maskAt(ctx, item), 'read');
      const parent = row.parent_id ? items.get(row.parent_id) : undefined;
      if (parent && parent.group_id === row.group_id) return hasPermission(maskAt(ctx, parent), 'read');
      return hasPermission(maskAt(ctx, null), 'read');
    });
  }

  /** One page of visible events: `offset` and `count` count visible events. */
  async function page(
    actor: Actor,
    q: { groupIds: number[]; fileId?: number; offset: number; count: number },
  ): Promise<EventList> {
    const contexts = new Map<number, FileContext | undefined>();
    const batch = Math.max(100, q.count * 2);
    const out: repo.EventRow[] = [];
    let skipped = 0;
    for (let scan = 0; ; scan += batch) {
      const rows = await repo.listEvents(db, { ...q, offset: scan, limit: batch });
      for (const row of await visibleOf(actor, rows, contexts)) {
        if (skipped < q.offset) skipped++;
        else out.push(row);
      }
      if (out.length > q.count || rows.length < batch) break;
    }
    return {
      events: out.slice(0, q.count).map(present),
      offset: q.offset,
      count: q.count,
      more: out.length > q.count,
    };
  }

  return {
    /** GET /api/v3/events: all the viewer's spaces (personal ones and teams). */
    async mine(actor: Actor, offset: number, count: number): Promise<EventList> {
      const groups = await spaces.list(actor, { ignore: [], includeChats: true });
      return page(actor, { groupIds: groups.map((g) => g.id), offset, count });
    },

    /** GET /api/v3/groups/{id}/events: members only (others: groupNotExist, as for a missing team). */
    async space(actor: Actor, groupId: number, offset: number, count: number): Promise<EventList> {
      const { space } = await spaces.requireAccess(actor, groupId);
      return page(actor, { groupIds: [space.id], offset, count });
    },

    /** GET /api/v3/files/{id}/events: a file the viewer may read, in the spaces the viewer sees. */
    async file(actor: Actor, fileId: number, offset: number, count: number): Promise<EventList> {
      const { file, mask } = await access.requireFile(actor, fileId);
      requirePermission(mask, 'read');
      // The file's current space first; events from a space it was moved out of are shown only
      // to those who see that space too (visibleOf drops the others).
      const groups = await spaces.list(actor, { ignore: [], includeChats: true });
      const groupIds = [...new Set([file.group_id, ...groups.map((g) => g.id)])];
      return page(actor, { groupIds, fileId: file.id, offset, count });
    },
  };
}

export type EventFeed = ReturnType<typeof createEventFeed>;
