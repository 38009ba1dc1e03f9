import { AUTO_CONVERT_STATE } from '@cirrus/shared';
import type { DbOrTrx } from '../../db/index.ts';
import { lockRow } from '../../db/locks.ts';

/** A right as stored: operations as a bit set, bit n-1 for operation n. */
export interface RightRow {
  file_id: number;
  principal_type: number;
  principal_id: number;
  operations: number;
}

/** Every right on the security documents of a space (every document has at least one). */
export function rightsInSpace(db: DbOrTrx, groupId: number): Promise<RightRow[]> {
  return db
    .selectFrom('secdoc_rights')
    .select(['file_id', 'principal_type', 'principal_id', 'operations'])
    .where('group_id', '=', groupId)
    .execute();
}

/** Where a principal comes in a document's list: its team, departments, users. */
const PRINCIPAL_ORDER: Record<number, number> = { 1: 0, 3: 0, 2: 1, 4: 2 };

/** The rights of one document: its team first, then departments, then users, each by id. */
export async function rightsOf(db: DbOrTrx, fileId: number): Promise<RightRow[]> {
  const rows = await db
    .selectFrom('secdoc_rights')
    .select(['file_id', 'principal_type', 'principal_id', 'operations'])
    .where('file_id', '=', fileId)
    .execute();
  return rows.sort(
    (a, b) =>
      (PRINCIPAL_ORDER[a.principal_type] ?? 3) - (PRINCIPAL_ORDER[b.principal_type] ?? 3) ||
      a.principal_id - b.principal_id,
  );
}

/** Replaces a document's rights. */
export async function replaceRights(
  trx: DbOrTrx,
  fileId: number,
  groupId: number,
  rows: Omit<RightRow, 'file_id'>[],
): Promise<void> {
  await lockRow(trx, 'files', fileId);
  await trx.deleteFrom('secdoc_rights').where('file_id', '=', fileId).execute();
  if (rows.length === 0) return;
  await trx
    .insertInto('secdoc_rights')
    .values(rows.map((row) => ({ ...row, file_id: fileId, group_id: groupId })))
    .execute();
}

/** Gives a copy the rights of its original. */
export async function copyRights(trx: DbOrTrx, fromId: number, toId: number, groupId: number): Promise<void> {
  const rows = await rightsOf(trx, fromId);
  await replaceRights(
    trx,
    toId,
    groupId,
    rows.map(({ file_id: _, ...row }) => row),
  );
}

/** Nick names of users, by id. */
export async function userNames(db: DbOrTrx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'nick_name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.nick_name]));
}

/** Names of a company's active departments, by id. */
export async function deptNames(db: DbOrTrx, companyId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('departments')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('status', '=', 'active')
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A team as its conversion job needs it; undefined once it is deleted. */
export function teamToConvert(db: DbOrTrx, groupId: number) {
  return db
    .selectFrom('groups')
    .select(['id', 'company_id', 'team_type', 'auto_convert_state'])
    .where('id', '=', groupId)
    .where('type', '=', 'team')
    .where('status', '=', 'active')
    .executeTakeFirst();
}

/** The next live files of a space that are not security documents, by id after `afterId`. */
export function plainFilesAfter(db: DbOrTrx, groupId: number, afterId: number, limit: number) {
  return db
    .selectFrom('files')
    .select(['id', 'name', 'size', 'creator_id'])
    .where('group_id', '=', groupId)
    .where('id', '>', afterId)
    .where('is_folder', '=', 0)
    .where('deleted_at', 'is', null)
    .where('secure_guid', '=', '')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Makes a plain live file a security document; false when it is one already or gone. */
export async function markSecure(trx: DbOrTrx, fileId: number, guid: string): Promise<boolean> {
  const result = await trx
    .updateTable('files')
    .set({ secure_guid: guid })
    .where('id', '=', fileId)
    .where('secure_guid', '=', '')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The conversion is done: a team still "converting" (2) is plainly on (1). */
export async function settleConversion(db: DbOrTrx, groupId: number): Promise<void> {
  await db
    .updateTable('groups')
    .set({ auto_convert_state: AUTO_CONVERT_STATE.on })
    .where('id', '=', groupId)
    .where('auto_convert_state', '=', AUTO_CONVERT_STATE.converting)
    .execute();
}
