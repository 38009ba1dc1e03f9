/**
 * Where things live. The router owns full paths: the login page and the landing page sit
 * outside the app's base path, the app itself under /pcview (or /view, which a private
 * deployment with web office uses; spec 000 §2 and 002 §2). The server sends index.html for all of them.
 */
import { sameOriginPath } from '@cirrus/shared';

export const LOGIN_PATH = '/cts';
export const LANDING_PATH = '/landing';

const APP_BASES = ['/pcview', '/view'] as const;
export type AppBase = (typeof APP_BASES)[number];

export function appBaseOf(pathname: string): AppBase {
  return pathname === '/view' || pathname.startsWith('/view/') ? '/view' : '/pcview';
}

/** The base the page was opened under; links inside the app stay under it. */
export const APP_BASE: AppBase = appBaseOf(typeof window === 'undefined' ? '/' : window.location.pathname);

export const paths = {
  home: APP_BASE,
  drive: `${APP_BASE}/drive`,
  message: `${APP_BASE}/message`,
  contacts: `${APP_BASE}/contacts`,
  /** A user card as a page (spec 000 §2). */
  user: (userId: number) => `${APP_BASE}/user/${userId}`,
};

/** The login page's own steps (they sit beside /cts, clear of the /cts/v1 API paths). */
export const FORGOT_PASSWORD_PATH = '/cts/forgot';
export const RESET_PASSWORD_PATH = '/cts/reset';
export const SIGNUP_PATH = '/cts/signup';

/**
 * spec 002 §2 / §4: paths starting /pcview/, /mservice/, /notes/, /service/ are exempt from the
 * login redirect. Our app itself lives at /pcview, so exempting all of it would leave a logged-out
 * user on an empty drive. We read the rule as the original did: the exempt paths are views that are
 * embedded elsewhere (in the desktop client or another service) and handle login themselves. For the
 * app's own base that is the embedded-view prefix /pcview/embed/ (and /view/embed/), reserved for
 * views a desktop client embeds such as a profile; ordinary pages like /pcview/drive redirect.
 */
export const LOGIN_REDIRECT_EXEMPT_PREFIXES = [
  ...APP_BASES.map((base) => `${base}/embed/`),
  '/mservice/',
  '/notes/',
  '/service/',
];

export function isExemptFromLoginRedirect(pathname: string): boolean {
  return LOGIN_REDIRECT_EXEMPT_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** `/cts?cb=<return url>`; the return url is kept relative, so it is same-origin by construction. */
export function loginUrl(returnTo?: string): string {
  return returnTo ? `${LOGIN_PATH}?cb=${encodeURIComponent(returnTo)}` : LOGIN_PATH;
}

export function currentRelativeUrl(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/**
 * The place to go after login: the cb parameter when it stays on this origin, else the root
 * address, which the server answers with the drive under the deployment's base.
 * An off-site cb would turn the login page into an open redirect.
 */
export function safeReturnUrl(cb: string | null, origin: string): string {
  // The root address: the server sends a logged-in user into the drive under the deployment's base.
  const home = '/';
  if (!cb) return home;
  const target = sameOriginPath(cb, origin);
  if (target === undefined) return home;
  // Coming back to the login page itself would only bounce to cb again.
  return new URL(target, origin).pathname === LOGIN_PATH ? home : target;
}

/** Whether a path belongs to this page's router (else going there is a full page load). */
export function isAppPath(pathname: string): boolean {
  return pathname === APP_BASE || pathname.startsWith(`${APP_BASE}/`) || pathname === LANDING_PATH;
}

const BASE_PREFIX = /^\/(?:pcview|view)(?=\/|$)/;

/**
 * An app page's address moved under `base`, the one the deployment uses (spec 002 §2). This page's
 * own base may be the other one: a recycled file's address, /view/p/{id}, loads the app under /view.
 */
export function withAppBase(path: string, base: AppBase): string {
  return path.replace(BASE_PREFIX, base);
}

/** A page of the app under the base this page was not loaded under: outside its router. */
export function isOtherAppBase(pathname: string): boolean {
  return BASE_PREFIX.test(pathname) && !isAppPath(pathname);
}

/**
 * Where a logged-out user on `location` is sent (spec 001 §2, 002 §4): from the root path to the
 * landing page, from an exempt path or the login page nowhere, from anywhere else to login with
 * the current address as cb.
 */
export function loginRedirectFor(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string | null {
  const { pathname } = location;
  if (pathname === '/') return LANDING_PATH;
  if (pathname === LOGIN_PATH || pathname === LANDING_PATH || isExemptFromLoginRedirect(pathname))
    return null;
  return loginUrl(currentRelativeUrl(location));
}
