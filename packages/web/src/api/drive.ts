/**
 * Drive service (spec 001 §7 "Files and folders", "Teams and spaces"): spaces, file lists, folder
 * and file changes, paths and download addresses. Paths exactly as the spec writes them.
 */
import type { FileList, FileRecord, GroupRecord, PermissionFlags } from '@cirrus/shared';
import { http, type RequestOptions } from './http';

export type SortField = 'name' | 'mtime' | 'size';
export type SortOrder = 'asc' | 'desc';

export interface FileSort {
  orderby: SortField;
  order: SortOrder;
}

export interface ListFilesQuery extends FileSort {
  parentid: number;
  offset: number;
  count: number;
  /** 'folder': folders only (the folder tree). */
  filter?: 'folder';
}

/** GET /api/cooper/users/self/volumes: the user's team spaces, pinned first. */
export interface VolumesPage {
  groups: GroupRecord[];
  offset: number;
  limit: number;
  more: boolean;
}

/** One step of GET /api/files/{id}/path, from the space root down to the item itself. */
export interface PathNode {
  fileid: number;
  fname: string;
  parentid: number;
  ftype: 'folder' | 'file';
}

export interface FilePath {
  groupid: number;
  group: { id: number; name: string; type: GroupRecord['type'] };
  path: PathNode[];
}

/** An item a batch call could not handle, with the spec's error key (spec 001 §8). */
export interface FailItem {
  fileid: number;
  name: string;
  result: string;
}

export interface BatchResult {
  failList: FailItem[];
}

/** Where a batch copy or move goes: a folder (0 = the space root) in a space. */
export interface TransferBody {
  fileids: number[];
  groupid: number;
  parentid: number;
  target_groupid: number;
  target_parentid: number;
}

export interface SelfPermissions {
  volume_id: number;
  file_id: number;
  user_acl: number;
  permission: PermissionFlags;
  user_role: string;
}

const files = (gid: number) => `/api/v3/groups/${gid}/files`;

export const driveApi = {
  /** GET /api/v3/groups/special: my drive. */
  mySpace: (options?: RequestOptions) => http.get<GroupRecord>('/api/v3/groups/special', options),

  /** GET /api/v3/groups/tmp: the uploaded-files area. */
  uploadsSpace: (options?: RequestOptions) => http.get<GroupRecord>('/api/v3/groups/tmp', options),

  teams: (offset: number, limit: number, options?: RequestOptions) =>
    http.get<VolumesPage>('/api/cooper/users/self/volumes', { ...options, query: { offset, limit } }),

  group: (gid: number, options?: RequestOptions) => http.get<GroupRecord>(`/api/v3/groups/${gid}`, options),

  list: (gid: number, query: ListFilesQuery, options?: RequestOptions) =>
    http.get<FileList>(files(gid), { ...options, query: { ...query } }),

  file: (gid: number, fid: number, options?: RequestOptions) =>
    http.get<FileRecord>(`${files(gid)}/${fid}`, options),

  path: (fid: number, options?: RequestOptions) => http.get<FilePath>(`/api/files/${fid}/path`, options),

  /** GET /xfi/v1/volumes/{v}/files/self/permissions: the actor's mask on a folder (0 = root). */
  selfPermissions: (gid: number, fid: number, options?: RequestOptions) =>
    http.get<SelfPermissions>(`/xfi/v1/volumes/${gid}/files/self/permissions`, {
      ...options,
      query: { file: fid },
    }),

  /**
   * POST /api/v3/groups/{gid}/files: a new folder. `exist_ok` (ours, for folder uploads) answers an
   * existing folder of that name instead of fileNameConflict.
   */
  createFolder: (gid: number, parentid: number, name: string, existOk = false) =>
    http.post<FileRecord>(files(gid), {
      groupid: gid,
      parentid,
      name,
      ...(existOk ? { exist_ok: true } : {}),
    }),

  /**
   * POST .../files/new_empty?im_push=1: an empty docx, xlsx, pptx or txt file; `name` carries the
   * extension. im_push=1 asks for the team chat's file message; the team's own switch decides
   * whether it is posted (and a personal space has no chat).
   */
  createEmptyFile: (gid: number, parentid: number, name: string) =>
    http.post<FileRecord>(`${files(gid)}/new_empty?im_push=1`, { groupid: gid, parentid, name }),

  rename: (gid: number, fid: number, fname: string) =>
    http.put<FileRecord>(`${files(gid)}/${fid}`, { fname }),

  remove: (gid: number, fid: number) => http.delete<void>(`${files(gid)}/${fid}`),

  batchDelete: (gid: number, fileids: number[]) =>
    http.post<BatchResult>(`${files(gid)}/batch/delete`, { fileids, groupid: gid }),

  batchCopy: (body: TransferBody) => http.post<BatchResult>(`${files(body.groupid)}/batch/copy`, body),

  batchMove: (body: TransferBody) => http.post<BatchResult>(`${files(body.groupid)}/batch/move`, body),

  /** GET /api/v3/groups/{g}/files/{f}/download?action=download: one file's bytes, as an attachment. */
  fileDownloadUrl: (gid: number, fid: number) => `${files(gid)}/${fid}/download?action=download`,

  /** The same address for a folder answers a zip of it. */
  folderDownloadUrl: (gid: number, fid: number) => `${files(gid)}/${fid}/download?action=download`,

  /** GET .../files/batch/download?fileids=: several items of one folder as one zip. */
  batchDownloadUrl: (gid: number, fileids: readonly number[]) =>
    `${files(gid)}/batch/download?fileids=${fileids.join(',')}`,
};
