/**
 * Addresses of the drive's other areas (spec 001 §2 routes, under the app base):
 *   /drive/recent                    recent files (ours; the spec names the call, not the page)
 *   /drive/stared                    starred files ("stared" is the spec's spelling)
 *   /drive/recycle                   the recycle area: my bin and the team bins I may open
 *   /drive/recycle/my                my recycle bin
 *   /drive/recycle/group             the teams whose bins I may open
 *   /drive/recycle/group/{gid}       a team's bin (also /drive/group/{gid}/recycle)
 *   /drive/group/{gid}/activity      a team's activity (ours)
 */
import { paths } from '../../app/paths';

export const drivePaths = {
  recent: `${paths.drive}/recent`,
  starred: `${paths.drive}/stared`,
  recycle: `${paths.drive}/recycle`,
  myBin: `${paths.drive}/recycle/my`,
  teamBins: `${paths.drive}/recycle/group`,
  teamBin: (gid: number) => `${paths.drive}/recycle/group/${gid}`,
  teamActivity: (gid: number) => `${paths.drive}/group/${gid}/activity`,
};

/** Where a logged-in user who may not open a team bin is sent (spec 001 §2): a page of the server. */
export const NOT_FOUND_PAGE = '/404.html';
