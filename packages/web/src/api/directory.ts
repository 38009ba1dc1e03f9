/**
 * Contacts service (spec 000 §7 "Contacts service"), the team, member, department and approval
 * calls; api/contacts.ts holds the same service's user and profile calls. Also answered under /cts.
 */
import type {
  Approver,
  ContactGroupPage,
  DeptBrief,
  FavoriteItem,
  GroupApproval,
  GroupApprovalPage,
  SearchMember,
  TeamMember,
  TeamMemberPage,
  TeamRecord,
} from '@cirrus/shared';
import { http, type RequestOptions } from './http';

export interface MemberBrief {
  type: 1 | 2;
  id: number;
  name: string;
  nick_name: string;
  avatar: string;
  team_role: number;
  via_dept: number | null;
}

export interface DeptListPage {
  dept: DeptBrief | null;
  depts: DeptBrief[];
  members: SearchMember[];
  offset: number;
  limit: number;
  total: number;
  more: boolean;
}

export interface RecentContact {
  type: 1 | 3 | 4;
  entity_id: number;
  used_at: number;
  user?: { id: number; nick_name: string; avatar: string; email: string; unique_name: string };
  group?: { id: number; name: string; avatar: string; groupType: number };
}

export interface ApprovalRequestBody {
  name: string;
  type: 1 | 3;
  avatar?: string;
  notice?: string;
  desc: string;
  designated_approver_ids: number[];
  auto_convert_group?: boolean;
  member_ids: number[];
  dept_ids: number[];
}

export interface Company {
  id: number;
  companyid: number;
  name: string;
  adminid: number;
  member_count: number;
  root_dept_ids: number[];
}

const APPROVAL = '/v1/companies/self/group_approval';

export const directoryApi = {
  company: () => http.get<Company>('/v1/companies/self'),

  depts: () => http.get<{ depts: DeptBrief[] }>('/v1/companies/self/depts'),

  /** GET /u/v1/companies/self/depts/{id|root}/list: sub-departments and people, 50 a page. */
  deptList: (id: number | 'root', offset: number, limit: number, options?: RequestOptions) =>
    http.get<DeptListPage>(`/u/v1/companies/self/depts/${id}/list`, { ...options, query: { offset, limit } }),

  /** GET /v1/companies/self/users/self/groups: type 1 chats, 2 company, 3 general; owned ones. */
  myGroups: (
    query: { type?: string; owned?: boolean; offset?: number; limit?: number },
    options?: RequestOptions,
  ) => http.get<ContactGroupPage>('/v1/companies/self/users/self/groups', { ...options, query }),

  group: (gid: number, options?: RequestOptions) => http.get<TeamRecord>(`/v1/groups/${gid}`, options),

  membersBrief: (
    gid: number,
    query: { type?: 1 | 2; offset?: number; limit?: number },
    options?: RequestOptions,
  ) =>
    http.get<{ members: MemberBrief[]; total: number; more: boolean }>(`/u/v1/groups/${gid}/members/brief`, {
      ...options,
      query,
    }),

  members: (
    gid: number,
    query: { offset: number; limit: number; keywords?: string },
    options?: RequestOptions,
  ) => http.get<TeamMemberPage>(`/v1/groups/${gid}/members`, { ...options, query }),

  /** POST /v1/groups/{gid}/members/batch: 204. type 1 people, 2 departments. */
  batchMembers: (gid: number, body: { put?: number[]; delete?: number[]; type: 1 | 2 }) =>
    http.post<void>(`/v1/groups/${gid}/members/batch`, body),

  /** PATCH /v1/groups/{gid}/members/{id}: team_role; the transfer sends role 1 and team_role 1. */
  setRole: (gid: number, userId: number, teamRole: number) =>
    http.patch<TeamMember>(`/v1/groups/${gid}/members/${userId}`, {
      team_role: teamRole,
      ...(teamRole === 1 ? { role: 1 } : {}),
    }),

  removeMember: (gid: number, id: number, type: 1 | 2) =>
    http.delete<void>(`/v1/groups/${gid}/members/${id}`, undefined, { query: { type } }),

  usersBatch: (ids: number[]) =>
    http.post<{ users: SearchMember[] }>('/v1/companies/self/users/batch', { get: ids }),

  favorites: (options?: RequestOptions) =>
    http.get<{ favorites: FavoriteItem[]; more: boolean }>('/u/v1/users/self/favorites', {
      ...options,
      query: { limit: 200 },
    }),

  addFavorite: (type: 3 | 4, id: number) =>
    http.post<FavoriteItem>(`/v1/users/self/favorites/${type}`, { entity_id: id }),
  removeFavorite: (type: 3 | 4, id: number) => http.delete<void>(`/v1/users/self/favorites/${type}/${id}`),

  /** Ours: the picker's recent tab. */
  recent: (options?: RequestOptions) =>
    http.get<{ contacts: RecentContact[] }>('/u/v1/users/self/recent_contacts', options),

  approvers: () =>
    http.get<{ approvers: Approver[]; required: boolean; is_approver: boolean }>(
      '/v1/companies/self/users/self/group_approvers',
    ),
  submitApproval: (body: ApprovalRequestBody) => http.post<GroupApproval>(APPROVAL, body),
  myApprovals: (offset: number, limit: number) =>
    http.get<GroupApprovalPage>('/u/v1/companies/self/users/self/group_approval', {
      query: { offset, limit },
    }),
  cancelApproval: (id: number) => http.delete<void>(`${APPROVAL}/${id}`),
  /** Ours: requests sent to me; approve and reject. */
  waitingApprovals: (state: 'pending' | 'decided' | 'all', offset: number, limit: number) =>
    http.get<GroupApprovalPage>(APPROVAL, { query: { state, offset, limit } }),
  approve: (id: number) => http.post<GroupApproval>(`${APPROVAL}/${id}/approve`),
  reject: (id: number, reason: string) => http.post<GroupApproval>(`${APPROVAL}/${id}/reject`, { reason }),
};
