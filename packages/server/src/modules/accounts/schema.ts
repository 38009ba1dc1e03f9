import { z } from 'zod';

export const LoginBody = z.object({
  account: z.string().trim().min(1).max(120),
  password: z.string().min(1).max(200),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const RedirectBody = z.object({ cb: z.string().min(1).max(4096) });

export const CorrelateQuery = z.object({ new_session: z.string().optional() });

/** Passwords arrive as typed; the service trims the new one before checking and hashing it. */
const Password = z.string().max(200);

export const ChangeOwnPasswordBody = z.object({
  old_password: Password.min(1),
  new_password: Password,
});

export const ChangeWithTokenBody = z.object({
  token: z.string().min(1).max(200),
  old_password: Password.min(1),
  new_password: Password,
});

export const ForgotPasswordBody = z.object({ account: z.string().trim().min(1).max(120) });

/** The reset link's token, checked before the new password is asked for. */
export const ResetTokenQuery = z.object({ token: z.string().min(1).max(200) });

/** The link's token, or the phone number with the code it received. */
export const ResetPasswordBody = z
  .object({
    token: z.string().min(1).max(200).optional(),
    phone: z.string().max(60).optional(),
    code: z.string().max(20).optional(),
    new_password: Password,
  })
  .refine((b) => b.token !== undefined || (b.phone !== undefined && b.code !== undefined), {
    message: 'token, or phone and code, are required',
  });
