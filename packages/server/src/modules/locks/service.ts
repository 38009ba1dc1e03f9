import { type FileLockAnswer, LOCK_CODES } from '@cirrus/shared';
import type { Db } from '../../db/index.ts';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import type { FileAccess, Located } from '../files/access.ts';
import { requirePermission } from '../files/policy.ts';
import { canManageSpace } from '../spaces/policy.ts';
import type { UploadService } from '../uploads/service.ts';
import { type LockGuard, lockInfo } from './guard.ts';
import * as repo from './repo.ts';

interface Deps {
  db: Db;
  access: FileAccess;
  guard: LockGuard;
  uploads: Pick<UploadService, 'writingElsewhere'>;
  /** Seconds a lock lasts unless refreshed (config FILE_LOCK_TTL). */
  ttlSeconds: number;
  now: () => number;
}

/**
 * The editing lock of a file (spec 001 §3, §4, §7 "File lock", §8 "Lock codes"): acquire (POST),
 * check (GET) and release (DELETE) .../filelock. The answers are 200 with a lock code:
 *   POST   20000004 the lock is the actor's (taken or refreshed: the holder refreshes by acquiring
 *          again); 20000001 someone else holds it (filelock names them); 20000003 the document is
 *          being written by someone else right now (an upload of a new version is under way).
 *   GET    20000000 no lock; 20000004 the lock info.
 *   DELETE 20000002 released; 20000000 there was no lock.
 * Refusals are errors: 40300008 no_filelock_permission while locking is off, 40300001
 * permissionDenied without the update permission, 403 unlock_failed_permission when someone other
 * than the holder, the space's owner or a team admin releases a lock, 401 without a session.
 */
export function createLockService({ db, access, guard, uploads, ttlSeconds, now }: Deps) {
  async function locate(actor: Actor, volumeId: number, fileId: number): Promise<Located> {
    const located = await access.requireFile(actor, fileId, { groupId: volumeId });
    requirePermission(located.mask, 'read');
    if (located.file.is_folder) throw new DomainError('badRequest');
    return located;
  }

  async function answer(code: FileLockAnswer['code'], fileId: number): Promise<FileLockAnswer> {
    const row = await guard.find(fileId);
    return { code, filelock: row ? lockInfo(row) : null };
  }

  return {
    async acquire(actor: Actor, volumeId: number, fileId: number): Promise<FileLockAnswer> {
      const { file, mask } = await locate(actor, volumeId, fileId);
      if (!(await guard.enabledFor(actor.companyId))) throw new DomainError('no_filelock_permission');
      // Locking is for editing: it takes the right to change the file.
      requirePermission(mask, 'update');
      const current = await guard.find(file.id);
      if (current && current.user_id !== actor.userId) return answer(LOCK_CODES.locked, file.id);
      if (!current && (await uploads.writingElsewhere(actor, file, now() - ttlSeconds)))
        return { code: LOCK_CODES.editing, filelock: null };
      const t = now();
      await repo.acquire(db, {
        file_id: file.id,
        user_id: actor.userId,
        locked_at: t,
        expires_at: t + ttlSeconds,
      });
      const held = await guard.find(file.id);
      if (held?.user_id === actor.userId) return { code: LOCK_CODES.lockInfo, filelock: lockInfo(held) };
      // Someone else took it between our read and our write.
      return held ? answer(LOCK_CODES.locked, file.id) : { code: LOCK_CODES.editing, filelock: null };
    },

    async check(actor: Actor, volumeId: number, fileId: number): Promise<FileLockAnswer> {
      const { file } = await locate(actor, volumeId, fileId);
      const row = (await guard.enabledFor(actor.companyId)) ? await guard.find(file.id) : undefined;
      return row
        ? { code: LOCK_CODES.lockInfo, filelock: lockInfo(row) }
        : { code: LOCK_CODES.noLock, filelock: null };
    },

    async release(actor: Actor, volumeId: number, fileId: number): Promise<FileLockAnswer> {
      const { ctx, file } = await locate(actor, volumeId, fileId);
      const row = await guard.find(file.id);
      if (!row) return { code: LOCK_CODES.noLock, filelock: null };
      // The holder, and whoever manages the space: a personal space's owner, a team's owner and admins.
      if (row.user_id !== actor.userId && !canManageSpace(ctx.role))
        throw new DomainError('unlock_failed_permission');
      await repo.release(db, file.id);
      return { code: LOCK_CODES.unlocked, filelock: null };
    },
  };
}

export type LockService = ReturnType<typeof createLockService>;
