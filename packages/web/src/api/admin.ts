/** The administrator's console (issue 6): /admin/v1/... and the owner's appeal. */
import type {
  AdminDept,
  AdminMe,
  AdminSetting,
  AdminUser,
  AdminUserPage,
  AuditEntry,
  ConsoleApprover,
  FeedbackItem,
  IdentityRequest,
  ImportReport,
  ModerationReport,
  OutboxItem,
  QuotaOverview,
  TemporaryPasswordAnswer,
  UsageRow,
} from '@cirrus/shared';
import { http } from './http';

export interface PageQuery {
  offset: number;
  limit: number;
}

export interface PageOf {
  offset: number;
  limit: number;
  more: boolean;
}

export interface PeopleQuery extends PageQuery {
  q?: string;
  dept_id?: number;
  status?: 'active' | 'disabled';
  scope?: 'company' | 'general';
}

export interface UserInput {
  unique_name?: string;
  nick_name?: string;
  email?: string | null;
  phone?: string | null;
  title?: string;
  employee_id?: string;
  dept_ids?: number[];
  vip_level?: number;
  roles?: string[];
  quota?: number | null;
}

export type ReportFilter = 'open' | 'pending' | 'appealed' | 'dismissed' | 'blocked' | 'restored' | 'all';

export const adminApi = {
  me: () => http.get<AdminMe>('/admin/v1/me', { onSessionExpired: 'login' }),

  users: (q: PeopleQuery) => http.get<AdminUserPage>('/admin/v1/users', { query: { ...q } }),
  createUser: (body: UserInput) => http.post<TemporaryPasswordAnswer>('/admin/v1/users', body),
  updateUser: (id: number, body: UserInput) => http.patch<AdminUser>(`/admin/v1/users/${id}`, body),
  disableUser: (id: number) => http.post<AdminUser>(`/admin/v1/users/${id}/disable`),
  enableUser: (id: number) => http.post<AdminUser>(`/admin/v1/users/${id}/enable`),
  resetPassword: (id: number) => http.post<TemporaryPasswordAnswer>(`/admin/v1/users/${id}/reset-password`),
  setDepts: (id: number, dept_ids: number[], main_dept_id: number | null) =>
    http.put<AdminUser>(`/admin/v1/users/${id}/depts`, { dept_ids, main_dept_id }),
  setSource: (id: number, source: 'local' | 'sync') =>
    http.put<AdminUser>(`/admin/v1/users/${id}/source`, { source }),

  depts: () => http.get<{ depts: AdminDept[] }>('/admin/v1/depts'),
  createDept: (name: string, parent_id: number | null) =>
    http.post<AdminDept>('/admin/v1/depts', { name, parent_id }),
  updateDept: (id: number, body: { name?: string; parent_id?: number }) =>
    http.patch<AdminDept>(`/admin/v1/depts/${id}`, body),
  disableDept: (id: number) => http.post<AdminDept>(`/admin/v1/depts/${id}/disable`),
  enableDept: (id: number) => http.post<AdminDept>(`/admin/v1/depts/${id}/enable`),
  setDeptSpace: (id: number, body: { default: number | null; expand_self: number }) =>
    http.put<AdminDept>(`/admin/v1/depts/${id}/space`, body),

  importPeople: (csv: string, dry_run: boolean) =>
    http.post<ImportReport>('/admin/v1/import/people', { csv, dry_run }),

  quotas: () => http.get<QuotaOverview>('/admin/v1/quotas'),
  usage: (kind: UsageRow['kind'], q: PageQuery) =>
    http.get<PageOf & { rows: UsageRow[] }>('/admin/v1/quotas/usage', { query: { kind, ...q } }),
  setCompanyTotal: (total: number | null) => http.put<QuotaOverview>('/admin/v1/quotas/company', { total }),
  setDefaults: (body: { user?: number | null; group?: number | null; dept?: number | null }) =>
    http.put<QuotaOverview>('/admin/v1/quotas/defaults', body),
  setTeamTotal: (id: number, total: number | null) => http.put(`/admin/v1/teams/${id}/quota`, { total }),

  settings: () => http.get<{ settings: AdminSetting[] }>('/admin/v1/settings'),
  setSetting: (name: string, value: unknown) =>
    http.put<AdminSetting>(`/admin/v1/settings/${name}`, { value }),
  resetSetting: (name: string) => http.delete<AdminSetting>(`/admin/v1/settings/${name}`),
  approvers: () => http.get<{ approvers: ConsoleApprover[] }>('/admin/v1/group_approvers'),
  setApprovers: (user_ids: number[]) =>
    http.put<{ approvers: ConsoleApprover[] }>('/admin/v1/group_approvers', { user_ids }),

  reports: (status: ReportFilter, q: PageQuery) =>
    http.get<PageOf & { reports: ModerationReport[] }>('/admin/v1/reports', { query: { status, ...q } }),
  decideReport: (
    id: number,
    decision: 'dismiss' | 'block-file' | 'block-link' | 'restore' | 'uphold',
    text: string,
  ) =>
    http.post<ModerationReport>(
      `/admin/v1/reports/${id}/${decision}`,
      decision === 'block-file' || decision === 'block-link' ? { reason: text } : { note: text },
    ),

  feedback: (status: 'open' | 'handled' | 'all', q: PageQuery) =>
    http.get<PageOf & { feedback: FeedbackItem[] }>('/admin/v1/feedback', { query: { status, ...q } }),
  handleFeedback: (id: number, handled: boolean) =>
    http.post(`/admin/v1/feedback/${id}/${handled ? 'handle' : 'reopen'}`),

  identities: (status: string | undefined, q: PageQuery) =>
    http.get<PageOf & { identities: IdentityRequest[] }>('/admin/v1/identities', { query: { status, ...q } }),
  approveIdentity: (id: number) => http.post<IdentityRequest>(`/admin/v1/identities/${id}/approve`),
  rejectIdentity: (id: number, reason: string) =>
    http.post<IdentityRequest>(`/admin/v1/identities/${id}/reject`, { reason }),

  outbox: (q: PageQuery & { recipient?: string; state?: string }) =>
    http.get<PageOf & { messages: OutboxItem[] }>('/admin/v1/outbox', { query: { ...q } }),

  audit: (q: PageQuery & { q?: string; action?: string }) =>
    http.get<PageOf & { entries: AuditEntry[] }>('/admin/v1/audit', { query: { ...q } }),
};
