import { validateFileName } from '@cirrus/shared';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Db, DbOrTrx, Trx } from '../../db/index.ts';
import type { FileRow } from '../../db/schema.ts';
import type { SharedTransactions } from '../../db/shared-transactions.ts';
import { DomainError } from '../../http/errors.ts';
import { findFile, isLiveFolder } from './repo.ts';

export interface FailItem {
  fileid: number;
  name: string;
  result: DomainError['key'];
}

/** A failList entry of a batch call; the name is told only for an item the actor could see. */
export async function failItem(db: DbOrTrx, fileId: number, err: DomainError): Promise<FailItem> {
  const name = err.key === 'fileNotExists' ? '' : ((await findFile(db, fileId))?.name ?? '');
  return { fileid: fileId, name, result: err.key };
}

/** Names are unique per folder regardless of case (and of Unicode composition). */
export function nameKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
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

/** A target folder checked before the transaction may have gone to the bin meanwhile. */
export async function assertFolderLive(trx: DbOrTrx, folder: Pick<FileRow, 'id'> | null): Promise<void> {
  if (folder && !(await isLiveFolder(trx, folder.id))) throw new DomainError('fileNotExists');
}
