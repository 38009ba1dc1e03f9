import type { Selectable } from 'kysely';
import type { DbOrTrx } from '../../db/index.ts';
import type { FileVersionsTable } from '../../db/schema.ts';

export type VersionRow = Selectable<FileVersionsTable>;

export interface VersionWithModifier extends VersionRow {
  modifier_name: string | null;
  modifier_avatar: string | null;
}

function versionsQuery(db: DbOrTrx, fileId: number, modifierIds: number[]) {
  let q = db.selectFrom('file_versions as v').where('v.file_id', '=', fileId);
  if (modifierIds.length > 0) q = q.where('v.modifier_id', 'in', modifierIds);
  return q;
}

/** A file's versions, newest first, optionally only those of some modifiers. */
export function listVersions(
  db: DbOrTrx,
  fileId: number,
  opts: { modifierIds: number[]; offset: number; count: number },
): Promise<VersionWithModifier[]> {
  return versionsQuery(db, fileId, opts.modifierIds)
    .leftJoin('users as u', 'u.id', 'v.modifier_id')
    .selectAll('v')
    .select(['u.nick_name as modifier_name', 'u.avatar as modifier_avatar'])
    .orderBy('v.ver', 'desc')
    .offset(opts.offset)
    .limit(opts.count)
    .execute();
}

export async function countVersions(db: DbOrTrx, fileId: number, modifierIds: number[]): Promise<number> {
  const row = await versionsQuery(db, fileId, modifierIds)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findVersion(
  db: DbOrTrx,
  fileId: number,
  id: number,
): Promise<VersionWithModifier | undefined> {
  return db
    .selectFrom('file_versions as v')
    .leftJoin('users as u', 'u.id', 'v.modifier_id')
    .selectAll('v')
    .select(['u.nick_name as modifier_name', 'u.avatar as modifier_avatar'])
    .where('v.file_id', '=', fileId)
    .where('v.id', '=', id)
    .executeTakeFirst();
}

/** The people who saved versions of a file, by name. */
export function listModifiers(db: DbOrTrx, fileId: number, offset: number, limit: number) {
  return db
    .selectFrom('file_versions as v')
    .innerJoin('users as u', 'u.id', 'v.modifier_id')
    .select(['u.id', 'u.nick_name', 'u.avatar'])
    .where('v.file_id', '=', fileId)
    .distinct()
    .orderBy('u.nick_name')
    .orderBy('u.id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function setLog(db: DbOrTrx, id: number, log: string): Promise<void> {
  await db.updateTable('file_versions').set({ log }).where('id', '=', id).execute();
}

export async function deleteVersion(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('file_versions').where('id', '=', id).execute();
}

/** Files of a space with more than `keep` earlier versions (after the limit was lowered). */
export async function filesOverLimit(db: DbOrTrx, groupId: number, keep: number, limit: number) {
  return db
    .selectFrom('file_versions as v')
    .innerJoin('files as f', 'f.id', 'v.file_id')
    .select(['f.id', 'f.ver'])
    .where('f.group_id', '=', groupId)
    .groupBy(['f.id', 'f.ver'])
    .having((eb) => eb.fn.countAll(), '>', keep + 1)
    .orderBy('f.id')
    .limit(limit)
    .execute();
}

export async function setHistoryLimit(db: DbOrTrx, groupId: number, limit: number): Promise<void> {
  await db.updateTable('groups').set({ history_limit: limit }).where('id', '=', groupId).execute();
}

/** A space row, for the background trim. */
export function findSpace(db: DbOrTrx, id: number) {
  return db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst();
}
