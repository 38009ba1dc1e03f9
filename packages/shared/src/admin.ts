// The administrator's console (issue 6): who may open it, the rules its forms share with the
// server, and the shapes its calls answer (/admin/v1/...).

import type { ErrorKeyOf } from './errors.ts';
import { validateEmail } from './validation/profile.ts';

/**
 * spec 000 §6 / 002 §6: "manage background" is for the company administrator (role admin, or the
 * company's admin_id) or a user with a role other than plain user. The administrator manages;
 * any other role (auditor ...) may look at every screen but change nothing (ours: the specs name
 * no finer split).
 */
export type ConsoleAccess = 'manage' | 'view';

export function consoleAccess(user: {
  roles: readonly string[];
  isCompanyAdmin: boolean;
}): ConsoleAccess | null {
  if (user.isCompanyAdmin || user.roles.includes('admin')) return 'manage';
  return user.roles.some((role) => role !== '' && role !== 'user') ? 'view' : null;
}

/** The console's sections, in the order of its side menu. */
export const CONSOLE_SECTIONS = [
  'people',
  'departments',
  'import',
  'quotas',
  'settings',
  'moderation',
  'feedback',
  'identities',
  'outbox',
  'audit',
] as const;
export type ConsoleSection = (typeof CONSOLE_SECTIONS)[number];

