import { LINK_PERMISSIONS, LINK_RANGES, PAGE_SIZE_SHARE_MEMBERS, PAGE_SIZE_SHARED } from '@cirrus/shared';
import { z } from 'zod';
import { FolderId, Id, IdList, Offset, pageSize, whole } from '../../http/params.ts';

/** A sid, or where the spec allows it a file id: a sid always holds a letter, a file id only digits. */
export const SidParams = z.object({
  sid: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
});
export const MemberParams = SidParams.extend({ memberid: Id });

const Range = z.enum(LINK_RANGES);
const Permission = z.enum(LINK_PERMISSIONS);
/** Expiry (spec 002 §3, §5): 0 none; up to 2592000 a preset period from now; above, an absolute time. */
const Period = whole(
  z
    .number()
    .int()
    .nonnegative()
    .max(2 ** 40),
);
/** -1 unlimited, else 1 to 1000000; the service answers the spec's keys for values out of range. */
const DownloadLimits = whole(
  z
    .number()
    .int()
    .min(-1)
    .max(10 ** 12),
);
/** 'true' or 'false' as the spec's client sends it, or a boolean. */
const Flag = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');

/** The access-code proof of the anonymous calls: the code itself, or the token POST .../auth gave. */
export const ProofQuery = z.object({ rand_code: z.string().max(200).optional() });

/** GET /api/v3/links (spec 002 §3: offset 0, count 50, orderby mtime, order DESC, filter received). */
export const ListQuery = z.object({
  offset: Offset,
  count: pageSize(PAGE_SIZE_SHARED, 200),
  orderby: z.enum(['mtime', 'name', 'size']).default('mtime'),
  order: z
    .enum(['asc', 'desc', 'ASC', 'DESC'])
    .default('desc')
    .transform((v) => v.toLowerCase() as 'asc' | 'desc'),
  /** received: shared with me; sent (or created): shared by me. */
  filter: z.enum(['received', 'sent', 'created']).default('received'),
});
export type ListQuery = z.infer<typeof ListQuery>;

export const GetQuery = z.object({ include: z.string().max(100).optional() });

/** A share permission entry (spec 002 §3): a department or a person, with operate add, update or del. */
export const PermissionEntry = z.object({
  userid: Id,
  ranges_type: z.enum(['department', 'user']),
  permission: Permission.optional(),
  operate: z.enum(['add', 'update', 'del']),
});
export type PermissionEntry = z.infer<typeof PermissionEntry>;

const Settings = {
  ranges: Range.optional(),
  /** The spec's body says range; the entity says ranges. Both are read. */
  range: Range.optional(),
  permission: Permission.optional(),
  period: Period.optional(),
  expire_time: Period.optional(),
  download_limits: DownloadLimits.optional(),
  chkcode: Flag.optional(),
};

/** POST /api/v3/links: create (or reopen) the file's link; reset: a new sid for its open link. */
export const CreateBody = z.object({ fileid: Id, ...Settings, reset: Flag.optional() });
export type CreateBody = z.infer<typeof CreateBody>;

/** PUT /api/v3/links/{sid}. */
export const UpdateBody = z.object({
  sid: z.string().max(64).optional(),
  ...Settings,
  permission_list: z.array(PermissionEntry).max(500).optional(),
  /** The version read; a stale one answers linkUpdateConcurrency. */
  version: Id.optional(),
});
export type UpdateBody = z.infer<typeof UpdateBody>;

/** DELETE /api/v3/links/{fileid} carries the file id in the body too. */
export const CloseBody = z.object({ fileid: Id.optional() }).nullish();

/** POST /api/v3/links/{sid}/members (spec 002 §7: permission, source 'user', userids). */
export const AddMembersBody = z.object({
  permission: Permission.default('read'),
  source: z.string().max(20).optional(),
  userids: IdList.optional(),
  deptids: IdList.optional(),
  /** Emails or phones typed in the invite box (the owner's); people without an account are invited. */
  accounts: z.array(z.string().max(200)).max(50).optional(),
});
export type AddMembersBody = z.infer<typeof AddMembersBody>;

/** PUT /api/v3/links/{sid}/members/{memberid}: the member object with its permission. */
export const MemberBody = z.object({ permission: Permission });

export const PageQuery = z.object({ offset: Offset, count: pageSize(PAGE_SIZE_SHARE_MEMBERS, 200) });

export const AuthBody = z.object({ chkcode: z.string().max(64) });

export const FolderQuery = ProofQuery.extend({
  parentid: FolderId.optional(),
  offset: Offset,
  count: pageSize(PAGE_SIZE_SHARED, 200),
});

export const DownloadQuery = ProofQuery.extend({
  platform: z.string().max(20).optional(),
  /** An item inside a shared folder; the shared item itself without it. */
  fileid: Id.optional(),
});

export const ContentQuery = ProofQuery.extend({ fileid: Id.optional() });

export const SaveBody = z.object({
  fileids: IdList.optional(),
  target_groupid: Id,
  target_parentid: FolderId.default(0),
});

export const ReportBody = z.object({
  reason: z.string().max(100).optional().default(''),
  reason_detail: z.string().max(2000).optional().default(''),
});

export const FileReportBody = z.object({
  fileid: Id,
  reason: z.string().max(100).optional().default(''),
  reason_detail: z.string().max(2000).optional().default(''),
  /** The link the file was opened through, for someone who is not in its space. */
  sid: z.string().max(64).optional(),
});

export const ConvertParams = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
});

/** The invite box (spec 002 §7 "recent member search with q, from 0, size 20"). */
export const RecentQuery = z.object({
  q: z.string().max(100).optional().default(''),
  from: Offset,
  size: pageSize(20, 50),
});

/** User lookup by email or phone (spec 002 §5 "If no user is found the error 'user does not exist'"). */
export const LookupQuery = z.object({ account: z.string().max(200) });
