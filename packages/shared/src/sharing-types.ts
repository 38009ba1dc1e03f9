// Shapes of the share-link calls (spec 002 §3, §7) that the server presents and the web app reads.

import type { LinkRange } from './settings.ts';
import type { LinkMemberPermission, LinkPermission } from './sharing.ts';

/** spec 002 §3 "Link member": a person, a department, or an invited address without an account. */
export interface LinkMember {
  /** The member row's id (PUT/DELETE .../members/{memberid}). */
  id: number;
  /** The user's id; the department's id for a department; 0 for an invited address. */
  userid: number;
  name: string;
  avatar: string;
  /** read, download or write (owner for the link's owner row). */
  permission: LinkPermission | LinkMemberPermission;
  /** unregister: invited by email or phone, no account yet. */
  status: 'active' | 'unregister';
  /** user, department, or address (an invitation). */
  type: 'user' | 'department' | 'address';
  extends: { email: string; phone: string };
  /** A department's place in the directory ("Acme/Engineering"). */
  path_name?: string;
  /** Whether the actor may change or remove this row (spec 002 §6: never an owner row, never one's own). */
  editable: boolean;
}

/** spec 002 §3: permission_total, the department and user counts of the link's members. */
export interface PermissionTotal {
  department: number;
  user: number;
}

/** What a shared file carries (spec 001 §3 link_members_summary): counts and the first chips. */
export interface LinkMembersSummary {
  total: number;
  department: number;
  user: number;
  /** Up to MEMBER_CHIPS people, for the member chips. */
  members: { userid: number; name: string; avatar: string }[];
}

/** The file a link shares, as much as its viewers may know of it. */
export interface LinkFile {
  fileid: number;
  fname: string;
  /** folder or file. */
  ftype: 'folder' | 'file';
  extname: string;
  fsize: number;
  mtime: number;
  groupid: number;
  /** Collaborative documents show download as read (spec 002 §6); the product has none yet. */
  isCoDoc: boolean;
}

/** What the actor may do with the link and through it. */
export interface LinkAbilities {
  /** spec 002 §6: a team rank below 2 (creator, manager, admin; the owner of a personal space). */
  is_editor: boolean;
  /** Invite by email or phone: the link's owner only (spec 002 §2 "owner-only invite form"). */
  is_owner: boolean;
  /** Add people: editors, and rank 2 when user sharing is allowed (spec 002 §6). */
  can_add_users: boolean;
  /** Ranges the actor may choose (or, for non-editors, see). */
  range_options: LinkRange[];
  /** Permissions the link itself may have, for an editor (never above their own on the file). */
  link_permission_options: LinkPermission[];
  /** Permissions the actor may give members and entries (the ceiling rule of spec 002 §4). */
  permission_options: LinkPermission[];
  /** Download count and link controls disabled: a vip level 10 creator without a company (spec 002 §5). */
  restricted: boolean;
}

/** A share link as GET /api/v3/links/{sid} answers it (spec 002 §3 "Share link"). */
export interface ShareLink {
  sid: string;
  fileid: number;
  parentid: number;
  groupid: number;
  /** open, expired (past expire_time), or close (cancelled). */
  status: 'open' | 'expired' | 'close';
  ranges: LinkRange;
  permission: LinkPermission;
  /** The access code, for editors; '' when none is set or the actor may not read it. */
  chkcode: string;
  /** Whether an access code is set ("password on"). */
  has_chkcode: boolean;
  /** Unix seconds; 0 means none. */
  expire_time: number;
  /** The period last chosen (a preset in seconds, 0 unlimited, or the picked absolute time). */
  expire_period: number;
  /** -1 unlimited. */
  download_limits: number;
  download_remain: number;
  creator: { id: number; name: string };
  /** Where the link opens (relative to the site): /l/{sid}. */
  url: string;
  file: LinkFile;
  permission_total: PermissionTotal;
  /** Members, first page (include=members). */
  link_members?: LinkMember[];
  /** Optimistic version: PUT sends it back; a stale one answers linkUpdateConcurrency. */
  version: number;
  ctime: number;
  mtime: number;
  abilities: LinkAbilities;
}

