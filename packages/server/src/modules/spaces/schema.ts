import { GROUPS_DEFAULT_LIMIT, PERMISSION_BITS } from '@cirrus/shared';
import { z } from 'zod';
import { Id, IdList, Offset, pageSize, QueryBool } from '../../http/params.ts';

export const GroupIdParams = z.object({ id: Id });

export const TmpQuery = z.object({ meta: z.string().max(100).optional() });

export const GroupsQuery = z.object({
  multi_included: QueryBool,
  member_count: QueryBool,
  /** "tmp,special": leave the personal spaces out. */
  ignore: z.string().max(100).optional(),
});

export const GroupQuery = z.object({ include: z.string().max(100).optional() });

export const VolumesQuery = z.object({ offset: Offset, limit: pageSize(GROUPS_DEFAULT_LIMIT, 200) });

export const GroupsBatchBody = z.object({
  contactsids: IdList.optional().default([]),
  private: z.boolean().optional().default(false),
  tmp: z.boolean().optional().default(false),
});

const Mask = z
  .number()
  .int()
  .min(0)
  .max(2 ** PERMISSION_BITS - 1);

/** PUT /api/v3/groups/{id}/files/0/permission: masks for member (3) and read_member (4). */
export const RoleMasksBody = z.object({
  permissions: z
    .array(z.object({ team_role: z.number().int(), user_acl: Mask }))
    .min(1)
    .max(4),
});
export type RoleMasksBody = z.infer<typeof RoleMasksBody>;

export const DeptParams = z.object({ id: Id });
