/**
 * Drive-service team calls (spec 000 §7 "Drive service"): teams and chats, their settings, the
 * invite link and the convertor switch. Paths exactly as the spec writes them; ours say so.
 */
import type { ConversationInfo, GroupRecord, InviteInfo, TeamMemberPage, TeamRecord } from '@cirrus/shared';
import { http, type RequestOptions } from './http';

export interface CreateTeamBody {
  name: string;
  notice?: string;
  avatar?: string;
  members?: number[];
  dept_ids?: number[];
  auto_convert_group?: boolean;
}

export interface UpdateTeamBody {
  name?: string;
  notice?: string;
  avatar?: string;
  auto_convert_state?: 0 | 1;
}

export const teamsApi = {
  create: (body: CreateTeamBody) =>
    http.post<TeamRecord>('/api/v3/groups', body, { query: { multi_included: true } }),

  /** GET /api/v3/groups/{id}?include=recent_members. */
  get: (gid: number, options?: RequestOptions) =>
    http.get<TeamRecord>(`/api/v3/groups/${gid}`, { ...options, query: { include: 'recent_members' } }),

  update: (gid: number, body: UpdateTeamBody) => http.put<TeamRecord>(`/api/v3/groups/${gid}`, body),

  remove: (gid: number) => http.delete<void>(`/api/v3/groups/${gid}`),

  /** DELETE /api/v3/groups/{id}/members/{userid}: leave the team. */
  exit: (gid: number, userId: number) => http.delete<void>(`/api/v3/groups/${gid}/members/${userId}`),

  members: (
    gid: number,
    query: { offset: number; limit: number; keywords?: string },
    options?: RequestOptions,
  ) => http.get<TeamMemberPage>(`/api/v3/groups/${gid}/members`, { ...options, query }),

  inviteInfo: (gid: number) => http.get<InviteInfo>(`/api/v3/groups/${gid}/invite_info`),

  resetLink: (gid: number) => http.put<InviteInfo>(`/api/v3/mine/team/${gid}/link`),

  /** Ours: PUT /api/v3/mine/team/{id}/top. */
  pin: (gid: number, isTop: boolean) =>
    http.put<{ id: number; is_top_group: boolean }>(`/api/v3/mine/team/${gid}/top`, { is_top: isTop }),

  /** Ours: the join page's calls. */
  linkInfo: (code: string, options?: RequestOptions) =>
    http.get<InviteInfo>(`/api/v3/team/link/${code}`, options),
  join: (code: string) => http.post<TeamRecord>(`/api/v3/team/link/${code}/join`),

  imPush: (gid: number) => http.get<{ id: number; im_push: boolean }>(`/api/v3/yun/contacts/${gid}/im_push`),
  setImPush: (gid: number, on: boolean) =>
    http.put<{ id: number; im_push: boolean }>(`/api/v3/yun/contacts/${gid}/im_push`, { im_push: on }),

  createChat: (body: { name?: string; members: number[] }) =>
    http.post<ConversationInfo & { group: TeamRecord }>('/api/v3/yun_msg/groups', body),
  addToChat: (gid: number, userIds: number[]) =>
    http.post<ConversationInfo>(`/api/v3/yun_msg/groups/${gid}/members`, { userid: userIds }),
  /** Ours: POST /api/v3/yun_msg/groups/{id}/upgrade. */
  upgradeChat: (gid: number) => http.post<TeamRecord>(`/api/v3/yun_msg/groups/${gid}/upgrade`),
  /** spec 000 §2: type 1 is shown as 3 in chat addresses. */
  conversation: (gid: number, options?: RequestOptions) =>
    http.get<ConversationInfo>(`/api/v3/yun_msg/conversation/3/${gid}/info`, options),

  /** GET /convertor/v1/switch_state: per-group secure state, 0 closed or 2 open. */
  switchStates: (gids: number[]) =>
    http.get<{ states: { group_id: number; state: 0 | 2 }[] }>('/convertor/v1/switch_state', {
      query: { group_ids: gids.join(',') },
    }),

  /** GET /space/v1/depts/{id}/info: a department's group space. */
  deptSpace: (deptId: number) =>
    http.get<{ id: number; name: string; default: number; expand_self: number; total: number; used: number }>(
      `/space/v1/depts/${deptId}/info`,
    ),

  /** The drive's own record of a space, for the team list. */
  space: (gid: number) => http.get<GroupRecord>(`/api/v3/groups/${gid}`),
};
