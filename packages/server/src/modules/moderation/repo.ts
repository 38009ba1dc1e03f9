import type { ReportStatus } from '@cirrus/shared';
import { sql } from 'kysely';
import { idOf } from '../../db/ids.ts';
import type { DbOrTrx } from '../../db/index.ts';

/** The review queue with what a reviewer needs beside each report. */
export function listReports(
  db: DbOrTrx,
  q: { companyIds: number[]; statuses: ReportStatus[] | null; offset: number; limit: number },
) {
  let query = reportsBase(db)
    .where(sql<number>`coalesce(g.company_id, 0)`, 'in', q.companyIds)
    // The queue's oldest first; decided reports newest first.
    .orderBy('r.id', q.statuses?.every((s) => s === 'pending' || s === 'appealed') ? 'asc' : 'desc')
    .offset(q.offset)
    .limit(q.limit + 1);
  if (q.statuses) query = query.where('r.status', 'in', q.statuses);
  return query.execute();
}

function reportsBase(db: DbOrTrx) {
  return db
    .selectFrom('reports as r')
    .leftJoin('files as f', 'f.id', 'r.file_id')
    .leftJoin('groups as g', 'g.id', 'f.group_id')
    .leftJoin('users as owner', 'owner.id', 'f.creator_id')
    .leftJoin('links as l', 'l.id', 'r.link_id')
    .leftJoin('users as reporter', 'reporter.id', 'r.reporter_id')
    .leftJoin('users as handler', 'handler.id', 'r.handled_by')
    .leftJoin('file_blocks as b', 'b.file_id', 'r.file_id')
    .selectAll('r')
    .select([
      'f.name as file_name',
      'f.group_id as file_group_id',
      'f.creator_id as file_creator_id',
      'owner.nick_name as owner_name',
      'g.company_id as company_id',
      'l.sid as link_sid',
      'l.blocked as link_blocked',
      'reporter.nick_name as reporter_name',
      'handler.nick_name as handler_name',
      'b.file_id as blocked_file_id',
    ]);
}

export type ReportRow = Awaited<ReturnType<typeof listReports>>[number];

export function findReport(db: DbOrTrx, id: number) {
  return reportsBase(db).where('r.id', '=', id).executeTakeFirst();
}

export async function decideReports(
  db: DbOrTrx,
  where: { ids?: number[]; fileId?: number; linkId?: number; statuses: ReportStatus[] },
  set: { status: ReportStatus; resolution?: string; note?: string; handledBy: number; at: number },
): Promise<void> {
  let q = db
    .updateTable('reports')
    .set({
      status: set.status,
      handled_by: set.handledBy,
      handled_at: set.at,
      ...(set.resolution !== undefined ? { resolution: set.resolution } : {}),
      ...(set.note !== undefined ? { note: set.note } : {}),
    })
    .where('status', 'in', where.statuses);
  if (where.ids) q = q.where('id', 'in', where.ids);
  if (where.fileId !== undefined) q = q.where('file_id', '=', where.fileId);
  if (where.linkId !== undefined) q = q.where('link_id', '=', where.linkId);
  await q.execute();
}

export function findBlock(db: DbOrTrx, fileId: number) {
  return db.selectFrom('file_blocks').selectAll().where('file_id', '=', fileId).executeTakeFirst();
}

export async function blockFile(
  db: DbOrTrx,
  row: { file_id: number; report_id: number; reason: string; blocked_by: number; created_at: number },
): Promise<void> {
  await db
    .insertInto('file_blocks')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('file_id')
        .doUpdateSet({ report_id: row.report_id, reason: row.reason, blocked_by: row.blocked_by }),
    )
    .execute();
  // Its links answer forbidLink while the file is blocked (modules/links reads links.blocked).
  await db
    .updateTable('links')
    .set({ blocked: 'forbidLink' })
    .where('file_id', '=', row.file_id)
    .where('blocked', '=', '')
    .execute();
}

export async function unblockFile(db: DbOrTrx, fileId: number): Promise<void> {
  await db.deleteFrom('file_blocks').where('file_id', '=', fileId).execute();
  await db
    .updateTable('links')
    .set({ blocked: '' })
    .where('file_id', '=', fileId)
    .where('blocked', '=', 'forbidLink')
    .execute();
}

export async function setLinkBlocked(
  db: DbOrTrx,
  linkId: number,
  blocked: '' | 'linkViolation',
): Promise<void> {
  await db.updateTable('links').set({ blocked }).where('id', '=', linkId).execute();
}

export async function findLink(db: DbOrTrx, idOrSid: string) {
  const q = db.selectFrom('links').select(['id', 'sid', 'file_id', 'creator_id', 'blocked']);
  if (!/^\d+$/.test(idOrSid)) return q.where('sid', '=', idOrSid).executeTakeFirst();
  const id = idOf(idOrSid);
  return id === undefined ? undefined : q.where('id', '=', id).executeTakeFirst();
}

export function findFile(db: DbOrTrx, id: number) {
  return db
    .selectFrom('files as f')
    .innerJoin('groups as g', 'g.id', 'f.group_id')
    .select([
      'f.id',
      'f.name',
      'f.group_id',
      'f.creator_id',
      'g.type as group_type',
      'g.owner_id',
      'g.company_id',
    ])
    .where('f.id', '=', id)
    .executeTakeFirst();
}

export function findUserContact(db: DbOrTrx, id: number) {
  return db.selectFrom('users').select(['id', 'email', 'nick_name']).where('id', '=', id).executeTakeFirst();
}

/** The newest blocked (or appealed) report behind a block of the file or the link. */
export function latestBlockReport(
  db: DbOrTrx,
  target: { fileId?: number; linkId?: number },
  statuses: ReportStatus[],
) {
  let q = db.selectFrom('reports').selectAll().where('status', 'in', statuses).orderBy('id', 'desc').limit(1);
  if (target.fileId !== undefined)
    q = q.where('file_id', '=', target.fileId).where('resolution', '=', 'file_blocked');
  if (target.linkId !== undefined)
    q = q.where('link_id', '=', target.linkId).where('resolution', '=', 'link_blocked');
  return q.executeTakeFirst();
}

export async function appeal(
  db: DbOrTrx,
  id: number,
  set: { text: string; by: number; at: number },
): Promise<void> {
  await db
    .updateTable('reports')
    .set({ status: 'appealed', appeal_text: set.text, appealed_by: set.by, appealed_at: set.at })
    .where('id', '=', id)
    .execute();
}
