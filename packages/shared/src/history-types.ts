// Shapes of the recycle-bin, history, recent-file, activity and comment responses (spec 001 §3,
// §7 "Recent, recycle, stars" and "History"), which the server presents and the web app reads.

import type { FileRecord } from './api-types.ts';

export interface PersonRef {
  id: number;
  name: string;
  avatar: string;
}

/** An item in a recycle bin: ftype delfile or delfolder. */
export interface RecycleRecord extends FileRecord {
  /** Unix seconds. */
  deleted_at: number;
  deleted_by: { id: number; name: string };
  /** The folder it was deleted from, as names from the space root ("/Reports/2026"; "/" at the root). */
  origin_path: string;
  /** The bin it lies in: the space's name ("My drive", the team's name). */
  group_name: string;
}

export interface RecycleList {
  files: RecycleRecord[];
  offset: number;
  count: number;
  total: number;
  more: boolean;
}

/** An item a batch call could not handle, with the spec's error key (spec 001 §8). */
export interface BatchFailItem {
  fileid: number;
  name: string;
  result: string;
}

/** POST .../recycles/batch/recover: the items back in place (or at the space root), and failures. */
export interface RecoverResult {
  files: FileRecord[];
  failList: BatchFailItem[];
}

/** One history version of a file (spec 001 §3 "History entry"). */
export interface HistoryRecord {
  id: number;
  historyid: number;
  fileid: number;
  groupid: number;
  /** 1 for the first content, counting up with every change. */
  ver: number;
  size: number;
  sha1: string;
  /** The remark (PATCH .../histories/{id}, body log). */
  log: string;
  modifier: PersonRef;
  /** Unix seconds: when this content was saved. */
  ctime: number;
  /** This version is the file's current content. */
  is_current: boolean;
}

export interface HistoryList {
  histories: HistoryRecord[];
  offset: number;
  count: number;
  total: number;
  more: boolean;
}

/** GET/PATCH /xfi/v1/volumes/{v}: a volume's history limit (spec 000 §3, §5). */
export interface VolumeRecord {
  id: number;
  volume_id: number;
  name: string;
  type: 'special' | 'tmp' | 'team';
  /** Earlier versions a file keeps besides its current content. */
  history_limit: number;
  /** The deployment's maximum (settings history_version_max). */
  history_limit_max: number;
  /** The actor may change the limit (owner and admin, spec 000 §6). */
  can_edit: boolean;
}

/** spec 001 §3 "File event names". */
export type FileEventName =
  | 'file_create'
  | 'update'
  | 'rename'
  | 'delete'
  | 'comment'
  | 'recover'
  | 'shift_in'
  | 'shift_out'
  | 'shift_delete'
  | 'share'
  | 'permission';

/** An entry of an activity view (GET /api/v3/events, .../groups/{id}/events, .../files/{id}/events). */
export interface FileEventRecord {
  id: number;
  event: FileEventName;
  fileid: number;
  groupid: number;
  group_name: string;
  /** The item's name when it happened. */
  fname: string;
  ftype: 'folder' | 'file';
  parentid: number;
  operator: PersonRef;
  /** Unix seconds. */
  ctime: number;
  /** What else the event says: from (old name), ver, recovered_from_ver, content (a comment) ... */
  detail: Record<string, unknown>;
}

export interface EventList {
  events: FileEventRecord[];
  offset: number;
  count: number;
  more: boolean;
}

export interface CommentRecord {
  id: number;
  fileid: number;
  content: string;
  /** Unix seconds. */
  ctime: number;
  user: PersonRef;
  /** The author, or a manager of the space. */
  can_delete: boolean;
}

export interface CommentList {
  comments: CommentRecord[];
  offset: number;
  count: number;
  total: number;
  more: boolean;
}

/** A recent file (GET /api/v3/roaming): where it lives is file_src_type, group_name and path. */
export interface RecentRecord extends FileRecord {
  /** Unix seconds: when the user last opened, uploaded or changed it. */
  rtime: number;
  /** open, file_create, update, rename, recover. */
  action: string;
  group_name: string;
}

export interface RecentList {
  files: RecentRecord[];
  offset: number;
  count: number;
  more: boolean;
  /** Pass as max_mtime to read on from the last row. */
  max_mtime: number;
}
