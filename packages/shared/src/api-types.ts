/** Shapes of the responses that both the server presents and the web app reads. */

import type { FileLockInfo } from './locks.ts';
import type { PermissionFlags } from './permissions.ts';
import type { LinkMembersSummary } from './sharing-types.ts';
import type { AutoConvertState } from './team-types.ts';

export interface CompanyBrief {
  companyid: number;
  adminid: number;
  name: string;
}

export interface UserDept {
  id: number;
  display_name: string;
  display_path_name: string;
  path_name: string;
}

/** The current user: GET /v1/users/self, and the `user` of POST /p/login. */
export interface SelfUser {
  id: number;
  userid: number;
  unique_name: string;
  nick_name: string;
  email: string;
  phone_number: string;
  address: string;
  sex: 0 | 1 | 2;
  avatar: string;
  pinyin: string;
  source: 'local' | 'sync';
  vip_level: number;
  /** Company roles besides a plain user: 'admin' (the company administrator), 'auditor' ... */
  role: string[];
  is_company_admin: boolean;
  must_change_password: boolean;
  companyid: number;
  company: CompanyBrief | null;
  company_member: {
    employee_id: string;
    title: string;
    ext_phone_number: string;
    main_dept_id: number | null;
  } | null;
  depts: UserDept[];
}

export interface LoginResponse {
  user: SelfUser;
  csrf_token: string;
}

/** Every error body: HTTP status + this (ARCHITECTURE.md "API conventions"). */
export interface ErrorBody {
  result: string;
  code?: number;
  msg: string;
  /** Extra data for the message, e.g. { retry_after } or { global_hisotry_limit }. */
  debug?: Record<string, unknown>;
}

/** Names of the cookies the server sets. The csrf cookie is readable by the app, the session one is not. */
export const SESSION_COOKIE = 'cirrus_sid';
export const CSRF_COOKIE = 'cirrus_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** A file or folder as the drive calls answer it (spec 001 §3 "File or folder"). */
export interface FileRecord {
  fileid: number;
  id: number;
  fname: string;
  name: string;
  /** Extension without the dot, lower-case; '' for folders and names without one. */
  extname: string;
  ftype: 'folder' | 'file' | 'sharefile' | 'delfolder' | 'delfile';
  fsize: number;
  size: number;
  fver: number;
  /** sha1 of the content (hex); '' for folders. */
  fsha: string;
  /** Unix seconds. */
  mtime: number;
  ctime: number;
  groupid: number;
  teamid: number;
  /** 0 at the space root. */
  parentid: number;
  /** Names from the space root, "/Reports/2026". */
  path: string;
  /** spec 001 §3 file_src ("not shown"; ours): the name of the team the item is in, '' in a personal space. */
  file_src: string;
  file_src_type: 'private' | 'web' | 'group' | 'roaming' | 'tmp';
  /**
   * spec 001 §3 openType: 'editOnline' when the viewer's editor edits the file (a text file of at
   * most TEXT_EDIT_MAX_BYTES, preview.ts isEditableText); null otherwise. There is no local office
   * application to hand a document to, so 'editApp' is never answered.
   */
  openType: 'editOnline' | null;
  /** spec 001 §3 isCoDoc: a collaborative online document. This drive keeps none: always false. */
  isCoDoc: boolean;
  /** Present and non-empty when starred (label id 1). */
  labels: { id: number }[];
  /** The actor's effective 12-bit permission mask (see permissions.ts). */
  user_acl: number;
  /** The actor's team role name in this space: creator, manager, admin, member, read_member. */
  user_role: string;
  creator: { id: number; name: string };
  modifier: { id: number; name: string };
  secret_label: number;
  /** spec 001 §3: a security document's guid, '' for an ordinary file (secdoc.ts). */
  secure_guid: string;
  /** spec 001 §3: whether the file is a security document. */
  safeFile: boolean;
  /** The item's open share link (spec 001 §3 link{sid}); null when it has none. */
  link: { sid: string } | null;
  /** spec 001 §3: who the item is shared with, for the member chips; null without a link. */
  link_members_summary?: LinkMembersSummary | null;
  /** spec 001 §3 "File lock": the holder while someone holds the file's lock (absent: not told). */
  filelock?: FileLockInfo | null;
}

/**
 * spec 001 §3 "Volume-style file record", as the /xfi list answers it: the drive-style fields and
 * volume_id, name, type, size, ver, parent_id, sha1, security_guid, permission, favorite_file.
 */
export interface VolumeFileRecord extends FileRecord {
  volume_id: number;
  type: 'folder' | 'file';
  ver: number;
  parent_id: number;
  sha1: string;
  /** The security document's guid; '' for an ordinary file (secure_guid). */
  security_guid: string;
  /** The actor's permissions by name (the mask of user_acl). */
  permission: PermissionFlags;
  favorite_file: boolean;
}

