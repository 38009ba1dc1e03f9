/**
 * spec 002 §4 "Logout": "In the desktop client it asks for confirmation if transfers are running,
 * or fails with 'logout failed' when offline; error code 4103 from the before-logout hook gives the
 * same message" (§8 the same). This is the part before the server's logout: offline, nothing is
 * asked and the session stays; online, the client's hook (POST /v1/session/logout) may refuse.
 */
import { BridgeError, type DesktopBridge } from './bridge';

export async function beforeDesktopLogout(
  bridge: Pick<DesktopBridge, 'beforeLogout'>,
  { online, origin }: { online: boolean; origin: string },
): Promise<void> {
  // The client could not sign out of the server with us: the page stays logged in too.
  if (!online) throw new BridgeError('logoutFailed');
  try {
    await bridge.beforeLogout({ origin });
  } catch (error) {
    // No hook to refuse: the client's service is gone, and the user may still leave the page's session.
    if (error instanceof BridgeError && error.key === 'connectClientFailed') return;
    throw error;
  }
}
