import { PAGE_SIZE_MEMBERS } from '@cirrus/shared';
import { z } from 'zod';
import { Id, Offset, pageSize } from '../../http/params.ts';

export const SubmitIdentityBody = z.object({
  real_name: z.string().max(200),
  id_number: z.string().max(100),
});

export const IdentityListQuery = z.object({
  status: z.enum(['pending', 'verified', 'rejected']).optional(),
  offset: Offset,
  limit: pageSize(PAGE_SIZE_MEMBERS, 200),
});
export type IdentityListQuery = z.infer<typeof IdentityListQuery>;

export const IdentityParams = z.object({ id: Id });
export const RejectBody = z.object({ reason: z.string().trim().max(200).default('') });
