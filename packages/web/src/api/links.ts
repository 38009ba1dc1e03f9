/**
 * Share links (spec 002 §7 "Drive service"; spec 001 §7 report, exit share): paths exactly as the
 * spec writes them. The anonymous calls carry the access-code token as ?rand_code=.
 */
import type {
  AddMembersResult,
  LinkAccessLog,
  LinkAuthResult,
  LinkFolderList,
  LinkMember,
  LinkMemberList,
  LinkPermission,
  LinkPublicInfo,
  LinkRange,
  ShareCandidate,
  SharedFileList,
  ShareLink,
} from '@cirrus/shared';
import { http, type RequestOptions } from './http';

export type SharedFilter = 'received' | 'sent';

export interface SharedListQuery {
  filter: SharedFilter;
  offset: number;
  count: number;
  orderby: 'mtime' | 'name' | 'size';
  order: 'asc' | 'desc';
}

/** PUT /api/v3/links/{sid}: any of these (spec 002 §7). */
export interface LinkUpdate {
  ranges?: LinkRange;
  permission?: LinkPermission;
  /** 0 unlimited; a preset period in seconds; or an absolute time (unix seconds) from the picker. */
  period?: number;
  download_limits?: number;
  chkcode?: 'true' | 'false';
  permission_list?: PermissionEntryChange[];
  version?: number;
}

/** A share permission entry change (spec 002 §3): add, update or del. */
export interface PermissionEntryChange {
  userid: number;
  ranges_type: 'department' | 'user';
  permission?: LinkPermission;
  operate: 'add' | 'update' | 'del';
}

export interface AddMembersBody {
  permission: LinkPermission;
  source: 'user';
  userids?: number[];
  deptids?: number[];
  accounts?: string[];
}

const link = (sid: string) => `/api/v3/links/${encodeURIComponent(sid)}`;
const skiplogin = (sid: string) => `/api/v3/skiplogin/links/${encodeURIComponent(sid)}`;

export const linksApi = {
  /** GET /api/v3/links: shared with me (received) or by me (sent). */
  list: (query: SharedListQuery, options?: RequestOptions) =>
    http.get<SharedFileList>('/api/v3/links', { ...options, query: { ...query } }),

  /** GET /api/v3/links/{sid|fileid}?include=members: the share panel's load. */
  get: (id: string | number, options?: RequestOptions) =>
    http.get<ShareLink>(link(String(id)), { ...options, query: { include: 'members' } }),

  /** POST /api/v3/links: create, reopen, or (reset) a new sid. */
  create: (fileid: number, settings: LinkUpdate & { reset?: boolean } = {}) =>
    http.post<ShareLink>('/api/v3/links', { fileid, ...settings }),

  update: (sid: string, body: LinkUpdate) => http.put<ShareLink>(link(sid), { sid, ...body }),

  /** DELETE /api/v3/links/{fileid} with body fileid: cancel sharing. */
  close: (fileid: number) =>
    http.delete<{ fileid: number; status: 'close' }>(link(String(fileid)), { fileid }),

  /** DELETE /api/v3/links/{sid}: leave a share shared with me. */
  exit: (sid: string) => http.delete<void>(link(sid)),

  reset: (sid: string) => http.post<ShareLink>(`${link(sid)}/reset`),

  setChkcode: (sid: string, on: boolean) =>
    on
      ? http.put<ShareLink>(`${link(sid)}/chkcode`, { sid })
      : http.delete<ShareLink>(`${link(sid)}/chkcode`, { sid }),

  members: (sid: string, offset: number, count: number, options?: RequestOptions) =>
    http.get<LinkMemberList>(`${link(sid)}/members`, { ...options, query: { offset, count } }),

  addMembers: (sid: string, body: AddMembersBody) =>
    http.post<AddMembersResult>(`${link(sid)}/members`, body),

  updateMember: (sid: string, member: Pick<LinkMember, 'id' | 'permission'>) =>
    http.put<LinkMember>(`${link(sid)}/members/${member.id}`, member),

  removeMember: (sid: string, memberId: number) => http.delete<void>(`${link(sid)}/members/${memberId}`),

  accessLog: (sid: string, offset: number, count: number, options?: RequestOptions) =>
    http.get<LinkAccessLog>(`${link(sid)}/access_log`, { ...options, query: { offset, count } }),

  /** The invite box: recent members (q, from 0, size 20). */
  recentMembers: (q: string, options?: RequestOptions) =>
    http.get<{ members: ShareCandidate[] }>('/api/v3/share/recent_members', {
      ...options,
      query: { q, from: 0, size: 20 },
    }),

  /** User lookup by email or phone: userNotExist when nobody has it. */
  lookupUser: (account: string, options?: RequestOptions) =>
    http.get<ShareCandidate>('/api/v3/share/users/lookup', { ...options, query: { account } }),

  // --- the link page (logged out too) ----------------------------------------------------------

  publicInfo: (sid: string, randCode: string | undefined, options?: RequestOptions) =>
    http.get<LinkPublicInfo>(skiplogin(sid), { ...options, query: { rand_code: randCode || undefined } }),

  auth: (sid: string, chkcode: string) => http.post<LinkAuthResult>(`${skiplogin(sid)}/auth`, { chkcode }),

  folder: (
    sid: string,
    randCode: string | undefined,
    parentid: number | undefined,
    offset: number,
    options?: RequestOptions,
  ) =>
    http.get<LinkFolderList>(`${skiplogin(sid)}/files`, {
      ...options,
      query: { rand_code: randCode || undefined, parentid, offset, count: 50 },
    }),

  /** GET /api/v3/links/{sid}/download?platform=share (a folder comes as one zip). */
  downloadUrl(sid: string, randCode: string | undefined, fileid?: number): string {
    const params = new URLSearchParams({ platform: 'share' });
    if (fileid) params.set('fileid', String(fileid));
    if (randCode) params.set('rand_code', randCode);
    return `${link(sid)}/download?${params}`;
  },

  save: (
    sid: string,
    randCode: string | undefined,
    body: { fileids?: number[]; target_groupid: number; target_parentid: number },
  ) =>
    http.post<{ failList: { fileid: number; name: string; result: string }[] }>(`${link(sid)}/save`, body, {
      query: { rand_code: randCode || undefined },
    }),

  /** POST /api/v3/links/{sid}/report. */
  report: (sid: string, body: { reason: string; reason_detail: string }) =>
    http.post<{ id: number }>(`${link(sid)}/report`, body),
};
