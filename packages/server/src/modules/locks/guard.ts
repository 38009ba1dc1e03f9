import type { FileLockInfo } from '@cirrus/shared';
import type { Db, DbOrTrx } from '../../db/index.ts';
import type { FileRow } from '../../db/schema.ts';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import type { SettingsService } from '../settings/service.ts';
import { findLock, findLockBelow, findLocks, type LockRow } from './repo.ts';

export function lockInfo(row: LockRow): FileLockInfo {
  return {
    userid: row.user_id,
    nick_name: row.nick_name ?? '',
    locked_at: row.locked_at,
    expires_at: row.expires_at,
  };
}

/** The lock notice (spec 001 §8 "file lock toast"): who holds it travels along for the message. */
function lockedBy(row: LockRow): DomainError {
  const nick = row.nick_name ?? '';
  return new DomainError(
    'document_editing',
    { nick },
    { nick, userid: row.user_id, expires_at: row.expires_at },
  );
}

/** The lock rules of one actor, resolved before any transaction starts (settings are read outside it). */
export interface LockCheck {
  /** Whether locks count (ALLOW_FILE_LOCK and allow_file_lock). */
  enabled: boolean;
  /**
   * Refuses a change of `item` (a new version, rename, move, delete) while another user holds its
   * lock, or, for a folder, the lock of a file below it. The holder may go on.
   */
  assertFree(db: DbOrTrx, item: FileRow): Promise<void>;
  /** The live locks of these files, by file id (empty while locking is off). */
  locksOf(db: DbOrTrx, fileIds: number[]): Promise<Map<number, FileLockInfo>>;
}

/**
 * What other modules ask of file locks (files, transfers, uploads): built on the lock table and
 * the settings alone, so that the files service can use it without depending on the lock service.
 */
export function createLockGuard({
  db,
  settings,
  now,
}: {
  db: Db;
  settings: SettingsService;
  now: () => number;
}) {
  async function enabledFor(companyId: number): Promise<boolean> {
    const s = await settings.get(companyId);
    return s.ALLOW_FILE_LOCK && s.allow_file_lock;
  }

  return {
    enabledFor,

    async forActor(actor: Actor): Promise<LockCheck> {
      const enabled = await enabledFor(actor.companyId);
      return {
        enabled,
        async assertFree(conn, item) {
          if (!enabled) return;
          const row = item.is_folder
            ? await findLockBelow(conn, item, actor.userId, now())
            : await findLock(conn, item.id, now());
          if (row && row.user_id !== actor.userId) throw lockedBy(row);
        },
        async locksOf(conn, fileIds) {
          if (!enabled) return new Map();
          const rows = await findLocks(conn, fileIds, now());
          return new Map(rows.map((row) => [row.file_id, lockInfo(row)]));
        },
      };
    },

    /** The live lock of one file, whatever the settings (the lock calls themselves). */
    find: (fileId: number) => findLock(db, fileId, now()),
  };
}

export type LockGuard = ReturnType<typeof createLockGuard>;
