import { SECDOC_PRINCIPAL, type SecdocRightView } from '@cirrus/shared';
import { describe, expect, test } from 'vitest';
import { addPerson, removeRight, rightsBody, rightsChanged, toggleOperation } from './rights-draft';

const team: SecdocRightView = {
  principalid: 5,
  principaltype: SECDOC_PRINCIPAL.team,
  operationids: [3, 4],
  name: 'Team',
};

describe('rights draft', () => {
  test('toggles one operation of one row, in order', () => {
    const on = toggleOperation([team], '3:5', 1, true);
    expect(on[0].operationids).toEqual([1, 3, 4]);
    expect(toggleOperation(on, '3:5', 4, false)[0].operationids).toEqual([1, 3]);
    expect(toggleOperation(on, '4:5', 4, false)).toEqual(on);
  });

  test('adds a person once, with operations 3 and 4, and removes them; the team row stays', () => {
    const added = addPerson([team], { id: 9, name: 'Ann' });
    expect(added[1]).toEqual({ principalid: 9, principaltype: 4, operationids: [3, 4], name: 'Ann' });
    expect(addPerson(added, { id: 9, name: 'Ann' })).toHaveLength(2);
    expect(removeRight(added, '4:9')).toEqual([team]);
    expect(removeRight(added, '3:5')).toHaveLength(2);
  });

  test('the body leaves names out; a change is seen', () => {
    expect(rightsBody([team])).toEqual([{ principalid: 5, principaltype: 3, operationids: [3, 4] }]);
    expect(rightsChanged([team], [team])).toBe(false);
    expect(rightsChanged([team], toggleOperation([team], '3:5', 3, false))).toBe(true);
  });
});
