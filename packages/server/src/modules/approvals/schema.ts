import { PAGE_SIZE_MEMBERS } from '@cirrus/shared';
import { z } from 'zod';
import { Id, Offset, pageSize } from '../../http/params.ts';

const Ids = z.array(Id).max(1000);

/**
 * POST /v1/companies/self/group_approval: spec 000 §3 "Group-approval request". type 1 asks for a
 * multi-person chat, 3 for a team; desc is the application instruction (1 to 140 characters).
 */
export const ApprovalBody = z.object({
  name: z.string().max(500),
  type: z
    .union([z.literal(1), z.literal(3)])
    .optional()
    .default(3),
  avatar: z.string().max(500).optional().default(''),
  notice: z.string().max(5000).optional().default(''),
  desc: z.string().max(2000),
  designated_approver_ids: Ids,
  auto_convert_group: z.boolean().optional().default(false),
  member_ids: Ids.optional().default([]),
  dept_ids: Ids.optional().default([]),
});
export type ApprovalBody = z.infer<typeof ApprovalBody>;

export const ApprovalParams = z.object({ id: Id });

export const PageQuery = z.object({ offset: Offset, limit: pageSize(PAGE_SIZE_MEMBERS, 200) });

/** GET /v1/companies/self/group_approval (ours): requests sent to the actor as approver. */
export const WaitingQuery = PageQuery.extend({
  state: z.enum(['pending', 'decided', 'all']).optional().default('pending'),
});

/** POST /v1/companies/self/group_approval/{id}/reject (ours): an optional reason for the applicant. */
export const RejectBody = z.object({ reason: z.string().max(500).optional().default('') });
