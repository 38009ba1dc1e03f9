import { describe, expect, test } from 'vitest';
import {
  assignableRoles,
  canAddMembers,
  canAssignRole,
  canDeleteTeam,
  canEditAvatar,
  canEditHistoryLimit,
  canEditNotice,
  canEditTeamName,
  canExitTeam,
  canRemoveMember,
  canSeeTeamBin,
  canSeeTeamSettings,
  canToggleAutoConvert,
  canTransfer,
  canUseRemovalFooter,
  isAdminForAnalytics,
  isTeamRole,
  roleNameToNumber,
  roleNumberToName,
  TEAM_ROLE,
  TEAM_TYPE,
  type TeamRole,
  type TeamType,
  teamRoleFromUserRole,
  type UserRole,
  userRoleFromTeamRole,
  userRoleRank,
} from './roles.ts';

const { owner, admin, member, read_member } = TEAM_ROLE;
const { chat, company, general } = TEAM_TYPE;

describe('scheme mappings', () => {
  test.each([
    ['owner', 1],
    ['creator', 1],
    ['admin', 2],
    ['manager', 2],
    ['member', 3],
    ['read_member', 4],
  ] as const)('roleNameToNumber(%s) = %i', (name, number) => {
    expect(roleNameToNumber(name)).toBe(number);
  });

  test.each([
    [1, 'owner', 'creator'],
    [2, 'admin', 'admin'],
    [3, 'member', 'member'],
    [4, 'read_member', 'read_member'],
  ] as const)('%i is %s (Scheme B) and %s (Scheme A)', (number, name, userRole) => {
    expect(roleNumberToName(number)).toBe(name);
    expect(userRoleFromTeamRole(number)).toBe(userRole);
    expect(teamRoleFromUserRole(userRole)).toBe(number);
  });

  test.each([
    ['creator', 0],
    ['manager', 1],
    ['admin', 1],
    ['member', 2],
    ['read_member', 3],
  ] as const)('userRoleRank(%s) = %i', (role, rank) => {
    expect(userRoleRank(role)).toBe(rank);
  });

  test.each([
    [1, true],
    [4, true],
    [0, false],
    [5, false],
    ['1', false],
  ])('isTeamRole(%j) = %s', (value, expected) => {
    expect(isTeamRole(value)).toBe(expected);
  });
});

describe('assignableRoles (spec 000 §4)', () => {
  test.each([
    // owner sets admin, member, read_member (read_member only in company teams)
    [owner, admin, company, {}, [admin, member, read_member]],
    [owner, member, company, {}, [admin, member, read_member]],
    [owner, read_member, company, {}, [admin, member, read_member]],
    [owner, member, general, {}, [admin, member]],
    [owner, member, chat, {}, [admin, member]],
    // admin sets member and read_member, only on members below them
    [admin, member, company, {}, [member, read_member]],
    [admin, read_member, company, {}, [member, read_member]],
    [admin, member, general, {}, [member]],
    [admin, admin, company, {}, []],
    [admin, owner, company, {}, []],
    // members and observers assign nothing
    [member, read_member, company, {}, []],
    [read_member, read_member, company, {}, []],
    // owner cannot change the owner row
    [owner, owner, company, {}, []],
    // departments never change; department members only member
    [owner, member, company, { targetIsDept: true }, []],
    [owner, member, company, { targetIsDeptMember: true }, [member]],
    [admin, read_member, company, { targetIsDeptMember: true }, [member]],
  ] as [TeamRole, TeamRole, TeamType, object, TeamRole[]][])(
    'actor %i on target %i in team type %i %j -> %j',
    (actor, target, teamType, extra, expected) => {
      expect(assignableRoles(actor, target, { teamType, ...extra })).toEqual(expected);
    },
  );

  test.each([
    [owner, member, owner, true], // transfer
    [owner, member, admin, true],
    [admin, member, owner, false],
    [admin, member, admin, false], // not a role as privileged as one's own
    [admin, member, read_member, true],
  ] as [TeamRole, TeamRole, TeamRole, boolean][])(
    'canAssignRole: %i sets %i to %i -> %s',
    (actor, target, role, ok) => {
      expect(canAssignRole(actor, target, role, { teamType: company })).toBe(ok);
    },
  );
});

