/** Where a file from anywhere (starred, recent, search) lives in the drive, and its address there. */
import type { FileRecord } from '@cirrus/shared';
import { type DriveLocation, drivePath } from '../drive/location';

/** The drive area of a file's space: spec 001 §3 file_src_type private (my drive), tmp (uploads), group. */
export function locationOf(
  file: Pick<FileRecord, 'file_src_type' | 'groupid'>,
  folderId: number,
): DriveLocation {
  if (file.file_src_type === 'private') return { area: 'mine', folderId };
  if (file.file_src_type === 'tmp') return { area: 'uploads', folderId };
  return { area: 'team', gid: file.groupid, folderId };
}

/** A folder opens itself; a file opens the folder it is in. */
export function openAddress(
  file: Pick<FileRecord, 'file_src_type' | 'groupid' | 'ftype' | 'id' | 'parentid'>,
): string {
  return drivePath(locationOf(file, file.ftype === 'folder' ? file.id : file.parentid));
}

/** The folder part of a path: "/Reports/2026/plan.docx" -> "/Reports/2026"; "" at the root. */
export function folderOf(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut > 0 ? path.slice(0, cut) : '';
}
