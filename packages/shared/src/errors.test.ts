import { describe, expect, test } from 'vitest';
import {
  ERRORS,
  type ErrorDef,
  type ErrorKey,
  errorByCode,
  errorKeyOf,
  errorText,
  formatMessage,
  isSessionExpired,
  LOCK_CODES,
  lookupErrorMessage,
  PREVIEW_ERROR_KEYS,
  previewErrorKey,
} from './errors.ts';
import { MESSAGES, messageText } from './messages.ts';

const entries = Object.entries(ERRORS) as [ErrorKey, ErrorDef][];

describe('the catalogue', () => {
  // Every key named in section 8 of the three specs (and the brief's generic ones).
  // biome-ignore format: a compact table of keys
  const specKeys: ErrorKey[] = [
    // spec 000 §8
    'PasswordWeak', 'wrongPassword', 'error_file_tips', 'error_tips', 'noName', 'illegalTeam',
    'groupLengthTooShort', 'groupLengthTooLong', 'noticeLengthTooLong', 'confirmPassword', 'email_err',
    'tel_phone_err', 'noPermissions', 'setFailed', 'cant_remove_member', 'groupNumLimit',
    'illegalGroupName', 'GroupMemberExists', 'GroupMemberLimit', 'groupNotExist', 'teamLinkNotExist',
    'notGroupMember', 'notCompanyMember', 'permissionDenied', 'onlyOwnerOrManagerCanUpdateGroupInfo',
    'userNotLogin', 'InvalidAccount', 'InvalidPhone', 'PhoneAlreadyInUsed', 'InvalidEmail',
    'EmailAlreadyInUsed', 'InvalidBindCode', 'InvalidToken', 'InvalidNickname', 'SMSLimitReached',
    'apiRateLimitExceede', 'historyLimitInvalid', 'groupMemberNotFound',
    // spec 001 §8
    'no_filelock_permission', 'document_editing', 'document_editing2', 'unlock_failed_permission',
    'unlock_failed', 'fileNameLengthExceed', 'fileNameConflict', 'fileNotExists', 'illegalFname',
    'illegalDotFname', 'fileNameEmpty', 'moveFilePermission', 'moveFilesFail', 'linkClosed',
    'lightLinkExist', 'lightLinkNotExist', 'linkDownloadLimits', 'linkUpdateConcurrency',
    'volume_not_found', 'security_group_forbidden', 'security_group_forbidden_tmp', 'yqxForbid',
    'forbidden', 'bad_request', 'not_found', 'conflict', 'invalid_argument', 'file_not_found',
    'file_name_already_exists', 'no_upload_permission', 'no_update_permission',
    'no_download_permission', 'convertFileTooLarge', 'SpaceFull', 'MySpaceFull', 'userSpaceFull',
    'groupSpaceFull', 'userDeptSpaceFull', 'groupDeptSpaceFull', 'totalDocSpaceFull', 'commonSpaceFull',
    'QuotaLimitReached', 'userQuotaLimitReached', 'groupQuotaLimitReached', 'serverBusy', 'emptyFolder',
    'partialDownloadFail', 'nonsupportedBatchDownload', 'connectClientFailed', 'timeout', 'illegalFile',
    'accessDeny', 'unsupport', 'noSecdocAuth', 'convertTimeout', 'convertFail', 'fileTooLarge',
    'invalidFile', 'passwdEncrypted', 'viewCountLimit', 'forbidLink', 'linkViolation', 'urlTooLong',
    // spec 002 §8
    'linkMemberExist', 'userNotExist', 'linkExpiryWarning', 'maxDownloadTimes', 'addShareFailed',
    'logoutFailed', 'enterEmailOrPhone', 'enterValidEmailOrPhone',
    // generic
    'badRequest', 'notFound', 'serverException', 'serverAccess', 'csrfInvalid', 'sessionExpired',
    'authFailed',
  ];
  test.each(specKeys)('%s is in the catalogue', (key) => {
    expect(ERRORS[key]).toBeDefined();
  });

  test.each(entries)('%s has a status and texts in both languages', (_key, def) => {
    expect([0, 400, 401, 403, 404, 409, 410, 412, 413, 415, 422, 423, 429, 500, 503, 504]).toContain(
      def.status,
    );
    expect(def.zh.trim()).not.toBe('');
    expect(def.en.trim()).not.toBe('');
    // Both texts use the same placeholders, so one set of params fills either.
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(placeholders(def.zh)).toEqual(placeholders(def.en));
  });

  test.each([
    ['fileNotExists', 404, 40010003],
    ['volume_not_found', 404, 40010002],
    ['groupMemberNotFound', 404, 40010004],
    ['InvalidEmail', 400, 40008000],
    ['historyLimitInvalid', 400, 40000003],
    ['permissionDenied', 403, 40300001],
    ['no_filelock_permission', 403, 40300008],
    ['noPermissions', 403, 403e5],
    ['setFailed', 400, 40000600],
    ['cant_remove_member', 403, 50000002],
    ['userNotLogin', 401, 40100100],
    ['sessionExpired', 401, 40002600],
    ['authFailed', 401, 40100001],
    ['convertFileTooLarge', 413, 5007],
    ['logoutFailed', 0, 4103],
    ['badRequest', 400, undefined],
    ['apiRateLimitExceede', 429, undefined],
    ['csrfInvalid', 403, undefined],
    ['fileTooLarge', 413, undefined],
    ['serverException', 500, undefined],
    ['serverAccess', 0, undefined],
  ] as const)('%s: status %i, code %s', (key, status, code) => {
    const def: ErrorDef = ERRORS[key];
    expect(def.status).toBe(status);
    expect(def.code).toBe(code);
  });

  test('numeric codes are unique, except a graph code sharing its /api twin', () => {
    const twins = new Set(['file_not_found']);
    const codes = entries
      .filter(([key, def]) => def.code !== undefined && !twins.has(key))
      .map(([, d]) => d.code);
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe('errorByCode', () => {
  test.each([
    [40010003, 'fileNotExists'], // the /api key wins over the graph twin file_not_found
    [40010002, 'volume_not_found'],
    [40300000, 'noPermissions'],
    [40100100, 'userNotLogin'],
    [12345, undefined],
  ])('%i -> %s', (code, expected) => {
    expect(errorByCode(code)).toBe(expected);
  });
});

describe('formatMessage', () => {
  test.each([
    ['{nick} is editing', { nick: 'Li' }, 'Li is editing'],
    ['{a} and {a}', { a: 1 }, '1 and 1'],
    ['from 0 to {max}', { max: 20 }, 'from 0 to 20'],
    ['missing {x}', {}, 'missing {x}'], // left visible rather than silently dropped
    ['no params', undefined, 'no params'],
    ['{toString}', {}, '{toString}'], // only own properties count
  ])('%j with %j -> %j', (text, params, expected) => {
    expect(formatMessage(text, params)).toBe(expected);
  });
});

describe('lookupErrorMessage (spec 000/001/002 §8)', () => {
  test.each([
    [
      'result maps to a message',
      { status: 404, body: { result: 'fileNotExists', msg: 'x' } },
      'zh-CN',
      '文件不存在',
    ],
    [
      'result in English',
      { status: 404, body: { result: 'fileNotExists' } },
      'en',
      'The file does not exist.',
    ],
    [
      'code maps when result is unknown',
      { status: 403, body: { result: 'weird', code: 40300001 } },
      'en',
      ERRORS.permissionDenied.en,
    ],
    ['code as the 403e5 string', { status: 403, body: { code: '403e5' } }, 'zh-CN', ERRORS.noPermissions.zh],
    ['numeric result', { status: 404, body: { result: 40010002 } }, 'en', 'The space does not exist.'],
    [
      'graph code',
      { status: 409, body: { result: 'file_name_already_exists' } },
      'en',
      ERRORS.file_name_already_exists.en,
    ],
    [
      'else the body msg',
      { status: 400, body: { result: 'unknownKey', msg: 'Custom text' } },
      'zh-CN',
      'Custom text',
    ],
    [
      'else server exception',
      { status: 500, body: { result: 'unknownKey' } },
      'en',
      ERRORS.serverException.en,
    ],
    ['blank msg falls through', { status: 500, body: { msg: '  ' } }, 'zh-CN', ERRORS.serverException.zh],
    ['no body', { status: 502 }, 'en', ERRORS.serverException.en],
    ['text body', { status: 502, body: '<html>bad gateway</html>' }, 'en', ERRORS.serverException.en],
    ['no status: network failure', {}, 'zh-CN', ERRORS.serverAccess.zh],
    [
      'status 0: network failure',
      { status: 0, body: { result: 'fileNotExists' } },
      'en',
      ERRORS.serverAccess.en,
    ],
    [
      'debug global_hisotry_limit fills {max}',
      {
        status: 400,
        body: { result: 'historyLimitInvalid', code: 40000003, debug: { global_hisotry_limit: 30 } },
      },
      'en',
      'Invalid number of history versions. Enter a whole number from 0 to 30.',
    ],
    [
      'debug values fill placeholders',
      { status: 423, body: { result: 'document_editing', debug: { nick: '王五' } } },
      'zh-CN',
      '王五 正在编辑此文档',
    ],
    [
      'params fill placeholders',
      { status: 409, body: { result: 'linkMemberExist', params: { name: 'Ann' } } },
      'en',
      'Ann is already a member of this share.',
    ],
    [
      "a refused setting's reason in Chinese",
      { status: 400, body: { result: 'settingInvalid', debug: { reason: 'must be at least 1' } } },
      'zh-CN',
      '设置值无效：不能小于 1',
    ],
    [
      "a refused setting's reason in English",
      { status: 400, body: { result: 'settingInvalid', debug: { reason: 'must be a whole number' } } },
      'en',
      'This value cannot be used: must be a whole number.',
    ],
  ] as const)('%s', (_label, input, lang, expected) => {
    expect(lookupErrorMessage(input, lang)).toBe(expected);
  });

  test("a general result's precise reason is the message (an upload's refused name)", () => {
    const body = { result: 'invalid_argument', debug: { reason: 'illegalDotFname' } };
    expect(errorKeyOf(body)).toBe('illegalDotFname');
    expect(lookupErrorMessage({ status: 400, body }, 'en')).toBe(errorText('illegalDotFname', 'en'));
    // A reason that is no key leaves the result as it is.
    expect(errorKeyOf({ result: 'importInvalid', debug: { reason: 'the file is empty' } })).toBe(
      'importInvalid',
    );
  });

  test('errorKeyOf ignores non-objects', () => {
    expect(errorKeyOf(null)).toBeUndefined();
    expect(errorKeyOf('fileNotExists')).toBeUndefined();
    expect(errorKeyOf({ result: 'hasOwnProperty' })).toBeUndefined();
  });

  test('errorText formats', () => {
    expect(errorText('maxSelectItems', 'en', { max: 3 })).toBe('You can select up to 3 items.');
  });
});

describe('isSessionExpired', () => {
  test.each([
    [{ code: 40100100 }, true],
    [{ code: 40002600 }, true],
    [{ code: '40002600' }, true],
    [{ result: 'userNotLogin' }, true],
    [{ result: 'sessionExpired', code: 40002600 }, true],
    [{ code: 40100001 }, false], // lock calls recheck the session instead
    [{ result: 'permissionDenied', code: 40300001 }, false],
    [undefined, false],
    ['userNotLogin', false],
  ])('%j -> %s', (body, expected) => {
    expect(isSessionExpired(body)).toBe(expected);
  });
});

describe('LOCK_CODES', () => {
  test('match spec 001 §8', () => {
    expect(LOCK_CODES).toEqual({
      noLock: 20000000,
      locked: 20000001,
      unlocked: 20000002,
      editing: 20000003,
      lockInfo: 20000004,
    });
  });
});

describe('previewErrorKey', () => {
  test.each([
    [{ status: 404, body: { result: 'lightLinkNotExist' } }, 'fileNotExists'],
    [{ status: 404, body: { result: 'groupNotExist' } }, 'fileNotExists'],
    [{ status: 404, body: { result: 'fileNotExists' } }, 'fileNotExists'],
    [{ status: 404 }, 'fileNotExists'],
    [{ status: 410, body: { result: 'linkClosed' } }, 'linkClosed'],
    [{ status: 422, body: { result: 'passwdEncrypted' } }, 'passwdEncrypted'],
    [{ status: 401, body: { code: 40002600 } }, 'userNotLogin'],
    [{ status: 403, body: { result: 'somethingElse' } }, 'permissionDenied'],
    [{ status: 413 }, 'fileTooLarge'],
    [{}, 'timeout'],
    [{ status: 500 }, undefined],
  ] as const)('%j -> %s', (input, expected) => {
    expect(previewErrorKey(input)).toBe(expected);
  });

  test('every preview page key is in the catalogue', () => {
    for (const key of PREVIEW_ERROR_KEYS) expect(ERRORS[key]).toBeDefined();
  });
});

describe('MESSAGES', () => {
  test.each(Object.entries(MESSAGES))('%s has both texts', (_key, def) => {
    expect(def.zh.trim()).not.toBe('');
    expect(def.en.trim()).not.toBe('');
  });

  test('messageText formats', () => {
    expect(messageText('unregisterInviteSuccess', 'en', { email: 'a@b.cn' })).toBe(
      'An invitation has been sent to a@b.cn.',
    );
    expect(messageText('addShareSuccess', 'zh-CN', { name: '李四' })).toBe('已与 李四 共享');
  });
});
