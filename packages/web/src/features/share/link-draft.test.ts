import { DEFAULT_SETTINGS, FULL_MASK, maskOf } from '@cirrus/shared';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../api/http';
import { linksApi } from '../../api/links';
import { createBody, type DraftInput, linkDraft, linkPermissionOptionsOf, shareTargetOf } from './link-draft';
import { loadShareLink } from './queries';

const companyUser = { companyid: 7, vip_level: 0 };
const input = (over: Partial<DraftInput> = {}): DraftInput => ({
  settings: DEFAULT_SETTINGS,
  verified: false,
  user: companyUser,
  access: { user_acl: FULL_MASK, user_role: 'creator', file_src_type: 'private', folder: false },
  ...over,
});

describe('the panel of a file without a link', () => {
  test('a drive record tells whether it has a link and what the actor may do', () => {
    const record = {
      fileid: 5,
      fname: 'a.txt',
      ftype: 'file',
      link: null,
      user_acl: FULL_MASK,
      user_role: 'member',
      file_src_type: 'group' as const,
    };
    expect(shareTargetOf(record)).toEqual({
      fileid: 5,
      fname: 'a.txt',
      access: { user_acl: FULL_MASK, user_role: 'member', file_src_type: 'group', folder: false },
    });
    expect(shareTargetOf({ ...record, ftype: 'folder', link: { sid: 'AbCdEfGhIjKlMnOpQr' } })).toMatchObject({
      access: { folder: true },
    });
    // A shared-list item: a link, nothing known of the actor
    expect(shareTargetOf({ fileid: 5, fname: 'a.txt', link: { sid: 'AbCdEfGhIjKlMnOpQr' } })).toEqual({
      fileid: 5,
      fname: 'a.txt',
    });
    expect(shareTargetOf({ fileid: 5, fname: 'a.txt' })).toEqual({ fileid: 5, fname: 'a.txt' });
  });

  test('my drive, as a company user: the default range (company), download, all choices', () => {
    expect(linkDraft(input())).toEqual({
      editor: true,
      ranges: 'company',
      rangeOptions: ['anyone', 'company', 'group', 'user'],
      permission: 'download',
      permissionOptions: ['read', 'download', 'write'],
    });
  });

  test('a team space: no company range, so the narrowest useful one (group)', () => {
    const draft = linkDraft(
      input({ access: { user_acl: FULL_MASK, user_role: 'admin', file_src_type: 'group', folder: true } }),
    );
    expect(draft).toMatchObject({ editor: true, ranges: 'group', rangeOptions: ['anyone', 'group', 'user'] });
  });

  test('a plain member gets the defaults and chooses nothing; the create sends no settings', () => {
    const draft = linkDraft(
      input({ access: { user_acl: FULL_MASK, user_role: 'member', file_src_type: 'group', folder: false } }),
    );
    if (typeof draft === 'string') throw new Error(draft);
    expect(draft).toEqual({
      editor: false,
      ranges: 'group',
      rangeOptions: ['group'],
      permission: 'download',
      permissionOptions: ['download'],
    });
    expect(createBody(draft, { ranges: 'anyone', permission: 'write' })).toEqual({});
  });

  test("an editor's create sends the range and permission chosen", () => {
    const draft = linkDraft(input());
    if (typeof draft === 'string') throw new Error(draft);
    expect(createBody(draft, { ranges: 'anyone', permission: 'read' })).toEqual({
      ranges: 'anyone',
      permission: 'read',
    });
  });

  test('a personal account outside a company (vip 10): no company or group range', () => {
    const draft = linkDraft(input({ user: { companyid: 0, vip_level: 10 } }));
    expect(draft).toMatchObject({ ranges: 'user', rangeOptions: ['anyone', 'user'] });
  });

  test('without download the link is read-only; write needs update (a folder: upload)', () => {
    expect(linkPermissionOptionsOf(maskOf('read', 'share'), false)).toEqual(['read']);
    expect(linkPermissionOptionsOf(maskOf('read', 'download', 'share'), false)).toEqual(['read', 'download']);
    expect(linkPermissionOptionsOf(maskOf('read', 'download', 'update'), false)).toEqual([
      'read',
      'download',
      'write',
    ]);
    expect(linkPermissionOptionsOf(maskOf('read', 'download', 'update'), true)).toEqual(['read', 'download']);
    const draft = linkDraft(
      input({
        access: {
          user_acl: maskOf('read', 'share'),
          user_role: 'creator',
          file_src_type: 'private',
          folder: false,
        },
      }),
    );
    expect(draft).toMatchObject({ permission: 'read', permissionOptions: ['read'] });
  });

  test.each([
    [{ settings: { ...DEFAULT_SETTINGS, control_share: true } }, 'controlShare'],
    [{ settings: { ...DEFAULT_SETTINGS, allow_real_name: true } }, 'realName'],
    [
      {
        access: {
          user_acl: maskOf('read', 'download'),
          user_role: 'read_member',
          file_src_type: 'group' as const,
          folder: false,
        },
      },
      'noPermission',
    ],
    [
      {
        settings: { ...DEFAULT_SETTINGS, link_ranges: ['company' as const] },
        user: { companyid: 0, vip_level: 0 },
      },
      'noRange',
    ],
  ])('who may not create one is told why: %j -> %s', (over, reason) => {
    expect(linkDraft(input(over))).toBe(reason);
  });

  test('real-name verified: the draft is offered', () => {
    const draft = linkDraft(
      input({ settings: { ...DEFAULT_SETTINGS, allow_real_name: true }, verified: true }),
    );
    expect(typeof draft).toBe('object');
  });
});

describe('loading the link', () => {
  afterEach(() => vi.restoreAllMocks());

  test('"no link yet" (lightLinkNotExist) is an answer, not an error', async () => {
    vi.spyOn(linksApi, 'get').mockRejectedValue(new ApiError(404, { result: 'lightLinkNotExist' }));
    await expect(loadShareLink(5)).resolves.toBeNull();
  });

  test('other failures stay errors', async () => {
    const failure = new ApiError(403, { result: 'permissionDenied' });
    vi.spyOn(linksApi, 'get').mockRejectedValue(failure);
    await expect(loadShareLink(5)).rejects.toBe(failure);
  });
});