export interface FileList {
  files: FileRecord[];
  offset: number;
  count: number;
  total: number;
  more: boolean;
}

/** A space: my drive (special), uploaded files (tmp) or a team (1 chat, 2 company, 3 general). */
export interface GroupRecord {
  id: number;
  groupid: number;
  contacts_id: number;
  name: string;
  avatar: string;
  notice: string;
  type: 'special' | 'tmp' | 1 | 2 | 3;
  contacts_type: number;
  volume_type: string;
  /** spec 001 §3 "Team/volume" data_type: 'message' for a multi-person chat, 'drive' otherwise. */
  data_type: 'drive' | 'message';
  member_count: number;
  is_top_group: boolean;
  created_at: number;
  user_role: string;
  space: { total: number; used: number };
  /** spec 001 §3 "Team/volume": the team's security-document auto-convert (0 off, 1 on, 2 converting). */
  auto_convert_state: AutoConvertState;
  auto_convert_group: boolean;
}

// --- Accounts and profile (spec 000 §2–§8, spec 002 §4–§8) -----------------------------------

/**
 * POST /p/login when the password must be changed before going on (set by an administrator, or a
 * private deployment's replacement cycle has passed): no session, a token for PUT /p/user/password.
 */
export interface MustChangePasswordResponse {
  must_change_password: true;
  token: string;
  reason: 'temporary' | 'expired';
  /** Seconds the token stays valid. */
  expires_in: number;
}

export type LoginResult = LoginResponse | MustChangePasswordResponse;

export function isMustChangePassword(result: LoginResult): result is MustChangePasswordResponse {
  return 'must_change_password' in result && result.must_change_password === true;
}

/** Another user as the user card shows them: GET /u/v1/companies/self/users/{id}/brief. */
export interface UserBrief {
  id: number;
  userid: number;
  unique_name: string;
  nick_name: string;
  email: string;
  phone_number: string;
  address: string;
  sex: 0 | 1 | 2;
  avatar: string;
  pinyin: string;
  source: 'local' | 'sync';
  company_member: SelfUser['company_member'];
  depts: UserDept[];
  /** Whether the viewer has starred this user (favourites type 4). */
  is_favorite: boolean;
}

/** GET /p/bind/status. */
export interface BindStatus {
  email: string;
  phone: string;
  email_bound: boolean;
  phone_bound: boolean;
}

/** What a verification code goes to: the bound email or phone, or the address signing up. */
export type BindType = 'email' | 'phone';

/** A code was sent (POST /p/bind/code, POST /p/signup/code). */
export interface CodeSent {
  type: BindType;
  value: string;
  /** Seconds the code stays valid, and until another may be asked for. */
  expires_in: number;
  resend_in: number;
}

/** POST /p/password/forgot: which way the reset goes, decided by the account's shape only. */
export interface ForgotPasswordResult {
  channel: 'mail' | 'sms';
}

export type IdentityStatus = 'unverified' | 'pending' | 'verified' | 'rejected';

/** GET /p/identity: the real-name state; the number is masked. */
export interface IdentityState {
  /** The setting allow_real_name: sharing requires verification. */
  required: boolean;
  verified: boolean;
  status: IdentityStatus;
  real_name: string;
  id_number: string;
  submitted_at: number | null;
  reviewed_at: number | null;
  /** Why it was rejected, when it was. */
  reason: string;
}

/** A request in the administrator's queue (GET /admin/v1/identities). */
export interface IdentityRequest {
  id: number;
  user: { id: number; nick_name: string; unique_name: string };
  real_name: string;
  id_number: string;
  status: Exclude<IdentityStatus, 'unverified'>;
  reason: string;
  submitted_at: number;
  reviewed_at: number | null;
}

/** Favourites are typed (spec 000 §3): 3 team, 4 user. */
export type FavoriteType = 3 | 4;

export interface FavoriteItem {
  type: FavoriteType;
  entity_id: number;
  created_at: number;
  /** For type 4. */
  user?: Pick<UserBrief, 'id' | 'nick_name' | 'unique_name' | 'email' | 'avatar' | 'depts'>;
  /** For type 3: the team (type 1 chat, 2 company, 3 general). */
  group?: { id: number; name: string; avatar: string; type: number };
}

/** The first step of the two-step picture upload (POST /api/v3/avatar/upload, /api/v3/image/upload). */
export interface UploadAddress {
  /** Where to form-POST the picture. */
  url: string;
  key: string;
  /** Form fields to send along with the file (the key among them). */
  fields: Record<string, string>;
  expires_in: number;
}

/** The second step's answer: where the stored picture is served. */
export interface UploadedPicture {
  url: string;
}