/**
 * What a link shows before and after the access code (GET /api/v3/skiplogin/links/{sid}, and
 * /api/v3/links/{sid}/public_info): the file only once the code is given or not needed.
 */
export interface LinkPublicInfo {
  sid: string;
  status: 'open' | 'expired' | 'close';
  ranges: LinkRange;
  permission: LinkPermission;
  has_chkcode: boolean;
  /** False while an access code is needed and was not given (file is then null). */
  authed: boolean;
  expire_time: number;
  download_limits: number;
  download_remain: number;
  creator: { id: number; name: string; avatar: string };
  file: LinkFile | null;
  /** Through the link: download (and zip a folder), write new versions, save into one's own drive. */
  can_download: boolean;
  can_write: boolean;
  can_save: boolean;
  /** The viewer is logged in. */
  logged_in: boolean;
  is_editor: boolean;
}

/** POST /api/v3/skiplogin/links/{sid}/auth: the access code was right. */
export interface LinkAuthResult {
  /** A token standing for the code (sent back as ?rand_code= or the x-link-rand-code header). */
  rand_code: string;
  /** Unix seconds. */
  expires_at: number;
}

/** One item of a shared folder (GET /api/v3/skiplogin/links/{sid}/files). */
export interface LinkFolderItem {
  fileid: number;
  fname: string;
  ftype: 'folder' | 'file';
  extname: string;
  fsize: number;
  mtime: number;
  parentid: number;
}

export interface LinkFolderList {
  files: LinkFolderItem[];
  /** From the shared folder down to the listed one. */
  path: { fileid: number; fname: string }[];
  offset: number;
  count: number;
  total: number;
  more: boolean;
}

/** spec 001 §3: the link-shared types of the shared lists. */
export type SharedFtype = 'sharefile' | 'sharefolder';

/** spec 002 §3 "Shared file list item" (GET /api/v3/links). */
export interface SharedFileItem {
  fileid: number;
  id: number;
  fname: string;
  ftype: SharedFtype;
  extname: string;
  fsize: number;
  mtime: number;
  groupid: number;
  link: {
    sid: string;
    status: 'open' | 'expired' | 'close';
    ranges: LinkRange;
    permission: LinkPermission;
    expire_time: number;
    download_remain: number;
    has_chkcode: boolean;
  };
  creator: { id: number; name: string };
  /** When it was shared (received: when the actor got it). */
  shared_at: number;
  link_members_summary: LinkMembersSummary;
}

export interface SharedFileList {
  files: SharedFileItem[];
  offset: number;
  count: number;
  total: number;
  more: boolean;
}

/** POST /api/v3/links/{sid}/members. */
export interface AddMembersResult {
  /** Those not added, with the reason (linkMemberExist, userNotExist ...). */
  failList: { result: string; name: string }[];
  members: LinkMember[];
  /** Addresses without an account that were invited (spec 002 §8 "unregister invite success"). */
  invited: string[];
}

export interface LinkMemberList {
  members: LinkMember[];
  offset: number;
  count: number;
  total: number;
  more: boolean;
}

/** One line of a link's access log (editors read it in the share panel). */
export interface LinkAccessEntry {
  id: number;
  action: 'open' | 'download';
  user: { id: number; name: string } | null;
  /** The address of a visitor who was not logged in (told to editors only). */
  ip: string;
  fileid: number;
  fname: string;
  at: number;
}

export interface LinkAccessLog {
  entries: LinkAccessEntry[];
  offset: number;
  count: number;
  more: boolean;
}

/** A person the invite box suggests (recent share members, user lookup by email or phone). */
export interface ShareCandidate {
  userid: number;
  name: string;
  avatar: string;
  email: string;
  phone: string;
}
