import { canSeeTeamBin, userRoleFromTeamRole } from '@cirrus/shared';
import type { SpaceAccess } from '../spaces/service.ts';

/**
 * Who may open a space's recycle bin, recover from it and purge it (spec 001 §2, §6): a personal
 * space's bin is its owner's (only the owner sees the space at all); a team's bin is for the roles
 * creator, manager and admin. Others are sent to /404.html by the web app and answered
 * permissionDenied by the API.
 */
export function canOpenBin(access: Pick<SpaceAccess, 'space' | 'role'>): boolean {
  if (access.space.type !== 'team') return true;
  return canSeeTeamBin(userRoleFromTeamRole(access.role));
}
