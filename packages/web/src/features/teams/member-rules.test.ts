import { TEAM_TYPE, type TeamMember, type TeamRole } from '@cirrus/shared';
import { describe, expect, test } from 'vitest';
import { rowActions } from './member-rules';

const user = (id: number, role: TeamRole, viaDept = false): TeamMember => ({
  type: 1,
  id,
  team_role: role,
  joined_at: 0,
  ...(viaDept ? { via_dept: { id: 9, name: 'Ops' } } : {}),
});

describe('rowActions', () => {
  test.each([
    // actor, target, team type, roles offered, transfer, remove
    [1, 2, TEAM_TYPE.company, [3, 4], true, true],
    [1, 3, TEAM_TYPE.general, [2], true, true],
    [1, 4, TEAM_TYPE.company, [2, 3], true, true],
    [2, 3, TEAM_TYPE.company, [4], false, true],
    [2, 3, TEAM_TYPE.general, [], false, true],
    [2, 2, TEAM_TYPE.general, [], false, false],
    [2, 1, TEAM_TYPE.general, [], false, false],
    [3, 4, TEAM_TYPE.company, [], false, false],
  ] as const)(
    '%i on %i in type %i: roles %j, transfer %s, remove %s',
    (actor, target, type, roles, transfer, remove) => {
      const actions = rowActions(actor, user(2, target), type, 1);
      expect(actions.roles).toEqual(roles);
      expect(actions.transfer).toBe(transfer);
      expect(actions.remove).toBe(remove);
      expect(actions.checkbox).toBe(remove);
    },
  );

  test('a department member stays a member and has no checkbox; ownership may still go to them', () => {
    const actions = rowActions(1, user(2, 3, true), TEAM_TYPE.company, 1);
    expect(actions).toMatchObject({ roles: [], remove: false, checkbox: false, transfer: true });
  });

  test('someone named whom a department brings as well keeps their roles but is not removed by name', () => {
    const named: TeamMember = { ...user(2, 2), in_dept: { id: 9, name: 'Ops' } };
    expect(rowActions(1, named, TEAM_TYPE.company, 1)).toMatchObject({
      roles: [3, 4],
      remove: false,
      checkbox: false,
      transfer: true,
    });
  });

  test('departments never get a checkbox; owner and admin take them out one at a time', () => {
    const dept: TeamMember = { type: 2, id: 5, team_role: 3, joined_at: 0 };
    expect(rowActions(2, dept, TEAM_TYPE.general, 1)).toMatchObject({ checkbox: false, removeDept: true });
    expect(rowActions(3, dept, TEAM_TYPE.general, 1).removeDept).toBe(false);
    // a company team's own department stays
    expect(rowActions(1, dept, TEAM_TYPE.company, 1, 5).removeDept).toBe(false);
  });

  test('nothing on one’s own row', () => {
    expect(rowActions(1, user(1, 1), TEAM_TYPE.general, 1)).toMatchObject({
      roles: [],
      transfer: false,
      remove: false,
    });
  });
});
