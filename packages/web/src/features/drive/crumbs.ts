/**
 * The breadcrumb of a drive location (spec 001 §2 "Breadcrumb"): my drive is the root; the
 * uploaded-files area is a second crumb after it; a team's crumbs start with the team's name (a
 * team is a space beside my drive in the side list, not a folder inside it); folder crumbs follow,
 * from GET /api/files/{id}/path. Inside the desktop client an all-files crumb comes first.
 */
import type { GroupRecord } from '@cirrus/shared';
import type { PathNode } from '../../api/drive';
import { type DriveLocation, drivePath, type FolderRef, type PersonalSpaceIds } from './location';

export interface Crumb {
  key: string;
  label: string;
  to: string;
  /** The folder it stands for, once its space's id is known: rows dropped on it move there. */
  folder?: FolderRef;
}

export interface CrumbLabels {
  mine: string;
  uploads: string;
  /** The team's name, once known. */
  team?: string;
  /** The all-files crumb's label: given inside the desktop client only (spec 001 §2). */
  allFiles?: string;
}

/**
 * Whether a folder's path (GET /api/files/{id}/path) is of the space the address names: a folder
 * id typed under another space's address must not lend that space its folders' names.
 */
export function pathIsOf(location: DriveLocation, group: { id: number; type: GroupRecord['type'] }): boolean {
  if (location.area === 'team') return group.id === location.gid;
  return group.type === (location.area === 'uploads' ? 'tmp' : 'special');
}

/**
 * `spaces` gives the crumbs their folders: the id of the space the location is in, and the
 * personal spaces' ids (my drive is the first crumb of the uploaded-files area too).
 */
export function buildCrumbs(
  location: DriveLocation,
  labels: CrumbLabels,
  path: readonly PathNode[],
  spaces: { current?: number; personal?: PersonalSpaceIds } = {},
): Crumb[] {
  const root = { ...location, folderId: 0 };
  const folderIn = (gid: number | undefined, folderId: number) =>
    gid === undefined ? {} : { folder: { gid, folderId } };
  const crumbs: Crumb[] = [];
  // spec 001 §2 "The desktop client adds an all-files crumb at the start". It leads to the drive's
  // root, /drive (my drive's top, the spec's "root"): the drive has no page of its own that
  // lists the spaces; its root shows them all in the side list, my drive open beside them, as the
  // client's window opens the app. Not a folder: nothing is dropped on it.
  if (labels.allFiles !== undefined)
    crumbs.push({ key: 'all', label: labels.allFiles, to: drivePath({ area: 'mine', folderId: 0 }) });
  if (location.area === 'team') {
    crumbs.push({
      key: `team-${location.gid}`,
      label: labels.team ?? '…',
      to: drivePath(root),
      ...folderIn(spaces.current, 0),
    });
  } else {
    crumbs.push({
      key: 'mine',
      label: labels.mine,
      to: drivePath({ area: 'mine', folderId: 0 }),
      ...folderIn(spaces.personal?.mine, 0),
    });
    if (location.area === 'uploads')
      crumbs.push({
        key: 'uploads',
        label: labels.uploads,
        to: drivePath(root),
        ...folderIn(spaces.current, 0),
      });
  }
  if (location.folderId) {
    for (const node of path) {
      if (node.ftype !== 'folder') continue;
      crumbs.push({
        key: `f${node.fileid}`,
        label: node.fname,
        to: drivePath({ ...location, folderId: node.fileid }),
        ...folderIn(spaces.current, node.fileid),
      });
    }
  }
  return crumbs;
}

/**
 * Where the back link goes: the nearest crumb above the current one that is another page (the
 * all-files crumb and my drive's top are the same page, so my drive's top has no back link).
 */
export function parentCrumb(crumbs: readonly Crumb[]): Crumb | undefined {
  const current = crumbs.at(-1);
  return crumbs.slice(0, -1).findLast((crumb) => crumb.to !== current?.to);
}

/**
 * Long trails keep the first crumb and the last `tail` ones; the ones between go into the
 * ellipsis menu (spec 001 §2).
 */
export function collapseCrumbs(
  crumbs: readonly Crumb[],
  max = 5,
  tail = 3,
): { shown: Crumb[]; hidden: Crumb[] } {
  if (crumbs.length <= max) return { shown: [...crumbs], hidden: [] };
  return { shown: [crumbs[0], ...crumbs.slice(-tail)], hidden: crumbs.slice(1, -tail) };
}

/** A phone's trail: the last crumb alone, the ones before it in the ellipsis menu. */
export function collapseToLast(crumbs: readonly Crumb[]): { shown: Crumb[]; hidden: Crumb[] } {
  return { shown: crumbs.slice(-1), hidden: crumbs.slice(0, -1) };
}
