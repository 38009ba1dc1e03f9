import type { AddMembersResult, LinkMember } from '@cirrus/shared';
import { describe, expect, test } from 'vitest';
import { matchesMember } from './AssignUserDialog';
import { addResultMessage } from './ShareMembersDialog';
import { canShare } from './useShareActions';

const member = (name: string): LinkMember => ({
  id: 1,
  userid: 2,
  name,
  avatar: '',
  permission: 'read',
  status: 'active',
  type: 'user',
  extends: { email: '', phone: '' },
  editable: true,
});

describe('share rules of the web app', () => {
  test.each([
    [[{ user_acl: 4095, safeFile: false }], false, true],
    [[{ user_acl: 4095, safeFile: false }], true, false], // control_share hides it
    [[{ user_acl: 1, safeFile: false }], false, false], // no share bit
    [[{ user_acl: 4095, safeFile: true }], false, false], // a security document
    [
      [
        { user_acl: 4095, safeFile: false },
        { user_acl: 4095, safeFile: false },
      ],
      false,
      false,
    ], // one item at a time
  ])('canShare(%j, control_share %s) is %s', (files, controlShare, expected) => {
    expect(canShare(files, controlShare)).toBe(expected);
  });

  test.each([
    ['', true],
    ['  wang ', true],
    ['WANG', true],
    ['li', false],
  ])('member search %j on "Wang Fang" -> %s (trimmed substring, spec 002 §5)', (q, ok) => {
    expect(matchesMember(member('Wang Fang'), q)).toBe(ok);
  });

  const result = (r: Partial<AddMembersResult>): AddMembersResult => ({
    failList: [],
    members: [],
    invited: [],
    ...r,
  });
  test.each([
    [result({ invited: ['a@example.com'] }), true, 'An invitation has been sent to a@example.com.'],
    [result({ failList: [{ result: 'linkMemberExist', name: 'Ann' }] }), true, 'Shared with Ann.'],
    [result({ members: [member('Ben')] }), true, 'Shared with Ben.'],
    [result({ members: [member('Ben'), member('Cy')] }), true, 'Members added to the share.'],
    [result({ failList: [{ result: 'userNotExist', name: '9' }] }), false, 'The user does not exist.'],
  ])('an add answering %j says %s %s (spec 002 §8)', (r, ok, text) => {
    expect(addResultMessage(r, 'en')).toEqual({ ok, text });
  });
});
