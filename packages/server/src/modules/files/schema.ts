import { PAGE_SIZE_FILES, PERMISSION_BITS, SECRET_LABELS } from '@cirrus/shared';
import { z } from 'zod';
import { FolderId, Id, IdList, Offset, pageSize, QueryBool, whole } from '../../http/params.ts';

/** A name as typed; the shared validator (spec 001 §5) decides, so that each rule answers its own key. */
const Name = z.string().max(10_000);
const Mask = z
  .number()
  .int()
  .min(0)
  .max(2 ** PERMISSION_BITS - 1);
const SecretLabel = whole(z.number().int().min(0).max(SECRET_LABELS.top_secret));

export const GroupParams = z.object({ gid: Id });
export const FileParams = z.object({ gid: Id, fid: Id });
export const IdParams = z.object({ id: Id });

const listFields = {
  offset: Offset,
  /** "folder": folders only (the folder tree). */
  filter: z.enum(['folder', '']).optional(),
  orderby: z.enum(['name', 'mtime', 'size']).default('mtime'),
  order: z.enum(['asc', 'desc']).default('desc'),
  secret_label: SecretLabel.optional(),
};

/** GET /api/v3/groups/{gid}/files (spec 001 §7: default count 50, order mtime descending). */
export const ListQuery = z.object({
  ...listFields,
  count: pageSize(PAGE_SIZE_FILES),
  parentid: FolderId.default(0),
});
export type ListQuery = z.infer<typeof ListQuery>;

/** GET /xfi/u/v1/volumes/{volume}/files/{parent}/files: count or limit. */
export const XfiListParams = z.object({ volume: Id, parent: FolderId });
const OptionalSize = whole(z.number().int().positive().max(1000)).optional();
export const XfiListQuery = z.object({ ...listFields, count: OptionalSize, limit: OptionalSize });

/** PUT /api/v3/groups/{gid}/files/{fid}: rename (fname), and the secret label where allowed. */
export const UpdateBody = z
  .object({ fname: Name.optional(), secret_label: SecretLabel.optional() })
  .refine((b) => b.fname !== undefined || b.secret_label !== undefined, {
    message: 'fname or secret_label is required',
  });
export type UpdateBody = z.infer<typeof UpdateBody>;

/** POST /api/v3/groups/{gid}/files: create a folder (parsed and owner are accepted and unused). */
export const CreateFolderBody = z.object({
  groupid: Id.optional(),
  parentid: FolderId.default(0),
  name: Name,
  parsed: z.unknown().optional(),
  owner: z.unknown().optional(),
  /** Ours, for folder uploads: answer the existing folder of that name instead of fileNameConflict. */
  exist_ok: z.boolean().optional().default(false),
});

/** POST /api/v3/groups/{gid}/files/new_empty: name with its extension (docx, xlsx, pptx, txt). */
export const NewEmptyBody = z.object({ groupid: Id.optional(), parentid: FolderId.default(0), name: Name });
/**
 * spec 001 §7 "new_empty with query im_push": whether the team's chat is told of the new file (the
 * team's own switch decides too). Absent means yes; 0 or false means no.
 */
export const NewEmptyQuery = z.object({
  im_push: z
    .string()
    .max(10)
    .optional()
    .transform((v) => v !== '0' && v?.toLowerCase() !== 'false'),
});

export const BatchDeleteBody = z.object({
  fileids: IdList,
  groupid: Id.optional(),
  sourceid: z.unknown().optional(),
});

/**
 * POST .../batch/copy and .../batch/move: fileids, groupid, parentid (where they are),
 * target_groupid, target_parentid (where they go). The search page's move sends only fileids,
 * parentid and groupid, which then name the target.
 */
export const BatchTransferBody = z.object({
  fileids: IdList,
  groupid: Id.optional(),
  parentid: FolderId.optional(),
  target_groupid: Id.optional(),
  target_parentid: FolderId.optional(),
});
export type BatchTransferBody = z.infer<typeof BatchTransferBody>;

export const MetadataQuery = z.object({ recycle: QueryBool });

export const NodeQuery = z.object({ fileids: IdList.optional(), linkid: z.string().max(200).optional() });

export const SelfPermissionsParams = z.object({ v: Id });
export const SelfPermissionsQuery = z.object({ file: FolderId.default(0) });

/** PUT /api/v3/groups/{g}/files/{f}/permission: the item's own entries (replacing the old ones). */
export const AclBody = z.object({
  entries: z
    .array(z.object({ principal_type: z.enum(['user', 'dept']), principal_id: Id, user_acl: Mask }))
    .max(500),
});
export type AclBody = z.infer<typeof AclBody>;
