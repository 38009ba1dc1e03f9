/**
 * The recycle bin's rules (spec 001 §2, §4, §8), apart from the screens so they can be tested
 * on their own.
 */
import {
  canSeeTeamBin,
  errorKeyOf,
  isUserRole,
  PERMANENT_DELETE_RELOAD_THRESHOLD,
  type RecycleRecord,
} from '@cirrus/shared';
import { ApiError } from '../../api/http';
import type { BinRef } from '../../api/recycle';
import type { PersonalSpaceIds } from '../drive/location';
import { drivePaths } from '../recent/drive-paths';

export type BinAction = 'preview' | 'recover' | 'purge';

/**
 * The three right-click menus of spec 001 §2: a single file (preview, recover, permanently
 * delete), a single folder (recover, permanently delete), several items (recover, permanently
 * delete).
 */
export function binMenuKind(
  items: readonly Pick<RecycleRecord, 'ftype'>[],
): 'file' | 'folder' | 'several' | 'none' {
  if (items.length === 0) return 'none';
  if (items.length > 1) return 'several';
  return items[0].ftype === 'delfolder' || items[0].ftype === 'folder' ? 'folder' : 'file';
}

export function binActions(items: readonly Pick<RecycleRecord, 'ftype'>[]): BinAction[] {
  switch (binMenuKind(items)) {
    case 'file':
      return ['preview', 'recover', 'purge'];
    case 'folder':
    case 'several':
      return ['recover', 'purge'];
    case 'none':
      return [];
  }
}

/** The bin a deleted item of a space lies in: my bin holds my drive's and my uploaded files'. */
export function binOf(gid: number, personal: PersonalSpaceIds): BinRef {
  return gid === personal.mine || gid === personal.uploads ? { kind: 'mine' } : { kind: 'team', gid };
}

/** A bin's page. */
export function binPath(bin: BinRef): string {
  return bin.kind === 'mine' ? drivePaths.myBin : drivePaths.teamBin(bin.gid);
}

/** spec 001 §4: a permanent delete of 25 or more items reloads the list. */
export function shouldReloadAfterPurge(count: number): boolean {
  return count >= PERMANENT_DELETE_RELOAD_THRESHOLD;
}

/** spec 001 §2, §6: a team bin is for creator, manager and admin (user_role of the team record). */
export function mayOpenTeamBin(userRole: string | undefined): boolean {
  return isUserRole(userRole) && canSeeTeamBin(userRole);
}

export type BinLoadFailure =
  /** No answer body: "server busy" for 1.5 s and a server-error placeholder. */
  | 'serverBusy'
  | 'permissionDenied'
  /** Anything else: "group not exist". */
  | 'groupNotExist';

/**
 * spec 001 §8 "Recycle and search": a bin that fails to load says why and goes back to
 * /drive/recycle. No response body means a server error; permissionDenied says so; any other
 * failure is told as a team that does not exist.
 */
export function binLoadFailure(error: unknown): BinLoadFailure {
  if (!(error instanceof ApiError) || error.body === null) return 'serverBusy';
  return errorKeyOf(error.body) === 'permissionDenied' ? 'permissionDenied' : 'groupNotExist';
}
