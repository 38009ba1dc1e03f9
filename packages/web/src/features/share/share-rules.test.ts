import type { AddMembersResult, LinkMember } from '@cirrus/shared';
import i18next from 'i18next';
import { describe, expect, test } from 'vitest';
import { en } from '../../i18n/en';
import { zhCN } from '../../i18n/zh-CN';
import { matchesMember } from './AssignUserDialog';
import { assignedText } from './MemberSummary';
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

describe('who a link names (the share panel, Shared by me)', () => {
  const i18n = i18next.createInstance();
  void i18n.init({
    resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  test.each([
    ['en', 1, 0, '1 person'],
    ['en', 3, 0, '3 people'],
    ['en', 0, 1, '1 department'],
    ['en', 2, 2, '2 people, 2 departments'],
    ['zh-CN', 3, 0, '3 人'],
    ['zh-CN', 3, 1, '3 人，1 个部门'],
  ] as const)('%s: users %i, departments %i read "%s"', (lng, users, depts, text) => {
    expect(assignedText(i18n.getFixedT(lng), users, depts)).toBe(text);
  });
});