describe('canRemoveMember (spec 000 §4)', () => {
  test.each([
    [owner, admin, false, true],
    [owner, member, false, true],
    [owner, read_member, false, true],
    [owner, owner, false, false],
    [admin, member, false, true],
    [admin, read_member, false, true],
    [admin, admin, false, false],
    [admin, owner, false, false],
    [member, read_member, false, false],
    [owner, member, true, false], // departments are never removable rows
  ] as [TeamRole, TeamRole, boolean, boolean][])(
    '%i removes %i (dept %s) -> %s',
    (actor, target, targetIsDept, ok) => {
      expect(canRemoveMember(actor, target, { targetIsDept })).toBe(ok);
    },
  );
});

describe('canTransfer', () => {
  test.each([
    [owner, admin, false, true],
    [owner, read_member, false, true],
    [owner, owner, false, false],
    [owner, member, true, false],
    [admin, member, false, false],
  ] as [TeamRole, TeamRole, boolean, boolean][])(
    '%i to %i (dept %s) -> %s',
    (actor, target, targetIsDept, ok) => {
      expect(canTransfer(actor, target, { targetIsDept })).toBe(ok);
    },
  );
});

describe('team settings (spec 000 §6)', () => {
  test.each([
    [owner, general, true],
    [admin, general, true],
    [member, general, false],
    [owner, company, false],
    [owner, chat, false],
  ] as [TeamRole, TeamType, boolean][])('canEditTeamName(%i, type %i) -> %s', (role, type, ok) => {
    expect(canEditTeamName(role, type)).toBe(ok);
  });

  test.each([
    [owner, true],
    [admin, true],
    [member, false],
    [read_member, false],
  ] as [TeamRole, boolean][])(
    'role %i edits notice, avatar, history limit, auto-convert -> %s',
    (role, ok) => {
      expect(canEditNotice(role)).toBe(ok);
      expect(canEditAvatar(role)).toBe(ok);
      expect(canEditHistoryLimit(role)).toBe(ok);
      expect(canToggleAutoConvert(role)).toBe(ok);
    },
  );

  test.each([
    [owner, general, false, true],
    [admin, general, false, true],
    [member, general, true, false],
    [owner, company, true, true],
    [owner, company, false, false], // department teams forbid members by configuration
    [admin, chat, false, true],
  ] as [TeamRole, TeamType, boolean, boolean][])(
    'canAddMembers(%i, type %i, allowGroupDeptMember %s) -> %s',
    (role, type, allowGroupDeptMember, ok) => {
      expect(canAddMembers(role, type, { allowGroupDeptMember })).toBe(ok);
    },
  );

  test.each([
    [owner, chat, true],
    [owner, general, true],
    [owner, company, false],
    [admin, general, false],
  ] as [TeamRole, TeamType, boolean][])('canDeleteTeam(%i, type %i) -> %s', (role, type, ok) => {
    expect(canDeleteTeam(role, type)).toBe(ok);
  });

  test.each([
    [member, general, true],
    [admin, general, true],
    [read_member, company, true],
    [admin, company, true],
    [member, chat, true],
    [owner, general, false], // the owner deletes or transfers instead
    [owner, company, false],
  ] as [TeamRole, TeamType, boolean][])('canExitTeam(%i, type %i) -> %s', (role, type, ok) => {
    expect(canExitTeam(role, type)).toBe(ok);
  });

  test.each([
    [owner, chat, true],
    [member, chat, false],
    [member, general, true],
    [owner, company, true],
    [member, company, true],
  ] as [TeamRole, TeamType, boolean][])('canSeeTeamSettings(%i, type %i) -> %s', (role, type, ok) => {
    expect(canSeeTeamSettings(role, type)).toBe(ok);
  });

  test.each([
    [general, true],
    [company, false],
    [chat, false],
  ] as [TeamType, boolean][])('canUseRemovalFooter(type %i) -> %s', (type, ok) => {
    expect(canUseRemovalFooter(type)).toBe(ok);
  });
});

describe('team bin and analytics (spec 000 §6, spec 001 §2)', () => {
  test.each([
    ['creator', true],
    ['manager', true],
    ['admin', true],
    ['member', false],
    ['read_member', false],
  ] as [UserRole, boolean][])('%s -> %s', (role, ok) => {
    expect(canSeeTeamBin(role)).toBe(ok);
    expect(isAdminForAnalytics(role)).toBe(ok);
  });
});
