/** Account service (spec 002 §7 "Account service"; login as ARCHITECTURE.md "API conventions"). */
import type {
  BindStatus,
  BindType,
  CodeSent,
  ForgotPasswordResult,
  IdentityState,
  LoginResponse,
  LoginResult,
} from '@cirrus/shared';
import { http } from './http';

export interface LoginBody {
  account: string;
  password: string;
}

export interface SignupBody {
  type: BindType;
  value: string;
  code: string;
  password: string;
  nick_name?: string;
}

/** The pages before login handle their own errors; an error there is no expired session. */
const beforeLogin = { onSessionExpired: 'none' } as const;

export const accountApi = {
  /** A session, or (must change the password first) a token for changePasswordWithToken. */
  login: (body: LoginBody) => http.post<LoginResult>('/p/login', body, beforeLogin),

  logout: () => http.post<void>('/p/logout', undefined, { onSessionExpired: 'none' }),

  /** The session check; a failure reloads the page (decided by the caller, spec 002 §4). */
  checkSession: () =>
    http.post<{ user_id: number }>('/account/p/auth/check', undefined, { onSessionExpired: 'none' }),

  /** spec 002 §4: userNotLogin during session correlation reloads the page. */
  correlateSession: () =>
    http.get<unknown>('/p/session/correlate', { query: { new_session: true }, onSessionExpired: 'reload' }),

  changePassword: (body: { old_password: string; new_password: string }) =>
    http.put<void>('/p/user/me/password', body),

  changePasswordWithToken: (body: { token: string; old_password: string; new_password: string }) =>
    http.put<void>('/p/user/password', body, beforeLogin),

  forgotPassword: (account: string) =>
    http.post<ForgotPasswordResult>('/p/password/forgot', { account }, beforeLogin),

  /** Whether the reset link's token still works (InvalidToken once used or expired); it stays unused. */
  checkResetToken: (token: string) =>
    http.get<void>('/p/password/reset', { query: { token }, ...beforeLogin }),

  resetPassword: (body: { token?: string; phone?: string; code?: string; new_password: string }) =>
    http.post<void>('/p/password/reset', body, beforeLogin),

  signupCode: (type: BindType, value: string) =>
    http.post<CodeSent>('/p/signup/code', { type, value }, beforeLogin),

  signup: (body: SignupBody) => http.post<LoginResponse>('/p/signup', body, beforeLogin),

  bindStatus: () => http.get<BindStatus>('/p/bind/status'),

  bindCode: (type: BindType, value: string) => http.post<CodeSent>('/p/bind/code', { type, value }),

  identity: () => http.get<IdentityState>('/p/identity'),

  submitIdentity: (body: { real_name: string; id_number: string }) =>
    http.post<IdentityState>('/p/identity', body),
};
