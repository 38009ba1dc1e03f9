/** Search service name search (spec 000 §7 "Search service"), under /namesearch. */
import type { DeptBrief, SearchMember, SearchTeamItem } from '@cirrus/shared';
import { http, type RequestOptions } from './http';

export interface PeoplePage {
  members: SearchMember[];
  depts?: DeptBrief[];
  offset: number;
  limit: number;
  more: boolean;
}

export const nameSearchApi = {
  users: (
    companyId: number,
    query: { keywords: string; offset?: number; limit?: number; ignore_depts?: boolean },
    options?: RequestOptions,
  ) => http.get<PeoplePage>(`/namesearch/api/${companyId}/users/find`, { ...options, query }),

  groupMembers: (
    gid: number,
    query: { keywords: string; offset?: number; limit?: number },
    options?: RequestOptions,
  ) => http.get<PeoplePage>(`/namesearch/api/groups/${gid}/members/find`, { ...options, query }),

  myGroups: (
    query: { keywords: string; allow_chat?: boolean; offset?: number; limit?: number },
    options?: RequestOptions,
  ) =>
    http.get<{ groups: SearchTeamItem[]; more: boolean }>('/namesearch/api/mygroups/find', {
      ...options,
      query,
    }),

  departments: (
    query: { keywords: string; groupid?: number; offset?: number; limit?: number },
    options?: RequestOptions,
  ) =>
    http.get<{ depts: DeptBrief[]; more: boolean }>('/namesearch/api/departments/find', {
      ...options,
      query,
    }),

  deptMembers: (body: { dept_ids: number[]; keywords: string; offset?: number; limit?: number }) =>
    http.post<PeoplePage>('/namesearch/api/departments/members/find', body),
};
