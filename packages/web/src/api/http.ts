/**
 * The one fetch wrapper every API client goes through. It adds what spec 000 §7 / 002 §7 ask of
 * every call (credentials; a csrf token on POST/PUT/PATCH/DELETE; a cache-busting parameter on
 * GET), turns error answers into `ApiError`, and applies the session-expiry rule of spec 002 §4.
 */
import { CSRF_COOKIE, CSRF_HEADER, isSessionExpired, type Lang, lookupErrorMessage } from '@cirrus/shared';
import { loginRedirectFor } from '../app/paths';

/**
 * An error body as it arrives (ARCHITECTURE.md "API conventions"): `{result, code?, msg, debug?}`.
 * Typed loosely on purpose: it is what the wire carries, not yet checked against the catalogue.
 */
export interface ApiErrorBody {
  result: string;
  code?: number | string;
  msg?: string;
  /** Extra data, e.g. `{ retry_after }` on 429 apiRateLimitExceede. */
  debug?: Record<string, unknown>;
  params?: Record<string, unknown>;
}

export type QueryParams = Record<string, string | number | boolean | undefined>;

/**
 * What a call does when the server says the session is gone (codes 40100100, 40002600 or result
 * userNotLogin): `login` sends the user to login and back (the default), `reload` reloads the page
 * (session correlation, spec 002 §4), `none` leaves it to the caller (the login page asking
 * whether someone is logged in).
 */
export type OnSessionExpired = 'login' | 'reload' | 'none';

export interface RequestOptions {
  query?: QueryParams;
  signal?: AbortSignal;
  onSessionExpired?: OnSessionExpired;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export class ApiError extends Error {
  /** HTTP status; 0 when no answer came (network failure). */
  readonly status: number;
  /** The server's error body `{result, code, msg, debug}`, or null when it sent none. */
  readonly body: ApiErrorBody | null;
  /** Set when the http core already navigated away (login redirect or reload); nothing to show. */
  handled = false;

  constructor(status: number, body: ApiErrorBody | null) {
    super(body?.msg || (status ? `HTTP ${status}` : 'Network failure'));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get result(): string | undefined {
    return this.body?.result;
  }
}

export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      return decodeURIComponent(part.slice(separator + 1).trim());
    }
  }
  return undefined;
}

function buildUrl(method: Method, path: string, query: QueryParams | undefined): string {
  const url = new URL(path, window.location.origin);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  if (method === 'GET') url.searchParams.set('_', String(Date.now()));
  return url.toString();
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ApiErrorBody).result === 'string';
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  if (!response.headers.get('content-type')?.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const RELOAD_MARK = 'cirrus.sessionReloadAt';
const RELOAD_LOOP_WINDOW_MS = 10_000;

/**
 * Reloads the page because the session is gone (spec 002 §4), unless this page was itself loaded
 * by such a reload moments ago: should the server keep contradicting itself, a second reload would
 * only loop. Answers whether it reloads.
 */
export function reloadForSession(): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(RELOAD_MARK) ?? 0);
    if (Date.now() - last < RELOAD_LOOP_WINDOW_MS) return false;
    window.sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
  } catch {
    // no session storage: reload without the loop guard
  }
  window.location.reload();
  return true;
}

function onSessionExpired(mode: OnSessionExpired, error: ApiError): void {
  if (mode === 'reload') {
    error.handled = reloadForSession();
  } else if (mode === 'login') {
    const target = loginRedirectFor(window.location);
    if (target) {
      error.handled = true;
      window.location.assign(target);
    }
  }
}

export async function request<T>(
  method: Method,
  path: string,
  body: unknown,
  { query, signal, onSessionExpired: sessionMode = 'login' }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') {
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers[CSRF_HEADER] = csrf;
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(method, path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, null);
  }

  const payload = await readBody(response);
  if (response.ok) return payload as T;

  const error = new ApiError(response.status, isErrorBody(payload) ? payload : null);
  if (error.body && isSessionExpired(error.body)) onSessionExpired(sessionMode, error);
  throw error;
}

/**
 * A plain form POST (multipart), as the second step of the picture upload sends it to the address
 * the first step answered (spec 000 §7): no JSON, no csrf header (the single-use key stands for it).
 */
export async function postForm<T>(path: string, form: FormData): Promise<T> {
  let response: Response;
  try {
    response = await fetch(new URL(path, window.location.origin).toString(), {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, null);
  }
  const payload = await readBody(response);
  if (response.ok) return payload as T;
  const error = new ApiError(response.status, isErrorBody(payload) ? payload : null);
  if (error.body && isSessionExpired(error.body)) onSessionExpired('login', error);
  throw error;
}

export const http = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('DELETE', path, body, options),
};

/**
 * The text to show for a failed call, by the shared lookup (spec 002 §8): result or code, else the
 * body's msg, else the server-exception text; no answer at all is the server-access text. Errors
 * that are not API errors are bugs of ours; the user gets the generic server-exception text.
 */
export function errorMessage(error: unknown, lang: Lang): string {
  if (error instanceof ApiError) return lookupErrorMessage({ status: error.status, body: error.body }, lang);
  return lookupErrorMessage({ status: 500 }, lang);
}
