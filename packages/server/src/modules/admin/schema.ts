import {
  ADMIN_PAGE_SIZE,
  DEPT_NAME_MAX,
  EMPLOYEE_ID_MAX,
  IMPORT_CSV_MAX,
  NICKNAME_MAX,
  TITLE_MAX,
  UNIQUE_NAME_MAX,
} from '@cirrus/shared';
import { z } from 'zod';
import { Id, Offset, pageSize } from '../../http/params.ts';

export const IdParams = z.object({ id: Id });
export type IdParams = z.infer<typeof IdParams>;

export const Page = z.object({ offset: Offset, limit: pageSize(ADMIN_PAGE_SIZE, 200) });

/** Bytes; null follows the default, 0 is unlimited. */
const QuotaBytes = z
  .number()
  .int()
  .nonnegative()
  .max(2 ** 53 - 1)
  .nullable();

export const PeopleListQuery = Page.extend({
  q: z.string().max(100).optional(),
  dept_id: Id.optional(),
  status: z.enum(['active', 'disabled']).optional(),
  /** general: people outside any company (the operator's). */
  scope: z.enum(['company', 'general']).default('company'),
});
export type PeopleListQuery = z.infer<typeof PeopleListQuery>;

const Contact = z.string().max(200).nullable().optional();

export const CreateUserBody = z.object({
  unique_name: z.string().max(UNIQUE_NAME_MAX + 10),
  nick_name: z.string().max(NICKNAME_MAX + 10),
  email: Contact,
  phone: Contact,
  title: z.string().max(TITLE_MAX).optional(),
  employee_id: z.string().max(EMPLOYEE_ID_MAX).optional(),
  dept_ids: z.array(Id).max(50).optional(),
  main_dept_id: Id.nullable().optional(),
  vip_level: z.number().int().optional(),
  roles: z.array(z.string().max(32)).max(10).optional(),
  quota: QuotaBytes.optional(),
});
export type CreateUserBody = z.infer<typeof CreateUserBody>;

export const UpdateUserBody = z.object({
  nick_name: z
    .string()
    .max(NICKNAME_MAX + 10)
    .optional(),
  email: Contact,
  phone: Contact,
  title: z.string().max(TITLE_MAX).optional(),
  employee_id: z.string().max(EMPLOYEE_ID_MAX).optional(),
  vip_level: z.number().int().optional(),
  roles: z.array(z.string().max(32)).max(10).optional(),
  quota: QuotaBytes.optional(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

export const SetDeptsBody = z.object({
  dept_ids: z.array(Id).max(50),
  main_dept_id: Id.nullable().optional(),
});
export type SetDeptsBody = z.infer<typeof SetDeptsBody>;

export const SourceBody = z.object({ source: z.enum(['local', 'sync']) });

export const CreateDeptBody = z.object({
  name: z.string().max(DEPT_NAME_MAX + 10),
  parent_id: Id.nullable(),
});
export type CreateDeptBody = z.infer<typeof CreateDeptBody>;

export const UpdateDeptBody = z.object({
  name: z
    .string()
    .max(DEPT_NAME_MAX + 10)
    .optional(),
  parent_id: Id.optional(),
});
export type UpdateDeptBody = z.infer<typeof UpdateDeptBody>;

export const DeptSpaceBody = z.object({
  /** The department's default group space (bytes; null: the deployment default). */
  default: QuotaBytes,
  expand_self: z
    .number()
    .int()
    .nonnegative()
    .max(2 ** 53 - 1),
});
export type DeptSpaceBody = z.infer<typeof DeptSpaceBody>;

export const ImportBody = z.object({
  csv: z.string().max(IMPORT_CSV_MAX),
  dry_run: z.boolean().default(true),
});
export type ImportBody = z.infer<typeof ImportBody>;

export const UsageQuery = Page.extend({ kind: z.enum(['user', 'group', 'dept']) });
export type UsageQuery = z.infer<typeof UsageQuery>;

export const TotalBody = z.object({ total: QuotaBytes });
export const DefaultsBody = z.object({
  user: QuotaBytes.optional(),
  group: QuotaBytes.optional(),
  dept: QuotaBytes.optional(),
});
export type DefaultsBody = z.infer<typeof DefaultsBody>;

/** The named approvers of group creation (PUT /admin/v1/group_approvers). */
export const ApproversBody = z.object({ user_ids: z.array(Id).max(200) });

export const SettingParams = z.object({ name: z.string().max(64) });
export const SettingBody = z.object({ value: z.unknown() });

export const FeedbackQuery = Page.extend({ status: z.enum(['open', 'handled', 'all']).default('open') });
export type FeedbackQuery = z.infer<typeof FeedbackQuery>;

export const OutboxQuery = Page.extend({
  recipient: z.string().max(200).optional(),
  state: z.enum(['queued', 'sent', 'failed', 'stored']).optional(),
  kind: z.string().max(64).optional(),
});
export type OutboxQuery = z.infer<typeof OutboxQuery>;

export const AuditQuery = Page.extend({
  action: z.string().max(64).optional(),
  q: z.string().max(100).optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;
