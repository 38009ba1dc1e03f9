import { z } from 'zod';

export const SignupCodeBody = z.object({
  type: z.enum(['email', 'phone']),
  value: z.string().max(200),
});
export type SignupCodeBody = z.infer<typeof SignupCodeBody>;

export const SignupBody = z.object({
  type: z.enum(['email', 'phone']),
  value: z.string().max(200),
  code: z.string().max(20),
  password: z.string().max(200),
  /** Optional; the email's local part (or "User" and the phone's last digits) otherwise. */
  nick_name: z.string().max(200).optional(),
});
export type SignupBody = z.infer<typeof SignupBody>;
