/**
 * The desktop client opens the app in its own window and announces itself in the user agent as
 * `CirrusDesktop/<version>`. Some avatar-menu entries depend on it (spec 000 §2).
 */
export interface DesktopClient {
  version: string | null;
}

const DESKTOP_CLIENT_UA = /CirrusDesktop(?:\/([\w.+-]+))?/;

export function desktopClientOf(userAgent: string): DesktopClient | null {
  const match = DESKTOP_CLIENT_UA.exec(userAgent);
  return match ? { version: match[1] ?? null } : null;
}

export const desktopClient = desktopClientOf(typeof navigator === 'undefined' ? '' : navigator.userAgent);
