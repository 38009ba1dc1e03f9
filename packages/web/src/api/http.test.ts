import { CSRF_COOKIE, errorText } from '@cirrus/shared';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError, errorMessage, http } from './http';

const ORIGIN = 'http://localhost:3000';

interface Sent {
  url: URL;
  init: RequestInit;
}

let sent: Sent[];
let answer: () => Response | Promise<Response>;
let location: { assign: ReturnType<typeof vi.fn>; reload: ReturnType<typeof vi.fn> };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function openPage(path: string) {
  const url = new URL(path, ORIGIN);
  location = { assign: vi.fn(), reload: vi.fn() };
  vi.stubGlobal('location', {
    origin: ORIGIN,
    href: url.href,
    pathname: url.pathname,
    search: url.search,
    hash: url.hash,
    ...location,
  });
}

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

function setCsrfCookie(value: string | null) {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server setting the cookie
  document.cookie =
    value === null
      ? `${CSRF_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`
      : `${CSRF_COOKIE}=${value}; path=/`;
}

function headersOf(init: RequestInit): Headers {
  return new Headers(init.headers);
}

beforeEach(() => {
  sessionStorage.clear();
  sent = [];
  answer = () => json(200, { ok: true });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      sent.push({ url: new URL(input), init });
      return answer();
    }),
  );
  openPage('/pcview/drive');
  setCsrfCookie('csrf-token-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setCsrfCookie(null);
});

describe('what every call carries (spec 000 §7, 002 §7)', () => {
  test('GET sends credentials, no csrf token, and a cache-busting parameter', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_700_000_000_000);
    await http.get('/v1/users/self', { query: { names: 'a,b', skipped: undefined } });

    const [{ url, init }] = sent;
    expect(url.pathname).toBe('/v1/users/self');
    expect(url.searchParams.get('_')).toBe('1700000000000');
    expect(url.searchParams.get('names')).toBe('a,b');
    expect(url.searchParams.has('skipped')).toBe(false);
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(headersOf(init).has('X-CSRF-Token')).toBe(false);
  });

  test.each(['post', 'put', 'patch', 'delete'] as const)(
    '%s sends the csrf cookie as X-CSRF-Token, JSON, no cache buster',
    async (method) => {
      await http[method]('/v1/feedback', { content: 'hi' });

      const [{ url, init }] = sent;
      expect(init.method).toBe(method.toUpperCase());
      expect(headersOf(init).get('X-CSRF-Token')).toBe('csrf-token-1');
      expect(headersOf(init).get('Content-Type')).toBe('application/json');
      expect(init.body).toBe('{"content":"hi"}');
      expect(init.credentials).toBe('same-origin');
      expect(url.searchParams.has('_')).toBe(false);
    },
  );

  test('a POST before login (no csrf cookie yet) goes without the header', async () => {
    setCsrfCookie(null);
    await http.post('/p/login', { account: 'admin', password: 'x' });
    expect(headersOf(sent[0].init).has('X-CSRF-Token')).toBe(false);
  });

  test('answers the JSON body, and nothing for 204', async () => {
    answer = () => json(201, { id: 7, content: 'hi' });
    await expect(http.post('/v1/feedback', { content: 'hi' })).resolves.toEqual({ id: 7, content: 'hi' });
    answer = () => new Response(null, { status: 204 });
    await expect(http.post('/p/logout')).resolves.toBeUndefined();
  });
});

describe('errors and their texts (spec 002 §8 lookup)', () => {
  test('an error answer becomes an ApiError with status and body, its text from the catalogue', async () => {
    answer = () => json(400, { result: 'wrongPassword', msg: 'The current password is incorrect.' });
    const error = await failure(http.post('/p/login', {}));
    expect(error.status).toBe(400);
    expect(error.result).toBe('wrongPassword');
    expect(errorMessage(error, 'zh-CN')).toBe(errorText('wrongPassword', 'zh-CN'));
    expect(errorMessage(error, 'en')).toBe(errorText('wrongPassword', 'en'));
  });

  test('an unknown result falls back to the body msg, then to the server-exception text', async () => {
    answer = () => json(400, { result: 'somethingNew', msg: 'Told by the server' });
    expect(errorMessage(await failure(http.get('/x')), 'en')).toBe('Told by the server');

    answer = () => new Response('<html>Bad gateway</html>', { status: 502 });
    const error = await failure(http.get('/x'));
    expect(error.body).toBeNull();
    expect(errorMessage(error, 'en')).toBe(errorText('serverException', 'en'));
  });

  test('no answer at all is the server-access text', async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    const error = await failure(http.get('/x'));
    expect(error.status).toBe(0);
    expect(errorMessage(error, 'en')).toBe(errorText('serverAccess', 'en'));
  });
});

describe('session expiry (spec 002 §4)', () => {
  test.each([
    ['result userNotLogin', { result: 'userNotLogin', code: 40100100, msg: 'not logged in' }],
    ['code 40100100', { result: 'other', code: 40100100, msg: '' }],
    ['code 40002600', { result: 'sessionExpired', code: 40002600, msg: '' }],
  ])('%s sends the user to login with the current address as cb', async (_name, body) => {
    openPage('/pcview/drive/group/3?sort=name#top');
    answer = () => json(401, body);
    const error = await failure(http.get('/v1/users/self'));
    expect(location.assign).toHaveBeenCalledWith(
      `/cts?cb=${encodeURIComponent('/pcview/drive/group/3?sort=name#top')}`,
    );
    expect(error.handled).toBe(true);
  });

  test.each(['/pcview/embed/profile/5', '/mservice/app', '/notes/12', '/service/x', '/cts'])(
    'on the exempt path %s there is no redirect',
    async (path) => {
      openPage(path);
      answer = () => json(401, { result: 'userNotLogin', code: 40100100, msg: '' });
      const error = await failure(http.get('/v1/users/self'));
      expect(location.assign).not.toHaveBeenCalled();
      expect(error.handled).toBe(false);
    },
  );

  test('at the root path a logged-out user goes to the landing page', async () => {
    openPage('/');
    answer = () => json(401, { result: 'userNotLogin', code: 40100100, msg: '' });
    await failure(http.get('/v1/users/self'));
    expect(location.assign).toHaveBeenCalledWith('/landing');
  });

  test('other errors, 403 included, do not redirect', async () => {
    answer = () => json(403, { result: 'permissionDenied', msg: '' });
    await failure(http.get('/api/v3/groups/1'));
    answer = () => json(401, { result: 'wrongPassword', msg: '' });
    await failure(http.post('/p/login', {}));
    expect(location.assign).not.toHaveBeenCalled();
  });

  test('a call may ask for a reload instead (session correlation), or for nothing', async () => {
    answer = () => json(401, { result: 'userNotLogin', code: 40100100, msg: '' });
    await failure(http.get('/p/session/correlate', { onSessionExpired: 'reload' }));
    expect(location.reload).toHaveBeenCalledTimes(1);

    await failure(http.get('/v1/users/self', { onSessionExpired: 'none' }));
    expect(location.assign).not.toHaveBeenCalled();
    expect(location.reload).toHaveBeenCalledTimes(1);
  });

  test('a page loaded by such a reload moments ago does not reload again (no reload loop)', async () => {
    answer = () => json(401, { result: 'userNotLogin', code: 40100100, msg: '' });
    await failure(http.get('/p/session/correlate', { onSessionExpired: 'reload' }));
    const second = await failure(http.get('/p/session/correlate', { onSessionExpired: 'reload' }));
    expect(location.reload).toHaveBeenCalledTimes(1);
    expect(second.handled).toBe(false);
  });
});
