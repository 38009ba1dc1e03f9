import { validateFileName } from '@cirrus/shared';
import { sql } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Db, DbOrTrx, Dialect, Trx } from '../../db/index.ts';
import type { FileRow } from '../../db/schema.ts';
import type { SharedTransactions } from '../../db/shared-transactions.ts';
import { DomainError } from '../../http/errors.ts';
import { findFile, findLiveFolderNow } from './repo.ts';

export interface FailItem {
  fileid: number;
  name: string;
  result: DomainError['key'];
}

/**
 * A failList entry of a batch call; the name is told only for an item the actor could see:
 * `mayRead` answers whether they may read it (a security document's rights may not let them).
 */
export async function failItem(
  db: DbOrTrx,
  fileId: number,
  err: DomainError,
  mayRead: (fileId: number) => Promise<boolean>,
): Promise<FailItem> {
  const told = err.key !== 'fileNotExists' && (await mayRead(fileId));
  const name = told ? ((await findFile(db, fileId))?.name ?? '') : '';
  return { fileid: fileId, name, result: err.key };
}

/** spec 001 §5: the shared validator decides; the name is saved trimmed. */
export function checkName(raw: string, kind: 'file' | 'folder'): string {
  const error = validateFileName(raw, { kind });
  if (error) throw new DomainError(error);
  return raw.trim().normalize('NFC');
}

/** The materialised path of a folder's children ("/" at the root). */
export function childPath(folder: Pick<FileRow, 'id' | 'path'> | null): string {
  return folder ? `${folder.path}${folder.id}/` : '/';
}

/**
 * Runs one metadata transaction (on `db`, or through shared transactions); a name taken meanwhile
 * (unique index) answers fileNameConflict.
 */
export async function inTransaction<T>(
  db: Db | SharedTransactions,
  fn: (trx: Trx) => Promise<T>,
): Promise<T> {
  try {
    return await (typeof db === 'function' ? db(fn) : db.transaction().execute(fn));
  } catch (err) {
    if (isUniqueViolation(err)) throw new DomainError('fileNameConflict');
    throw err;
  }
}

/**
 * The target folder as it is now, in the transaction (null for a space's root): checked before the
 * transaction, it may have gone to the bin meanwhile (fileNotExists), or moved, so that its
 * children's path is no longer the one read then. Items are placed by the path read here.
 */
export async function folderNow(
  trx: DbOrTrx,
  folder: Pick<FileRow, 'id' | 'group_id'> | null,
): Promise<Pick<FileRow, 'id' | 'path'> | null> {
  if (!folder) return null;
  const now = await findLiveFolderNow(trx, folder.id);
  // A folder moved to another space meanwhile: what was checked was the old space's permission.
  if (now?.group_id !== folder.group_id) throw new DomainError('fileNotExists');
  return now;
}

/** The item as it is now, in the transaction: still live, and still in the space it was checked in. */
export async function liveItemNow(trx: DbOrTrx, item: Pick<FileRow, 'id' | 'group_id'>): Promise<FileRow> {
  const now = await findFile(trx, item.id);
  if (now?.status !== 'live' || now.group_id !== item.group_id) throw new DomainError('fileNotExists');
  return now;
}

/** The first key of the PostgreSQL advisory locks of a space's tree (the second is its id). */
const TREE_LOCK_CLASS = 7101;

/**
 * Every item stores its folders' path, so a change that rewrites the paths below a folder (moving
 * or deleting it: 'reshape') must not overlap one that reads a folder's path to place an item under
 * it ('place'). SQLite runs one write transaction at a time, and the transactions read the folders
 * they need afresh (folderNow, liveItemNow). On PostgreSQL each transaction takes its spaces' tree
 * locks first: shared to place, so that uploads into a space still run side by side; exclusive to
 * reshape. Spaces are locked in the order of their ids, so that two transactions never wait on
 * each other.
 */
export async function lockTrees(
  trx: DbOrTrx,
  dialect: Dialect,
  groupIds: number[],
  mode: 'place' | 'reshape',
): Promise<void> {
  if (dialect !== 'postgres') return;
  const lock = sql.raw(mode === 'reshape' ? 'pg_advisory_xact_lock' : 'pg_advisory_xact_lock_shared');
  for (const id of [...new Set(groupIds)].sort((a, b) => a - b))
    await sql`select ${lock}(${sql.lit(TREE_LOCK_CLASS)}, ${sql.lit(id)})`.execute(trx);
}
