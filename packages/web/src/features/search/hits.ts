/**
 * Where a file hit lives and opens, for the search box's dropdown and the search pages' list
 * (FileHitList): a module of its own so that the box, on every screen, does not bring the list.
 */
import type { SearchFileHit } from '@cirrus/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { drivePath, locationOfFolder, type PersonalSpaceIds } from '../drive/location';
import { useMySpace, useTeams, useUploadsSpace } from '../drive/queries';
import { previewPath } from '../preview/paths';
import { fileFolderPath } from './paths';

/** The user's two personal spaces and the names of spaces, for where each hit is. */
export function useSpaceNames(): { personal: PersonalSpaceIds; nameOf: (gid: number) => string | undefined } {
  const { t } = useTranslation('search');
  const mine = useMySpace();
  const uploads = useUploadsSpace();
  const { teams } = useTeams();
  return useMemo(() => {
    const names = new Map<number, string>(teams.map((team) => [team.id, team.name]));
    if (mine.data) names.set(mine.data.id, t('hit.myDrive'));
    if (uploads.data) names.set(uploads.data.id, t('hit.uploads'));
    return { personal: { mine: mine.data?.id, uploads: uploads.data?.id }, nameOf: (gid) => names.get(gid) };
  }, [teams, mine.data, uploads.data, t]);
}

/** Where a hit opens: a folder in itself, a file in its folder with it highlighted. */
export function hitPath(hit: SearchFileHit, personal: PersonalSpaceIds): string {
  return hit.ftype === 'folder'
    ? drivePath(locationOfFolder({ gid: hit.groupid, folderId: hit.fileid }, personal))
    : fileFolderPath(hit, personal);
}

/** What a hit's name opens: a folder in itself, a file in the viewer (its folder is the other button). */
export function hitOpenPath(hit: SearchFileHit, personal: PersonalSpaceIds): string {
  return hit.ftype === 'folder' ? hitPath(hit, personal) : previewPath(hit.fileid);
}
