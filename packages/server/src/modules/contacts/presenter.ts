import type { DeptBrief, PersonBrief, SearchMember } from '@cirrus/shared';
import type { DeptRow, PersonRow } from './repo.ts';

export function presentPerson(row: PersonRow): PersonBrief {
  return {
    id: row.id,
    nick_name: row.nick_name,
    unique_name: row.unique_name,
    avatar: row.avatar,
    email: row.email ?? '',
    phone: row.phone ?? '',
    pinyin: row.pinyin,
  };
}

export function presentDept(row: DeptRow, memberCount: number): DeptBrief {
  return {
    id: row.id,
    name: row.name,
    type: 2,
    display_name: row.name,
    display_path_name: row.display_path_name,
    path_name: row.display_path_name,
    company_id: row.company_id,
    parentid: row.parent_id,
    member_count: memberCount,
  };
}

export interface UserDeptName {
  user_id: number;
  name: string;
  display_path_name: string;
}

/** spec 001 §3 "Search member item", with the ids and names our screens use. */
export function presentSearchMember(row: PersonRow, depts: UserDeptName[]): SearchMember {
  const own = depts.filter((d) => d.user_id === row.id);
  return {
    id: row.id,
    userId: row.id,
    nick_name: row.nick_name,
    realName: row.nick_name,
    unique_name: row.unique_name,
    avatar: row.avatar,
    pinyin: row.pinyin,
    emails: row.email ? [row.email] : [],
    phones: row.phone ? [row.phone] : [],
    departmentNames: own.map((d) => d.name),
    departmentDisplayNames: own.map((d) => d.display_path_name),
  };
}
