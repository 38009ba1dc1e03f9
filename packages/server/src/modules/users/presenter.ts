import type { SelfUser, UserBrief } from '@cirrus/shared';
import type { UserRow } from '../../db/schema.ts';

export interface Membership {
  company_id: number;
  employee_id: string;
  title: string;
  ext_phone_number: string;
  main_dept_id: number | null;
  company_name: string;
  admin_id: number | null;
}

export function presentSelfUser(
  user: UserRow,
  membership: Membership | undefined,
  depts: { id: number; name: string; display_path_name: string }[],
): SelfUser {
  const roles = user.roles ? user.roles.split(',') : [];
  return {
    id: user.id,
    userid: user.id,
    unique_name: user.unique_name,
    nick_name: user.nick_name,
    email: user.email ?? '',
    phone_number: user.phone ?? '',
    address: user.address,
    sex: (user.sex === 1 || user.sex === 2 ? user.sex : 0) as 0 | 1 | 2,
    avatar: user.avatar,
    pinyin: user.pinyin,
    source: user.source === 'sync' ? 'sync' : 'local',
    vip_level: user.vip_level,
    role: roles,
    is_company_admin: roles.includes('admin') || (membership?.admin_id ?? -1) === user.id,
    must_change_password: user.must_change_password === 1,
    companyid: membership?.company_id ?? 0,
    company: membership
      ? { companyid: membership.company_id, adminid: membership.admin_id ?? 0, name: membership.company_name }
      : null,
    company_member: membership
      ? {
          employee_id: membership.employee_id,
          title: membership.title,
          ext_phone_number: membership.ext_phone_number,
          main_dept_id: membership.main_dept_id,
        }
      : null,
    depts: depts.map((d) => ({
      id: d.id,
      display_name: d.name,
      display_path_name: d.display_path_name,
      path_name: d.display_path_name,
    })),
  };
}

/** Another user on the user card (GET /u/v1/companies/self/users/{id}/brief). */
export function presentUserBrief(
  user: UserRow,
  membership: Membership | undefined,
  depts: { id: number; name: string; display_path_name: string }[],
  isFavorite: boolean,
): UserBrief {
  const self = presentSelfUser(user, membership, depts);
  return {
    id: self.id,
    userid: self.userid,
    unique_name: self.unique_name,
    nick_name: self.nick_name,
    email: self.email,
    phone_number: self.phone_number,
    address: self.address,
    sex: self.sex,
    avatar: self.avatar,
    pinyin: self.pinyin,
    source: self.source,
    company_member: self.company_member,
    depts: self.depts,
    is_favorite: isFavorite,
  };
}
