import type { DeptBrief } from '@cirrus/shared';

export interface DeptNode {
  key: number;
  title: string;
  count: number;
  children: DeptNode[];
}

/**
 * The department tree from the flat list of GET /v1/companies/self/depts (parentid links it). A
 * department whose parent is not in the list (disabled, or another branch) becomes a root.
 */
export function buildDeptTree(depts: readonly DeptBrief[]): DeptNode[] {
  const nodes = new Map<number, DeptNode>();
  for (const d of depts) nodes.set(d.id, { key: d.id, title: d.name, count: d.member_count, children: [] });
  const roots: DeptNode[] = [];
  for (const d of depts) {
    const node = nodes.get(d.id) as DeptNode;
    const parent = d.parentid === null ? undefined : nodes.get(d.parentid);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
