import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The database as Kysely sees it. Times are unix seconds, flags 0/1, so that one schema runs on
 * SQLite and PostgreSQL alike.
 */
export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  admin_id: number | null;
  created_at: number;
}

export interface DepartmentsTable {
  id: Generated<number>;
  company_id: number;
  parent_id: number | null;
  name: string;
  /** active or disabled; only active departments are used (spec 000 §3). */
  status: Generated<string>;
  /** Materialised ids from the root, "/1/4/9/", for subtree queries. */
  path: string;
  /** Names from the root, "Acme/Engineering/Backend". */
  display_path_name: string;
  sort: number;
  created_at: number;
}

export interface UsersTable {
  id: Generated<number>;
  unique_name: string;
  nick_name: string;
  /** Full pinyin and initials of nick_name, written with it (search). */
  pinyin: Generated<string>;
  pinyin_initials: Generated<string>;
  email: string | null;
  phone: string | null;
  password_hash: string;
  address: Generated<string>;
  sex: Generated<number>;
  avatar: Generated<string>;
  /** local, or sync for an account synced from a directory. */
  source: Generated<string>;
  vip_level: Generated<number>;
  /** Company roles besides a plain user, comma separated (admin ...). */
  roles: Generated<string>;
  status: Generated<string>;
  must_change_password: Generated<number>;
  password_changed_at: number;
  created_at: number;
}

export interface CompanyMembersTable {
  company_id: number;
  user_id: number;
  employee_id: Generated<string>;
  title: Generated<string>;
  ext_phone_number: Generated<string>;
  main_dept_id: number | null;
  created_at: number;
}

export interface DeptMembersTable {
  dept_id: number;
  user_id: number;
}

