/**
 * The drive's first screen asked for as soon as the router matches its address, not as each part
 * mounts: the space, the folder's crumbs, its first page of rows (in the sort this browser keeps)
 * and its permissions, and the side list's teams. Without it those requests went out in four
 * rounds, each once the component that needed it had rendered and mounted (bench W8's trace); now
 * only the rows wait, for the space's id. On loopback the browser's rendering hid those waits; on
 * a real network they are round trips in a row.
 *
 * It runs beside the auth guard's request for the user rather than after it, so an ended session
 * is left to the guard (`onSessionExpired: 'none'`), and any failure to the page's own queries.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { RequestOptions } from '../../api/http';
import type { DriveLocation } from './location';
import { driveQueries } from './queries';
import { readSort } from './sorting';

const QUIET: RequestOptions = { onSessionExpired: 'none' };

export async function prefetchDrive(queryClient: QueryClient, location: DriveLocation): Promise<void> {
  // useSpaceOf reads both personal spaces, whichever area is open.
  const mine = queryClient.ensureQueryData(driveQueries.mySpace(QUIET));
  const uploads = queryClient.ensureQueryData(driveQueries.uploadsSpace(QUIET));
  void queryClient.prefetchInfiniteQuery(driveQueries.teams(QUIET));
  if (location.folderId) void queryClient.prefetchQuery(driveQueries.path(location.folderId, QUIET));
  const space =
    location.area === 'team'
      ? queryClient.ensureQueryData(driveQueries.group(location.gid ?? 0, QUIET))
      : location.area === 'uploads'
        ? uploads
        : mine;
  const [found] = await Promise.allSettled([space, mine, uploads]);
  if (found.status === 'rejected') return;
  const folder = { gid: found.value.id, folderId: location.folderId };
  await Promise.all([
    queryClient.prefetchInfiniteQuery(driveQueries.list(folder, readSort(), QUIET)),
    queryClient.prefetchQuery(driveQueries.permissions(folder, QUIET)),
  ]);
}