/** Company roles the console may give; 'admin' is the company administrator. */
export const COMPANY_ROLES = ['admin', 'auditor'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** Paging of the console's lists. */
export const ADMIN_PAGE_SIZE = 20;
/** vip levels: 0 a company user; 10 the demo's general user (spec 002 §5). */
export const VIP_LEVEL_MAX = 10;
export const DEPT_NAME_MAX = 64;
export const UNIQUE_NAME_MIN = 2;
export const UNIQUE_NAME_MAX = 32;
export const TITLE_MAX = 64;
export const EMPLOYEE_ID_MAX = 32;
export const MODERATION_TEXT_MAX = 500;
/** The largest CSV an import accepts (characters) and the most rows. */
export const IMPORT_CSV_MAX = 2_000_000;
export const IMPORT_ROWS_MAX = 5000;

/**
 * A unique name (the account typed at login): ours, as the specs do not show one. 2 to 32 of
 * a-z, 0-9, dot, dash, underscore, starting with a letter or digit; never all digits (it would
 * read as a phone number at login) and never an @ (it would read as an email).
 */
export function validateUniqueName(name: string): ErrorKeyOf<'InvalidAccount'> | undefined {
  const value = name.trim();
  if (value.length < UNIQUE_NAME_MIN || value.length > UNIQUE_NAME_MAX) return 'InvalidAccount';
  if (!/^[a-z0-9][a-z0-9._-]*$/i.test(value) || /^\d+$/.test(value)) return 'InvalidAccount';
  return undefined;
}

/** A department name: 1 to 64 characters, without / (the separator of its path) or control characters. */
export function validateDeptName(name: string): ErrorKeyOf<'illegalDeptName'> | undefined {
  const value = name.trim();
  const length = [...value].length;
  if (length < 1 || length > DEPT_NAME_MAX) return 'illegalDeptName';
  return /[/\\\p{Cc}]/u.test(value) ? 'illegalDeptName' : undefined;
}

export function validateVipLevel(level: number): ErrorKeyOf<'badRequest'> | undefined {
  return Number.isInteger(level) && level >= 0 && level <= VIP_LEVEL_MAX ? undefined : 'badRequest';
}

/** An optional email in a console form: empty is none. */
export function validateOptionalEmail(email: string): ErrorKeyOf<'InvalidEmail'> | undefined {
  const value = email.trim();
  return value === '' || !validateEmail(value) ? undefined : 'InvalidEmail';
}

/** Bytes from a number of GiB typed in a form (0 is unlimited). */
export const GIB = 1024 ** 3;

// --- Shapes of the answers ---------------------------------------------------------------------

export interface AdminMe {
  access: ConsoleAccess;
  /** Administrator of the deployment's first company: deployment-wide settings, outbox, general users. */
  operator: boolean;
  company: { id: number; name: string };
}

export interface AdminDeptRef {
  id: number;
  name: string;
  display_path_name: string;
}

export interface AdminUser {
  id: number;
  unique_name: string;
  nick_name: string;
  pinyin: string;
  email: string;
  phone: string;
  status: 'active' | 'disabled';
  source: 'local' | 'sync';
  vip_level: number;
  roles: string[];
  must_change_password: boolean;
  /** 0 for a general user. */
  company_id: number;
  title: string;
  employee_id: string;
  main_dept_id: number | null;
  depts: AdminDeptRef[];
  /** Personal space: bytes; total 0 is unlimited; own_total null follows the default. */
  quota: { total: number; used: number; own_total: number | null };
  created_at: number;
}

export interface AdminUserPage {
  users: AdminUser[];
  total: number;
  offset: number;
  limit: number;
  more: boolean;
}

/** A created user or a reset password: the temporary password is shown this once. */
export interface TemporaryPasswordAnswer {
  user: AdminUser;
  temporary_password: string;
}

export interface AdminDept {
  id: number;
  parent_id: number | null;
  name: string;
  display_path_name: string;
  status: 'active' | 'disabled';
  /** Active people in the department and its sub-departments, as the directory counts them. */
  member_count: number;
  /** spec 001 (issue 3): a department's group space is its default plus expand_self; 0 unlimited. */
  space: { default: number; expand_self: number; total: number; used: number };
  /** Company teams drawing from this department's group space. */
  team_ids: number[];
}

export interface ImportRowReport {
  /** Line in the file (1 is the header). */
  line: number;
  account: string;
  action: 'create' | 'update' | 'unchanged' | 'error';
  /** Catalogue keys of what is wrong with the row. */
  errors: string[];
  /** Fields an update changes. */
  changes: string[];
}

export interface ImportReport {
  dry_run: boolean;
  applied: boolean;
  rows: ImportRowReport[];
  /** Department paths the import creates. */
  new_departments: string[];
  summary: { create: number; update: number; unchanged: number; error: number };
  /** Temporary passwords of the people created (applied imports only), shown this once. */
  passwords: { account: string; temporary_password: string }[];
}

/** The CSV columns, in their order in the template; account is required, the rest optional. */
export const IMPORT_COLUMNS = [
  'account',
  'name',
  'email',
  'phone',
  'department',
  'title',
  'employee_id',
  'vip_level',
  'quota_gb',
] as const;

export interface UsageRow {
  kind: 'user' | 'group' | 'dept';
  id: number;
  name: string;
  /** Department path, team type or account, to tell rows apart. */
  detail: string;
  used: number;
  /** 0 unlimited. */
  total: number;
  file_count: number;
}

export interface QuotaOverview {
  company: { total: number; used: number; own_total: number | null };
  /** Deployment-wide defaults (bytes, 0 unlimited) and whether an administrator set them. */
  defaults: { user: number; group: number; dept: number };
}

export type ReportStatus = 'pending' | 'dismissed' | 'blocked' | 'appealed' | 'restored';

export interface ModerationReport {
  id: number;
  kind: 'file' | 'link';
  status: ReportStatus;
  file: {
    id: number;
    name: string;
    group_id: number;
    owner: { id: number; nick_name: string } | null;
  } | null;
  link: { id: number; sid: string; blocked: string } | null;
  file_blocked: boolean;
  reporter: { id: number; nick_name: string } | null;
  reason: string;
  reason_detail: string;
  created_at: number;
  handled_by: { id: number; nick_name: string } | null;
  handled_at: number | null;
  resolution: string;
  note: string;
  appeal_text: string;
  appealed_at: number | null;
}

export interface FeedbackItem {
  id: number;
  user: { id: number; nick_name: string; unique_name: string };
  content: string;
  created_at: number;
  handled_at: number | null;
}

export interface OutboxItem {
  id: number;
  channel: 'mail' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  kind: string;
  state: 'queued' | 'sent' | 'failed' | 'stored';
  error: string;
  created_at: number;
  sent_at: number | null;
}

/** One approver of group creation as the console lists them (GET /admin/v1/group_approvers). */
export interface ConsoleApprover {
  id: number;
  unique_name: string;
  nick_name: string;
  /** `admin`: approves as the company administrator or by the admin role; `named`: named by the console. */
  source: 'admin' | 'named';
}

export interface AuditEntry {
  id: number;
  actor: { id: number; name: string; via: 'web' | 'cli' };
  action: string;
  target_type: string;
  target_id: string;
  target_name: string;
  detail: Record<string, unknown>;
  ip: string;
  created_at: number;
}

export interface AdminSetting {
  name: string;
  value: unknown;
  default: unknown;
  /** Stored by an administrator (else the default or the environment's value). */
  customised: boolean;
  /** deployment: one value for the whole deployment, changed by the operator only. */
  scope: 'company' | 'deployment';
}
