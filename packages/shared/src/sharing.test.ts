import { describe, expect, test } from 'vitest';
import type { LinkRange } from './settings.ts';
import {
  displayedLinkPermission,
  editorRangeOptions,
  effectiveLinkStatus,
  initialLinkRange,
  isChkcodeShape,
  isDownloadCountEditable,
  isFolderFtype,
  isLinkClosed,
  isLinkEditor,
  isLinkRestricted,
  isSid,
  type LinkPermission,
  type LinkRangeContext,
  linkPermissionAllows,
  minLinkPermission,
  plainFtype,
  rangeOptionsFor,
  sharePermissionOptions,
} from './sharing.ts';

describe('link permissions (spec 002 §6)', () => {
  test.each([
    ['read', 'read', true],
    ['read', 'download', false],
    ['download', 'read', true],
    ['download', 'download', true],
    ['download', 'write', false],
    ['write', 'download', true],
    ['write', 'write', true],
  ] as [LinkPermission, LinkPermission, boolean][])('%s allows %s -> %s', (permission, action, ok) => {
    expect(linkPermissionAllows(permission, action)).toBe(ok);
  });

  test.each([
    ['write', true, ['read', 'download', 'write']],
    ['write', false, ['read', 'download']], // the ceiling for non-editors
    ['download', true, ['read', 'download']], // never above the link's own permission
    ['read', true, ['read']],
  ] as [LinkPermission, boolean, LinkPermission[]][])(
    'options under %s (editor %s) -> %j',
    (p, editor, expected) => {
      expect(sharePermissionOptions(p, editor)).toEqual(expected);
    },
  );

  test.each([
    ['download', true, 'read'],
    ['download', false, 'download'],
    ['write', true, 'write'],
  ] as [LinkPermission, boolean, LinkPermission][])('%s on a co-doc %s shows %s', (p, coDoc, expected) => {
    expect(displayedLinkPermission(p, coDoc)).toBe(expected);
  });

  test.each([
    ['read', false, false],
    ['download', false, true],
    ['write', false, true],
    ['write', true, false],
  ] as [LinkPermission, boolean, boolean][])(
    'download count with %s (co-doc %s) editable -> %s',
    (p, coDoc, ok) => {
      expect(isDownloadCountEditable(p, coDoc)).toBe(ok);
    },
  );
});

describe('link roles and state', () => {
  test.each([
    ['creator', true],
    ['manager', true],
    ['admin', true],
    ['member', false],
    ['read_member', false],
  ] as const)('isLinkEditor(%s) -> %s', (role, ok) => {
    expect(isLinkEditor(role)).toBe(ok);
  });

  test.each([
    ['open', false],
    ['expired', false],
    ['closed', true],
    ['close', true],
  ] as const)('isLinkClosed(%s) -> %s', (status, closed) => {
    expect(isLinkClosed(status)).toBe(closed);
  });

  test.each([
    [{ vip_level: 10, company: null }, true],
    [{ vip_level: 10 }, true],
    [{ vip_level: 10, company: { companyid: 1 } }, false],
    [{ vip_level: 1, company: null }, false],
  ])('isLinkRestricted(%j) -> %s', (creator, restricted) => {
    expect(isLinkRestricted(creator)).toBe(restricted);
  });
});

const ALL: LinkRange[] = ['anyone', 'company', 'group', 'user'];
const context = (over: Partial<LinkRangeContext>): LinkRangeContext => ({
  allowed: ALL,
  defaultRange: 'company',
  allowShareUser: true,
  spaceType: 'special',
  companySpace: true,
  restricted: false,
  ...over,
});

describe('link ranges (spec 002 §6)', () => {
  test.each([
    ['own drive of a company user', context({}), ['anyone', 'company', 'group', 'user']],
    ['uploads of a company user', context({ spaceType: 'tmp' }), ['anyone', 'company', 'group', 'user']],
    ['a team space: no company range', context({ spaceType: 'team' }), ['anyone', 'group', 'user']],
    ['a general user: no company, no group', context({ companySpace: false }), ['anyone', 'user']],
    [
      'vip 10 creator without a company: no group',
      context({ spaceType: 'team', restricted: true }),
      ['anyone', 'user'],
    ],
    [
      'anyone not allowed by config',
      context({ allowed: ['company', 'group', 'user'] }),
      ['company', 'group', 'user'],
    ],
    ['user sharing not allowed', context({ allowShareUser: false }), ['anyone', 'company', 'group']],
  ] as [string, LinkRangeContext, LinkRange[]][])('%s -> %j', (_, c, expected) => {
    expect(editorRangeOptions(c)).toEqual(expected);
  });

  test.each([
    [context({}), 'company'],
    [context({ spaceType: 'team' }), 'group'], // the default is not offered: the narrowest useful one
    [context({ companySpace: false }), 'user'],
    [context({ companySpace: false, allowShareUser: false }), 'anyone'],
    [context({ allowed: [] }), undefined],
  ] as [LinkRangeContext, LinkRange | undefined][])('a new link in %j gets %s', (c, expected) => {
    expect(initialLinkRange(c)).toBe(expected);
  });

  test.each([
    [{ isEditor: true, isMember: true, current: 'user' }, ['anyone', 'company', 'group', 'user']],
    [{ isEditor: false, isMember: false, current: 'anyone' }, ['anyone']],
    [{ isEditor: false, isMember: true, current: 'anyone' }, ['anyone', 'company', 'user']],
  ] as [Parameters<typeof rangeOptionsFor>[1], LinkRange[]][])(
    'the panel shows %j -> %j',
    (viewer, expected) => {
      expect(rangeOptionsFor(context({}), viewer)).toEqual(expected);
    },
  );
});

describe('link states, ids and types', () => {
  test.each([
    [{ status: 'open', expire_time: 0 }, 'open'],
    [{ status: 'open', expire_time: 1001 }, 'open'],
    [{ status: 'open', expire_time: 1000 }, 'expired'],
    [{ status: 'close', expire_time: 0 }, 'close'],
  ])('%j at 1000 is %s', (link, expected) => {
    expect(effectiveLinkStatus(link, 1000)).toBe(expected);
  });

  test.each([
    ['AbCdEfGhIjKlMnOpQrStUv', true],
    ['1234567890123456789012', false], // digits only: a file id
    ['short1A', false],
    ['has space in it abcdefgh', false],
  ])('isSid(%j) is %s', (value, expected) => {
    expect(isSid(value)).toBe(expected);
  });

  test.each([
    ['k7m2', true],
    [' K7M2 ', true],
    ['k7m', false],
    ['k0m2', false], // 0 is not in the alphabet
  ])('isChkcodeShape(%j) is %s', (value, expected) => {
    expect(isChkcodeShape(value)).toBe(expected);
  });

  test('ceilings and types', () => {
    expect(minLinkPermission('write', 'download')).toBe('download');
    expect(minLinkPermission('read', 'write')).toBe('read');
    expect(plainFtype('sharefolder')).toBe('folder');
    expect(plainFtype('sharefile')).toBe('file');
    expect(isFolderFtype('sharefolder')).toBe(true);
    expect(isFolderFtype('file')).toBe(false);
  });
});
