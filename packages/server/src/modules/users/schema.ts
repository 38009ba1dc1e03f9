import { z } from 'zod';
import { Id } from '../../http/params.ts';

/**
 * PATCH /v1/users/self: the user's own fields (spec 000 §4). The rules themselves are the shared
 * validators, applied in the service so that each field answers the spec's error key. A changed
 * email or phone needs the code sent by POST /p/bind/code.
 */
export const UpdateSelfBody = z.object({
  nick_name: z.string().max(200).optional(),
  email: z.string().max(200).optional(),
  phone_number: z.string().max(200).optional(),
  /** Also accepted as `phone`. */
  phone: z.string().max(200).optional(),
  address: z.string().max(500).optional(),
  sex: z.union([z.number(), z.string().max(5)]).optional(),
  /** The binding code for a changed email or phone. */
  code: z.string().max(20).optional(),
});
export type UpdateSelfBody = z.infer<typeof UpdateSelfBody>;

export const UpdateMemberSelfBody = z.object({ ext_phone_number: z.string().max(100) });

export const BindCodeBody = z.object({
  type: z.enum(['email', 'phone']),
  value: z.string().max(200),
});
export type BindCodeBody = z.infer<typeof BindCodeBody>;

export const UserIdParams = z.object({ id: Id });
