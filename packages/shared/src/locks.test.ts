import { describe, expect, test } from 'vitest';
import { type FileLockInfo, type LockOperation, type LockOutcome, lockOutcome } from './locks.ts';

const SELF = 7;
const lock = (userid: number): FileLockInfo => ({
  userid,
  nick_name: userid === SELF ? 'Me' : 'Li Lei',
  locked_at: 1,
  expires_at: 2,
});

// spec 001 §8 "Lock codes": each answer and what the client shows.
describe('lockOutcome', () => {
  const cases: [string, LockOperation, number, unknown, LockOutcome['kind'], string?][] = [
    ['check: no lock', 'check', 200, { code: 20000000, filelock: null }, 'free'],
    ['check: lock info', 'check', 200, { code: 20000004, filelock: lock(9) }, 'locked'],
    ['lock: acquired', 'lock', 200, { code: 20000004, filelock: lock(SELF) }, 'locked'],
    ['lock: held by another', 'lock', 200, { code: 20000001, filelock: lock(9) }, 'held', 'document_editing'],
    [
      'lock: held by self',
      'lock',
      200,
      { code: 20000001, filelock: lock(SELF) },
      'held',
      'document_editing_self',
    ],
    ['lock: being edited', 'lock', 200, { code: 20000003, filelock: null }, 'editing', 'document_editing2'],
    ['unlock: released', 'unlock', 200, { code: 20000002, filelock: null }, 'released', 'unlockSuccess'],
    [
      'unlock: there was none',
      'unlock',
      200,
      { code: 20000000, filelock: null },
      'released',
      'unlockSuccess',
    ],
    [
      'lock: 40300001',
      'lock',
      403,
      { result: 'permissionDenied', code: 40300001 },
      'noPermission',
      'no_filelock_permission',
    ],
    [
      'lock: 40300008',
      'lock',
      403,
      { result: 'no_filelock_permission', code: 40300008 },
      'noPermission',
      'no_filelock_permission',
    ],
    ['unlock: 40300008', 'unlock', 403, { code: 40300008 }, 'noPermission', 'no_filelock_permission'],
    [
      'unlock: refused',
      'unlock',
      403,
      { result: 'unlock_failed_permission' },
      'unlockNoPermission',
      'unlock_failed_permission',
    ],
    [
      'unlock: other failure',
      'unlock',
      404,
      { result: 'fileNotExists', code: 40010003 },
      'unlockFailed',
      'unlock_failed',
    ],
    ['unlock: server error', 'unlock', 500, null, 'unlockFailed', 'unlock_failed'],
    ['unlock: 401', 'unlock', 401, { result: 'userNotLogin', code: 40100100 }, 'recheckSession'],
    ['lock: 401', 'lock', 401, { result: 'userNotLogin', code: 40100100 }, 'recheckSession'],
    ['lock: 40100001', 'lock', 401, { result: 'authFailed', code: 40100001 }, 'recheckSession'],
    ['check: 403 csrf', 'check', 403, { result: 'csrfInvalid' }, 'recheckSession'],
    ['lock: not found', 'lock', 404, { result: 'fileNotExists' }, 'failed'],
  ];
  test.each(cases)('%s', (_name, operation, status, body, kind, message) => {
    const outcome = lockOutcome(operation, { status, body }, SELF);
    expect(outcome.kind).toBe(kind);
    if (message) expect((outcome as { message?: string }).message).toBe(message);
  });

  test('the held notice names the holder', () => {
    expect(lockOutcome('lock', { status: 200, body: { code: 20000001, filelock: lock(9) } }, SELF)).toEqual({
      kind: 'held',
      message: 'document_editing',
      params: { nick: 'Li Lei' },
    });
  });
});
