/**
 * What every app page needs before it shows anything (the guard's user and settings), asked for
 * as the router matches an address, so that a page's own data can follow at once instead of after
 * the frame has rendered (features/drive/prefetch.ts).
 */
import { CSRF_COOKIE } from '@cirrus/shared';
import type { QueryClient } from '@tanstack/react-query';
import { readCookie } from '../api/http';
import { selfQuery } from '../features/auth/queries';
import { settingsQuery } from '../features/settings/queries';

/** Starts the frame's queries: who is logged in, and the company's settings. */
function prefetchAppFrame(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(selfQuery());
  void queryClient.prefetchQuery(settingsQuery());
}

/** The csrf cookie comes and goes with the session (server http/auth.ts): without it nobody is logged in. */
const mayBeLoggedIn = () => readCookie(CSRF_COOKIE) !== undefined;

/**
 * A route loader that starts the frame's queries and the page's own (`page`, which must not act on
 * an ended session) side by side, without holding the navigation up: the page renders at once and
 * finds its data in the cache, or in flight. A visitor with no session asks only who is logged in.
 */
export function prefetching<P>(queryClient: QueryClient, page?: (params: P) => Promise<void>) {
  return ({ params }: { params: P }) => {
    void prefetchAppFrame(queryClient);
    if (page && mayBeLoggedIn()) page(params).catch(() => undefined);
    return null;
  };
}
