/**
 * Where the drive is looking, and its address (spec 001 §2 routes, under the app base):
 *   /drive                      my drive              /drive/folder/{fid}    a folder in my drive
 *   /drive/tmp                  the uploaded files    /drive/tmp/{fid}       a folder in them
 *   /drive/group/{gid}          a team space          /drive/group/{gid}/{fid}  a folder in it
 * The spec names only /drive and the team routes; the folder and uploaded-files shapes are ours,
 * built the same way so that every folder has an address to share and reload.
 */
import { ROOT_FOLDER_ID } from '@cirrus/shared';
import { paths } from '../../app/paths';

export type DriveArea = 'mine' | 'uploads' | 'team';

/** A place in the drive as the address names it; the two personal areas find their space id by a call. */
export interface DriveLocation {
  area: DriveArea;
  /** The team's space id; only for area 'team'. */
  gid?: number;
  /** 0 is the space root. */
  folderId: number;
}

/** A folder as the API addresses it: space id and folder id (0 = root). */
export interface FolderRef {
  gid: number;
  folderId: number;
}

/** A positive integer from an address segment, or undefined for anything else ("12a", "0", "-1"). */
export function parseId(segment: string | undefined): number | undefined {
  if (!segment || !/^[1-9]\d{0,9}$/.test(segment)) return undefined;
  const id = Number(segment);
  return id <= 2 ** 31 - 1 ? id : undefined;
}

/** The location a route names, or undefined when its ids are not ids (the page shows not found). */
export function locationFromRoute(
  area: DriveArea,
  params: { gid?: string; fid?: string },
): DriveLocation | undefined {
  const folderId = params.fid === undefined ? ROOT_FOLDER_ID : parseId(params.fid);
  if (folderId === undefined) return undefined;
  if (area !== 'team') return { area, folderId };
  const gid = parseId(params.gid);
  return gid === undefined ? undefined : { area, gid, folderId };
}

export function drivePath({ area, gid, folderId }: DriveLocation): string {
  const folder = folderId ? `/${folderId}` : '';
  if (area === 'team') return `${paths.drive}/group/${gid}${folder}`;
  if (area === 'uploads') return `${paths.drive}/tmp${folder}`;
  return folderId ? `${paths.drive}/folder/${folderId}` : paths.drive;
}

/** The ids of the user's two personal spaces, to tell them from team spaces. */
export interface PersonalSpaceIds {
  mine?: number;
  uploads?: number;
}

/** The address of a folder given by space id (after a copy or move, from the picker). */
export function locationOfFolder({ gid, folderId }: FolderRef, personal: PersonalSpaceIds): DriveLocation {
  if (gid === personal.mine) return { area: 'mine', folderId };
  if (gid === personal.uploads) return { area: 'uploads', folderId };
  return { area: 'team', gid, folderId };
}
