// File locking (spec 001 §3 "File lock", §4, §7 "File lock", §8 "Lock codes"): the answer of the
// editing-lock calls and what the client makes of it. The codes themselves are LOCK_CODES in errors.ts.

import {
  errorKeyOf,
  LOCK_CODES,
  LOCK_NO_PERMISSION_CODES,
  LOCK_RECHECK_SESSION_CODES,
  type MessageParams,
} from './errors.ts';

/**
 * A lock expires this long after it was taken or last refreshed (the holder refreshes it by
 * acquiring again). Not shown in the spec; ours: a working day, so a lock taken from the menu in
 * the morning does not block colleagues the next day. The server's FILE_LOCK_TTL overrides it.
 */
export const FILE_LOCK_TTL_SECONDS = 8 * 3600;

/** spec 001 §3: the holder of a file's lock (`filelock{userid}`), with what the notice needs. */
export interface FileLockInfo {
  userid: number;
  nick_name: string;
  /** Unix seconds. */
  locked_at: number;
  expires_at: number;
}

/** The body of every 200 answer of POST, GET and DELETE .../filelock. */
export interface FileLockAnswer {
  code: (typeof LOCK_CODES)[keyof typeof LOCK_CODES];
  filelock: FileLockInfo | null;
}

export type LockOperation = 'lock' | 'check' | 'unlock';

/**
 * What the client does with the answer of a lock call (spec 001 §8):
 * - `free`: no lock (20000000 on check); `locked`: the lock info (20000004: acquired, refreshed
 *   or checked);
 * - `held`: 20000001, toast document_editing with the holder's nick name, or document_editing_self;
 * - `editing`: 20000003, toast document_editing2;
 * - `released`: unlock answered 20000000 or 20000002, the success toast;
 * - `noPermission`: 40300001 or 40300008, no_filelock_permission;
 * - `unlockNoPermission`: an unlock refused with 403, unlock_failed_permission;
 * - `unlockFailed`: any other unlock failure, unlock_failed;
 * - `recheckSession`: 40100001, 401 or 403, the session is checked again;
 * - `failed`: anything else, shown by the generic error lookup.
 */
export type LockOutcome =
  | { kind: 'free' }
  | { kind: 'locked'; lock: FileLockInfo }
  | { kind: 'held'; message: 'document_editing' | 'document_editing_self'; params: MessageParams }
  | { kind: 'editing'; message: 'document_editing2' }
  | { kind: 'released'; message: 'unlockSuccess' }
  | { kind: 'noPermission'; message: 'no_filelock_permission' }
  | { kind: 'unlockNoPermission'; message: 'unlock_failed_permission' }
  | { kind: 'unlockFailed'; message: 'unlock_failed' }
  | { kind: 'recheckSession' }
  | { kind: 'failed' };

function numericCode(body: unknown): number | undefined {
  const code = (body as { code?: unknown } | null | undefined)?.code;
  if (typeof code === 'number') return code;
  if (typeof code === 'string' && code.trim() !== '' && Number.isFinite(Number(code))) return Number(code);
  return undefined;
}

/** Maps the answer of a lock call (HTTP status and body) to what the client shows. */
export function lockOutcome(
  operation: LockOperation,
  answer: { status: number; body: unknown },
  selfId: number,
): LockOutcome {
  const { status, body } = answer;
  const code = numericCode(body);
  if (status >= 200 && status < 300) {
    const lock = (body as Partial<FileLockAnswer> | undefined)?.filelock ?? null;
    if (operation === 'unlock' && (code === LOCK_CODES.noLock || code === LOCK_CODES.unlocked))
      return { kind: 'released', message: 'unlockSuccess' };
    if (code === LOCK_CODES.locked && lock) {
      return lock.userid === selfId
        ? { kind: 'held', message: 'document_editing_self', params: {} }
        : { kind: 'held', message: 'document_editing', params: { nick: lock.nick_name } };
    }
    if (code === LOCK_CODES.editing) return { kind: 'editing', message: 'document_editing2' };
    if (code === LOCK_CODES.lockInfo && lock) return { kind: 'locked', lock };
    if (code === LOCK_CODES.noLock) return { kind: 'free' };
    return { kind: 'failed' };
  }
  const key = errorKeyOf(body);
  if (code !== undefined && (LOCK_NO_PERMISSION_CODES as readonly number[]).includes(code))
    return { kind: 'noPermission', message: 'no_filelock_permission' };
  if (operation === 'unlock') {
    if (status === 403 && key !== 'csrfInvalid')
      return { kind: 'unlockNoPermission', message: 'unlock_failed_permission' };
    if (status === 401) return { kind: 'recheckSession' };
    return { kind: 'unlockFailed', message: 'unlock_failed' };
  }
  const recheck = LOCK_RECHECK_SESSION_CODES as readonly number[];
  if (recheck.includes(status) || (code !== undefined && recheck.includes(code)))
    return { kind: 'recheckSession' };
  return { kind: 'failed' };
}
