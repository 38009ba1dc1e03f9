import type { DeptBrief } from '@cirrus/shared';
import { describe, expect, test } from 'vitest';
import { buildDeptTree } from './dept-tree';

const dept = (id: number, parentid: number | null, name = `D${id}`): DeptBrief => ({
  id,
  parentid,
  name,
  type: 2,
  display_name: name,
  display_path_name: name,
  path_name: name,
  company_id: 1,
  member_count: id,
});

describe('buildDeptTree', () => {
  test('nests by parentid, keeping the order given', () => {
    const tree = buildDeptTree([dept(1, null), dept(2, 1), dept(3, 1), dept(4, 2)]);
    expect(tree.map((n) => n.key)).toEqual([1]);
    expect(tree[0].children.map((n) => n.key)).toEqual([2, 3]);
    expect(tree[0].children[0].children.map((n) => n.key)).toEqual([4]);
  });

  test('an orphan becomes a root', () => {
    expect(buildDeptTree([dept(5, 99), dept(6, null)]).map((n) => n.key)).toEqual([5, 6]);
  });
});