export interface SessionsTable {
  /** sha256 of the cookie token; the token itself is never stored. */
  id: string;
  user_id: number;
  csrf_token: string;
  ip: string;
  user_agent: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

export interface SettingsTable {
  company_id: number;
  name: string;
  /** JSON text. */
  value: string;
  updated_at: number;
}

export interface ThrottlesTable {
  key: string;
  failures: number;
  window_start: number;
  locked_until: number;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number;
  content: string;
  created_at: number;
  /** The console's inbox marks feedback handled (migration 0009). */
  handled_by: number | null;
  handled_at: number | null;
}

// --- Drive (migration 0002) ---------------------------------------------------------------------

/** A space: my drive (type special), uploaded files (tmp) or a team (type team, team_type 1/2/3). */
export interface GroupsTable {
  id: Generated<number>;
  type: 'special' | 'tmp' | 'team';
  /** spec 000 §3: 1 multi-person chat, 2 company (department) team, 3 general team; 0 for personal spaces. */
  team_type: Generated<number>;
  /** The user of a personal space; the creator of a team. */
  owner_id: number;
  /** 0 outside a company. */
  company_id: Generated<number>;
  /** The department whose group space a company team draws from. */
  dept_id: number | null;
  name: string;
  avatar: Generated<string>;
  notice: Generated<string>;
  status: Generated<string>;
  created_at: number;
  /** spec 000 §3: 0 off, 1 on, 2 on and converting (migration 0004). */
  auto_convert_state: Generated<number>;
  /** File-message push of the team, 0/1. */
  im_push: Generated<number>;
  /** History versions a file keeps; null: the deployment's history_version_count. */
  history_limit: number | null;
  /** The team's invite code; null until someone asks for the invite link. */
  invite_code: string | null;
}

export interface GroupMembersTable {
  group_id: number;
  user_id: number;
  /** Scheme B: 1 owner, 2 admin, 3 member, 4 read_member. */
  team_role: number;
  /** Pinned to the top of the user's team list. */
  is_top: Generated<number>;
  joined_at: number;
}

export interface GroupRoleMasksTable {
  group_id: number;
  team_role: number;
  mask: number;
}

export interface SpaceQuotasTable {
  /** user, group, dept, common or company (modules/spaces/quota.ts). */
  scope: string;
  scope_id: number;
  /** Bytes; null means the configured default, 0 unlimited. */
  total: number | null;
  /** A department's own expansion on top of its default (dept scope). */
  expand_self: Generated<number>;
  used: Generated<number>;
  /** Items (files and folders); null means the configured default, 0 unlimited. */
  max_files: number | null;
  file_count: Generated<number>;
}

/** Live items per folder (0 = a space's root), kept by triggers on files (migration 0012). */
export interface FolderCountsTable {
  group_id: number;
  parent_id: number;
  live: number;
}

export interface FilesTable {
  id: Generated<number>;
  group_id: number;
  /** 0 at the space root. */
  parent_id: number;
  /** Ids of the ancestors, "/12/40/"; "/" at the root. */
  path: string;
  name: string;
  /** The name lower-cased: names are unique per folder regardless of case. */
  name_key: string;
  is_folder: number;
  size: Generated<number>;
  /** Blob key of the content; '' for folders. */
  sha256: Generated<string>;
  sha1: Generated<string>;
  ver: Generated<number>;
  ctime: number;
  mtime: number;
  creator_id: number;
  modifier_id: number;
  /** live, or deleted (in the recycle bin). */
  status: Generated<string>;
  deleted_at: number | null;
  deleted_by: number | null;
  delete_root: number | null;
  secret_label: Generated<number>;
  /** '' for an ordinary file; a security document's guid (shared/secdoc.ts, migration 0020). */
  secure_guid: Generated<string>;
}

/** A security document's rights: one principal's operations (bit n-1 for operation n). */
export interface SecdocRightsTable {
  file_id: number;
  group_id: number;
  principal_type: number;
  principal_id: number;
  operations: number;
}

export interface FileVersionsTable {
  id: Generated<number>;
  file_id: number;
  ver: number;
  size: number;
  sha256: string;
  sha1: string;
  modifier_id: number;
  log: Generated<string>;
  created_at: number;
}

export interface FileAclTable {
  file_id: number;
  group_id: number;
  principal_type: 'user' | 'dept';
  principal_id: number;
  mask: number;
}

export interface FileEventsTable {
  id: Generated<number>;
  group_id: number;
  file_id: number;
  actor_id: number;
  type: string;
  name: string;
  is_folder: number;
  parent_id: number;
  detail: Generated<string>;
  created_at: number;
}

export interface UploadTransactionsTable {
  id: string;
  user_id: number;
  group_id: number;
  parent_id: number;
  name: string;
  size: number;
  sha1: Generated<string>;
  created_at: number;
  expires_at: number;
}

// --- Accounts (migration 0003) ------------------------------------------------------------------

export interface OutboxTable {
  id: Generated<number>;
  channel: 'mail' | 'sms';
  recipient: string;
  subject: Generated<string>;
  body: string;
  /** What the message is for: bind_code, signup_code, password_reset, identity_result ... */
  kind: string;
  state: 'queued' | 'sent' | 'failed' | 'stored';
  error: Generated<string>;
  created_at: number;
  sent_at: number | null;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  purpose: 'bind' | 'signup' | 'reset';
  /** The user a bind or reset code belongs to; 0 for sign-up. */
  user_id: Generated<number>;
  channel: 'email' | 'phone';
  address: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface PasswordTokensTable {
  token_hash: string;
  user_id: number;
  purpose: 'change' | 'reset';
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface UploadKeysTable {
  key_hash: string;
  user_id: number;
  kind: 'avatar' | 'image';
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface PicturesTable {
  id: Generated<number>;
  user_id: number;
  kind: 'avatar' | 'image';
  sha256: string;
  size: number;
  created_at: number;
}

export interface IdentityRequestsTable {
  id: Generated<number>;
  user_id: number;
  company_id: number;
  real_name: string;
  id_number: string;
  status: 'pending' | 'verified' | 'rejected';
  reason: Generated<string>;
  reviewer_id: number | null;
  created_at: number;
  reviewed_at: number | null;
}

export interface FavoritesTable {
  user_id: number;
  /** 3 team, 4 user (spec 000 §3). */
  type: number;
  entity_id: number;
  created_at: number;
}

// --- Teams (migration 0004) ---------------------------------------------------------------------

/** A department as a member of a team: it brings the department's members (sub-departments too). */
export interface GroupDeptsTable {
  group_id: number;
  dept_id: number;
  joined_at: number;
}

/** Pins of people who belong to a team only through a department. */
export interface GroupPinsTable {
  group_id: number;
  user_id: number;
}

/** Who approves group creation in a company besides its administrators. */
export interface GroupApproversTable {
  company_id: number;
  user_id: number;
}

export interface GroupApprovalsTable {
  id: Generated<number>;
  company_id: number;
  applicant_id: number;
  /** 1 multi-person chat, 3 team. */
  type: number;
  name: string;
  avatar: Generated<string>;
  notice: Generated<string>;
  description: string;
  auto_convert_group: Generated<number>;
  /** JSON arrays of ids. */
  member_ids: Generated<string>;
  dept_ids: Generated<string>;
  status: 'pending' | 'approved' | 'rejected' | 'cancelled';
  reason: Generated<string>;
  decided_by: number | null;
  decided_at: number | null;
  group_id: number | null;
  created_at: number;
}

export interface GroupApprovalApproversTable {
  approval_id: number;
  approver_id: number;
}

export interface NoticesTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  /** JSON text. */
  params: Generated<string>;
  read_at: number | null;
  created_at: number;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  /** 'g:{team id}' or 'p:{smaller user id}:{larger}'. */
  conversation: string;
  sender_id: number;
  /** The other person of a private conversation; null in a team's. */
  recipient_id: number | null;
  body: string;
  created_at: number;
  /** A file message's file (im_push), as it was when added; null in a typed message. */
  file_id: number | null;
  file_name: string | null;
  file_size: number | null;
  file_group_id: number | null;
  file_parent_id: number | null;
  /** Files that joined it in one batch (CHAT_FILE_BATCH_SECONDS). */
  file_more: number | null;
  /** When the batch's latest file came. */
  file_added_at: number | null;
}

export interface ChatReadsTable {
  user_id: number;
  conversation: string;
  last_read_id: number;
}

export interface RecentContactsTable {
  user_id: number;
  /** 1 multi-chat, 3 team, 4 user. */
  type: number;
  entity_id: number;
  used_at: number;
}

// --- Recycle, stars, history, recent, comments, jobs (migration 0005) ----------------------------

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** JSON text. */
  payload: Generated<string>;
  /** At most one queued or running job per key. */
  dedupe_key: string | null;
  status: 'queued' | 'running' | 'failed';
  run_at: number;
  attempts: Generated<number>;
  max_attempts: number;
  locked_by: string | null;
  locked_until: number | null;
  last_error: Generated<string>;
  created_at: number;
}

export interface JobSchedulesTable {
  kind: string;
  next_run_at: number;
}

export interface BlobOrphansTable {
  sha256: string;
  since: number;
}

/**
 * Blobs of at most SMALL_BLOB_MAX bytes, kept in the database rather than as files
 * (storage/small-blobs.ts); put_at (ms) is refreshed when the same content is put again.
 */
export interface SmallBlobsTable {
  sha256: string;
  data: Buffer;
  put_at: number;
}

/** Files whose search index rows are due (modules/search/indexer.ts); work: QUEUED_* bits. */
export interface SearchQueueTable {
  file_id: number;
  work: number;
  /** Bumped each time the file is queued again (modules/search/repo.ts queueFile). */
  rev: Generated<number>;
}

export interface FileLabelsTable {
  user_id: number;
  /** 1 is the star (spec 001 §9). */
  label_id: number;
  file_id: number;
  group_id: number;
  created_at: number;
}

export interface RoamingTable {
  user_id: number;
  file_id: number;
  group_id: number;
  /** open, create, update, rename, recover. */
  action: string;
  at: number;
}

export interface FileCommentsTable {
  id: Generated<number>;
  file_id: number;
  group_id: number;
  user_id: number;
  content: string;
  created_at: number;
}

// --- File locks and preview renditions (migration 0006) -----------------------------------------

/** spec 001 §3 "File lock": one holder per file until expires_at. */
export interface FileLocksTable {
  file_id: number;
  user_id: number;
  locked_at: number;
  expires_at: number;
}

/** What the previews made once of a content (modules/preview/renditions.ts). */
export interface PreviewRenditionsTable {
  source_sha256: string;
  /** pdf, image, thumb, inspect. */
  name: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  /** The blob of the result ('' until done, or when the rendition has no bytes). */
  result_sha256: Generated<string>;
  result_size: Generated<number>;
  content_type: Generated<string>;
  /** The preview error key of a failure (convertFail, convertTimeout, passwdEncrypted ...). */
  error: Generated<string>;
  created_at: number;
  updated_at: number;
}

// --- Search index (migration 0007; FTS tables are queried with raw SQL in modules/search) -----

/** One row per file or folder: what its name is found by. */
export interface SearchDocsTable {
  file_id: number;
  /** mtime * 2^21 + low bits of the id (modules/search/query.ts): newest first; SQLite's rowid. */
  sort_key: number;
  /** The name lower-cased (as files.name_key). */
  name_key: string;
  /** Full pinyin and initials of a name with Chinese characters; '' otherwise. */
  pinyin: Generated<string>;
  initials: Generated<string>;
  /** Extension without the dot, lower-case; '' for folders. */
  ext: Generated<string>;
  /** One- and two-character grams of the name's letters and digits, and of its pinyin initials (SQLite). */
  grams: Generated<string>;
  initial_grams: Generated<string>;
}

/**
 * SQLite's FTS5 table of the names (trigram), written by the indexer as a name is first indexed
 * (modules/search/repo.ts indexFiles) and by search_docs' triggers on update and delete.
 */
export interface SearchNamesTable {
  /** The name's sort key (search_docs.sort_key). */
  rowid: number;
  name: string;
  pinyin: string;
  initials: string;
}

/** SQLite's FTS5 table of the one- and two-character grams of names (see SearchNamesTable). */
export interface SearchShortTable {
  rowid: number;
  grams: string;
  initials: string;
}

/** The text of a content (by blob), for content search and snippets. */
export interface SearchContentsTable {
  /** The sort key of the newest file holding it when read: contents stream newest first. */
  id: number;
  sha256: string;
  /** done (text extracted, maybe empty), none (no extractor for the type), failed. */
  state: 'done' | 'none' | 'failed';
  /** The extension the text was read as. */
  ext: Generated<string>;
  body: Generated<string>;
  /** 1 when the text was cut at the cap. */
  truncated: Generated<number>;
  error: Generated<string>;
  extracted_at: number;
}

// --- Share links (migration 0008) ----------------------------------------------------------------

/** spec 002 §3 "Share link". status open or close; an open link past expire_time reads as expired. */
export interface LinksTable {
  id: Generated<number>;
  /** Random base64url, 128 bits or more, always with a letter. */
  sid: string;
  file_id: number;
  creator_id: number;
  /** anyone, company, group, user. */
  ranges: string;
  /** read, download, write. */
  permission: string;
  status: 'open' | 'close';
  /** Unix seconds; 0 none. */
  expire_time: Generated<number>;
  expire_period: Generated<number>;
  /** -1 unlimited. */
  download_limits: Generated<number>;
  download_count: Generated<number>;
  /** The access code encrypted with AES-GCM (modules/links/secrets.ts); '' none. */
  chkcode: Generated<string>;
  /** '' or the key moderation answers: forbidLink, linkViolation. */
  blocked: Generated<string>;
  version: Generated<number>;
  created_at: number;
  updated_at: number;
  closed_at: number | null;
}

/** A person, department or invited address named on a link. */
export interface LinkMembersTable {
  id: Generated<number>;
  link_id: number;
  principal_type: 'user' | 'dept' | 'address';
  /** The user or department id; 0 for an address. */
  principal_id: number;
  /** "u:12", "d:5", "a:someone@example.com": one row per principal and link. */
  principal_key: string;
  /** The email or phone of an invitation ('' otherwise). */
  address: Generated<string>;
  /** read, download, write, owner. */
  permission: string;
  /** active, or unregister (invited without an account). */
  status: 'active' | 'unregister';
  added_by: number;
  created_at: number;
  updated_at: number;
}

/** The shared-with-me list: named on a link, or opened it while logged in. */
export interface LinkReceivedTable {
  link_id: number;
  user_id: number;
  received_at: number;
  exited_at: number | null;
}

export interface LinkAccessLogTable {
  id: Generated<number>;
  link_id: number;
  action: 'open' | 'download';
  user_id: number | null;
  ip: Generated<string>;
  file_id: number;
  at: number;
}

/** Reports of files and links, for the console's review queue (issue 6). */
export interface ReportsTable {
  id: Generated<number>;
  kind: 'file' | 'link';
  file_id: number;
  link_id: number | null;
  reporter_id: number | null;
  reporter_ip: Generated<string>;
  reason: Generated<string>;
  reason_detail: Generated<string>;
  /** pending until reviewed (the console decides the other states). */
  status: string;
  created_at: number;
  handled_by: number | null;
  handled_at: number | null;
  resolution: Generated<string>;
  /** The owner's appeal of the block (migration 0009). */
  appeal_text: Generated<string>;
  appealed_by: number | null;
  appealed_at: number | null;
  /** What the administrator wrote when deciding. */
  note: Generated<string>;
}

// --- The administrator's console (migration 0009) --------------------------------------------

/** Who changed what, when; actor_id 0 with via 'cli' is the command line. */
export interface AuditLogTable {
  id: Generated<number>;
  company_id: number;
  actor_id: number;
  actor_name: string;
  via: 'web' | 'cli';
  action: string;
  target_type: string;
  target_id: Generated<string>;
  target_name: Generated<string>;
  /** JSON text. */
  detail: Generated<string>;
  ip: Generated<string>;
  created_at: number;
}

/** A file blocked by moderation: previews answer illegalFile, its links forbidLink. */
export interface FileBlocksTable {
  file_id: number;
  report_id: number | null;
  reason: Generated<string>;
  blocked_by: number;
  created_at: number;
}

export interface Database {
  companies: CompaniesTable;
  departments: DepartmentsTable;
  users: UsersTable;
  company_members: CompanyMembersTable;
  dept_members: DeptMembersTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  throttles: ThrottlesTable;
  feedback: FeedbackTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  group_role_masks: GroupRoleMasksTable;
  space_quotas: SpaceQuotasTable;
  files: FilesTable;
  folder_counts: FolderCountsTable;
  file_versions: FileVersionsTable;
  secdoc_rights: SecdocRightsTable;
  file_acl: FileAclTable;
  file_events: FileEventsTable;
  upload_transactions: UploadTransactionsTable;
  outbox: OutboxTable;
  verification_codes: VerificationCodesTable;
  password_tokens: PasswordTokensTable;
  upload_keys: UploadKeysTable;
  pictures: PicturesTable;
  identity_requests: IdentityRequestsTable;
  favorites: FavoritesTable;
  group_depts: GroupDeptsTable;
  group_pins: GroupPinsTable;
  group_approvers: GroupApproversTable;
  group_approvals: GroupApprovalsTable;
  group_approval_approvers: GroupApprovalApproversTable;
  notices: NoticesTable;
  chat_messages: ChatMessagesTable;
  chat_reads: ChatReadsTable;
  recent_contacts: RecentContactsTable;
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  blob_orphans: BlobOrphansTable;
  small_blobs: SmallBlobsTable;
  search_queue: SearchQueueTable;
  file_labels: FileLabelsTable;
  roaming: RoamingTable;
  file_comments: FileCommentsTable;
  file_locks: FileLocksTable;
  preview_renditions: PreviewRenditionsTable;
  search_docs: SearchDocsTable;
  search_names: SearchNamesTable;
  search_short: SearchShortTable;
  search_contents: SearchContentsTable;
  links: LinksTable;
  link_members: LinkMembersTable;
  link_received: LinkReceivedTable;
  link_access_log: LinkAccessLogTable;
  reports: ReportsTable;
  audit_log: AuditLogTable;
  file_blocks: FileBlocksTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type DepartmentRow = Selectable<DepartmentsTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type SessionRow = Selectable<SessionsTable>;
export type GroupRow = Selectable<GroupsTable>;
export type FileRow = Selectable<FilesTable>;
export type NewFile = Insertable<FilesTable>;
export type UploadTransactionRow = Selectable<UploadTransactionsTable>;
