import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { ApiError } from '../../api/http';
import { prefetching } from '../../app/prefetch';
import { authKeys } from '../auth/queries';
import { json, makeSelf } from '../profile/test-utils';
import { settingsKeys } from '../settings/queries';
import { prefetchDrive } from './prefetch';
import { driveKeys } from './queries';
import { saveSort } from './sorting';

type Handler = (url: URL) => Response;
let handlers: Record<string, Handler>;
let asked: URL[];

const space = (id: number, type: string) => ({ id, groupid: id, name: `space ${id}`, type });
const page = (gid: number, parentid: number) => ({
  files: [{ fileid: 900, fname: `in ${gid}/${parentid}` }],
  offset: 0,
  count: 50,
  total: 1,
  more: false,
});

beforeEach(() => {
  asked = [];
  handlers = {
    '/v1/users/self': () => json(200, makeSelf()),
    '/portal/v1/companies/encrypted_settings': () => json(200, { settings: {} }),
    '/api/v3/groups/special': () => json(200, space(4, 'special')),
    '/api/v3/groups/tmp': () => json(200, space(5, 'tmp')),
    '/api/v3/groups/7': () => json(200, space(7, '3')),
    '/api/cooper/users/self/volumes': () => json(200, { groups: [], offset: 0, limit: 50, more: false }),
    '/api/files/300/path': () => json(200, { groupid: 4, path: [{ fileid: 300, fname: 'Reports' }] }),
    '/api/v3/groups/4/files': (url) => json(200, page(4, Number(url.searchParams.get('parentid')))),
    '/api/v3/groups/7/files': (url) => json(200, page(7, Number(url.searchParams.get('parentid')))),
    '/xfi/v1/volumes/4/files/self/permissions': () => json(200, { user_acl: 4095 }),
    '/xfi/v1/volumes/7/files/self/permissions': () => json(200, { user_acl: 1 }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(input, window.location.origin);
      asked.push(url);
      const handler = handlers[url.pathname];
      return Promise.resolve(handler ? handler(url) : json(404, { result: 'notFound' }));
    }),
  );
  window.localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const paths = () => asked.map((url) => url.pathname);
const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('prefetchDrive', () => {
  test('a folder of my drive: its space, crumbs, first page in the saved sort and permissions are in the cache', async () => {
    saveSort({ orderby: 'name', order: 'asc' });
    const queryClient = client();
    await prefetchDrive(queryClient, { area: 'mine', folderId: 300 });

    const list = queryClient.getQueryData<{ pages: ReturnType<typeof page>[] }>(
      driveKeys.list(4, 300, { orderby: 'name', order: 'asc' }),
    );
    expect(list?.pages[0].files[0].fname).toBe('in 4/300');
    const listed = asked.find((url) => url.pathname === '/api/v3/groups/4/files');
    expect(Object.fromEntries(listed?.searchParams ?? [])).toMatchObject({
      parentid: '300',
      offset: '0',
      count: '50',
      orderby: 'name',
      order: 'asc',
    });
    expect(queryClient.getQueryData(driveKeys.permissions(4, 300))).toEqual({ user_acl: 4095 });
    expect(queryClient.getQueryData(driveKeys.path(300))).toMatchObject({ groupid: 4 });
    expect(queryClient.getQueryData(driveKeys.mySpace())).toMatchObject({ id: 4 });
    expect(queryClient.getQueryData(driveKeys.uploadsSpace())).toMatchObject({ id: 5 });
  });

  test("a team's root lists in the team's space, with no crumbs to ask for", async () => {
    const queryClient = client();
    await prefetchDrive(queryClient, { area: 'team', gid: 7, folderId: 0 });

    expect(queryClient.getQueryData(driveKeys.list(7, 0, { orderby: 'mtime', order: 'desc' }))).toBeDefined();
    expect(queryClient.getQueryData(driveKeys.permissions(7, 0))).toEqual({ user_acl: 1 });
    expect(paths()).not.toContain('/api/v3/groups/4/files');
    expect(paths().some((p) => p.startsWith('/api/files/'))).toBe(false);
  });

  test('an ended session stops it quietly: no list is asked for and the page is not sent anywhere', async () => {
    const expired = () => json(401, { result: 'userNotLogin', code: 40002600 });
    handlers['/api/v3/groups/special'] = expired;
    handlers['/api/v3/groups/tmp'] = expired;
    // An app page, which the default handling would send to login (api/http.ts).
    window.history.replaceState(null, '', '/pcview/drive');
    const queryClient = client();
    await prefetchDrive(queryClient, { area: 'mine', folderId: 0 });

    expect(paths().some((p) => p.endsWith('/files'))).toBe(false);
    const state = queryClient.getQueryState<unknown, ApiError>(driveKeys.mySpace());
    expect(state?.status).toBe('error');
    expect(state?.error?.status).toBe(401);
    // Left for the auth guard, which sends the user to login with the address to come back to.
    expect(state?.error?.handled).toBeFalsy();
  });

  test('spaces already known are not asked for again', async () => {
    const queryClient = client();
    queryClient.setQueryData(driveKeys.mySpace(), space(4, 'special'));
    queryClient.setQueryData(driveKeys.uploadsSpace(), space(5, 'tmp'));
    await prefetchDrive(queryClient, { area: 'mine', folderId: 0 });

    expect(paths()).not.toContain('/api/v3/groups/special');
    expect(paths()).toContain('/api/v3/groups/4/files');
  });
});

/** The csrf cookie a login sets beside the session's (server http/auth.ts), or its removal. */
function csrfCookie(present: boolean) {
  const expires = present ? '' : '; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  // biome-ignore lint/suspicious/noDocumentCookie: the test stands in for the server's Set-Cookie
  document.cookie = `cirrus_csrf=${present ? 'token' : ''}; path=/${expires}`;
}

describe('prefetching (a route loader)', () => {
  beforeEach(() => csrfCookie(true));
  afterEach(() => csrfCookie(false));

  test("answers at once and starts the frame's and the page's questions side by side", async () => {
    const queryClient = client();
    let started = false;
    const loader = prefetching(queryClient, async (params: { fid: string }) => {
      started = params.fid === '300';
    });

    expect(loader({ params: { fid: '300' } })).toBeNull();
    expect(started).toBe(true);
    await vi.waitFor(() => {
      expect(queryClient.getQueryData(authKeys.self())).toMatchObject({ id: 12 });
      expect(queryClient.getQueryData(settingsKeys.all)).toEqual({ settings: {} });
    });
  });

  test("a visitor without a session asks only who is logged in, not for the page's data", async () => {
    csrfCookie(false);
    const page = vi.fn(() => Promise.resolve());
    expect(prefetching(client(), page)({ params: {} })).toBeNull();
    expect(page).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(paths()).toContain('/v1/users/self'));
  });

  test('a failing page prefetch is swallowed, not left as an unhandled rejection', async () => {
    const loader = prefetching(client(), () => Promise.reject(new Error('offline')));
    expect(loader({ params: {} })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
