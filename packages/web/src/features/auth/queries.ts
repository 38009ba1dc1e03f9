import { isMustChangePassword, isSessionExpired, type LoginResponse, type SelfUser } from '@cirrus/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountApi } from '../../api/account';
import { contactsApi } from '../../api/contacts';
import { ApiError } from '../../api/http';
import { LOGIN_PATH } from '../../app/paths';
import { desktopBridge } from '../desktop/bridge';
import { beforeDesktopLogout } from '../desktop/logout';
import { desktopClient } from '../settings/desktop-client';
import { settingsKeys } from '../settings/queries';

export const authKeys = {
  all: ['auth'] as const,
  self: () => [...authKeys.all, 'self'] as const,
  resetLink: (token: string) => [...authKeys.all, 'reset-link', token] as const,
};

/** The current user, or null when nobody is logged in; the guards decide where null goes. */
async function fetchSelfOrNull(): Promise<SelfUser | null> {
  try {
    return await contactsApi.getSelf({ onSessionExpired: 'none' });
  } catch (error) {
    if (error instanceof ApiError && error.body && isSessionExpired(error.body)) return null;
    throw error;
  }
}

/** Shared by useSelfUser and the first screen's prefetch (app/prefetch.ts). */
export const selfQuery = () =>
  queryOptions({ queryKey: authKeys.self(), queryFn: fetchSelfOrNull, staleTime: 60_000 });

export function useSelfUser() {
  return useQuery(selfQuery());
}

/** The logged-in user, for screens under the auth guard (which renders them only once it is known). */
export function useCurrentUser(): SelfUser {
  const { data } = useSelfUser();
  if (!data) throw new Error('useCurrentUser is used outside the auth guard');
  return data;
}

/** A session was opened (login, sign-up): the page's guard sees the user and moves on. */
function useSessionOpened() {
  const queryClient = useQueryClient();
  return ({ user }: LoginResponse) => {
    queryClient.setQueryData(authKeys.self(), user);
    // Some settings are only answered to a logged-in user.
    return queryClient.invalidateQueries({ queryKey: settingsKeys.all });
  };
}

/** Login answers a session, or a token when the password must be changed first (the caller shows that step). */
export function useLogin() {
  const opened = useSessionOpened();
  return useMutation({
    mutationFn: accountApi.login,
    onSuccess: (result) => (isMustChangePassword(result) ? undefined : opened(result)),
  });
}

export function useSignup() {
  const opened = useSessionOpened();
  return useMutation({ mutationFn: accountApi.signup, onSuccess: opened });
}

/**
 * spec 002 §4 "Logout": on the web, call logout, then go to login. Inside the desktop client, first
 * its before-logout hook (features/desktop/logout.ts): offline or refused, logoutFailed, and the
 * session stays.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline inside the client it runs all the same, to say logoutFailed; the default waits for the network.
    networkMode: desktopClient ? 'always' : 'online',
    mutationFn: async () => {
      if (desktopClient)
        await beforeDesktopLogout(desktopBridge, {
          online: navigator.onLine,
          origin: window.location.origin,
        });
      try {
        await accountApi.logout();
      } catch (error) {
        // An already expired session is as logged out as it gets.
        if (!(error instanceof ApiError && error.body && isSessionExpired(error.body))) throw error;
      }
    },
    onSuccess: () => {
      queryClient.clear();
      // A full page load, so nothing of the previous user stays in memory.
      window.location.assign(LOGIN_PATH);
    },
  });
}

/**
 * Whether the reset link still works, asked as its page opens, so that a used or expired link says
 * so before a new password is typed in; the token is used only by the reset itself.
 */
export function useResetLinkCheck(token: string) {
  return useQuery({
    queryKey: authKeys.resetLink(token),
    queryFn: () => accountApi.checkResetToken(token).then(() => true),
    enabled: token !== '',
  });
}

/** The reset itself; the link is used up, so its check is asked again the next time it is opened. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountApi.resetPassword,
    onSuccess: (_answer, { token }) =>
      token
        ? queryClient.invalidateQueries({ queryKey: authKeys.resetLink(token), refetchType: 'none' })
        : undefined,
  });
}
