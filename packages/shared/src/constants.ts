// Business constants and limits from section 9 (and the numbers named elsewhere) of the three specs.
// Spec 000 = teams/profile, 001 = files/drive, 002 = sharing/settings.
// Where a spec says a value is "not shown", the value here is ours and the comment says so.
// Values a deployment configures (history_version_count and its maximum, maximum file size, group
// member and group counts, the private password rule) live in settings.ts (DEFAULT_SETTINGS).

// ---------------------------------------------------------------------------------------------
// Page sizes (spec 001 §9, spec 000 §9, spec 002 §9)

export const PAGE_SIZE_FILES = 50;
export const PAGE_SIZE_RECENT = 50;
export const PAGE_SIZE_TRASH = 50;
export const PAGE_SIZE_TEAM_RECYCLE = 50;
export const PAGE_SIZE_FAVORITES = 50;
export const PAGE_SIZE_ACTIVITY = 50;
export const PAGE_SIZE_SEARCH_FILES = 50;
/** Members, contacts, member search and the member-removal selector (spec 000 §2, §9). */
export const PAGE_SIZE_MEMBERS = 50;
export const PAGE_SIZE_TEAMS = 50;
/** Shared-file list and the share member list (spec 002 §3, §9). */
export const PAGE_SIZE_SHARED = 50;
export const PAGE_SIZE_SHARE_MEMBERS = 50;
/** Department list loads (spec 000 §7: limit 50, offset 0). */
export const PAGE_SIZE_DEPTS = 50;
/** Folder tree with the folder filter (spec 001 §7). */
export const TREE_PAGE_SIZE = 100;
/** Folder tree paging through the desktop bridge (spec 001 §9). */
export const TREE_BRIDGE_PAGE_SIZE = 50;
/** Files in the quick team list (spec 001 §7). */
export const QUICK_TEAM_FILES = 11;
export const GROUPS_DEFAULT_LIMIT = 30;
export const GROUPS_PAGED_LIMIT = 50;
/** File events (spec 001 §7: count 20). */
export const HISTORY_EVENTS_PAGE = 20;
export const MODIFIERS_LIMIT = 1000;
/** Quick-search dropdowns and preview lists ask for 5 (spec 001 §7, §9). */
export const DROPDOWN_SIZE = 5;
export const PREVIEW_LIST_SIZE = 5;
/** At most 3 rows per type in the quick search dropdown; a view-all link appears beyond that. */
export const QUICK_SEARCH_ROWS = 3;
export const MEMBER_IN_GROUP_SEARCH_LIMIT = 100;
/** Recent-member search (spec 002 §7: from 0, size 20). */
export const RECENT_MEMBER_SEARCH_SIZE = 20;
export const BATCH_DOWNLOAD_PAGE = 200;
/** spec 001 §4: permanently deleting 25 or more items reloads the list instead of patching it. */
export const PERMANENT_DELETE_RELOAD_THRESHOLD = 25;
/** spec 001 §3/§7: folder id 0 addresses a team's root. */
export const ROOT_FOLDER_ID = 0;

// ---------------------------------------------------------------------------------------------
// Names, search and files

/** Cap on a full file or folder name, extension included (spec 001 §5, §9; spec 002 §9). */
export const NAME_MAX = 249;
/** Search input is cut to this many characters (spec 000 §5, spec 001 §5). */
export const SEARCH_MAX_CHARS = 30;
/** Used when no upload limit is configured (spec 001 §5, spec 002 §9): 100 MB. */
export const DEFAULT_MAX_FILE_SIZE = 104857600;
/** Upload threads per client: not shown; 3 parallel transfers is ours. */
export const UPLOAD_THREADS = 3;
/** Size of one resumable upload chunk: not shown (ours): 8 MiB. */
export const UPLOAD_CHUNK_SIZE = 8 * 1024 * 1024;
/**
 * Files up to this size go up in one request (the bytes as the body of the transaction's POST,
 * ARCHITECTURE "Uploads"): no resume, a third of the round trips (issue 11 W3). Ours: 1 MiB.
 */
export const SINGLE_REQUEST_UPLOAD_MAX = 1024 * 1024;
export const PERMISSION_BITS = 12;
export const STAR_LABEL_ID = 1;
/** Internet Explorer download URL limit (spec 001 §5). */
export const IE_URL_LIMIT = 2083;

// ---------------------------------------------------------------------------------------------
// Timing: debounces, throttles, heartbeats (milliseconds)

export const SEARCH_DEBOUNCE_MS = 500;
/** "more-search and load-more 1000 ms" (spec 000 §9). */
export const LOAD_MORE_DEBOUNCE_MS = 1000;
export const SEARCH_INPUT_THROTTLE_MS = 50;
export const MEMBER_SEARCH_DEBOUNCE_MS = 500;
export const DOWNLOAD_PROGRESS_THROTTLE_MS = 500;
export const TEAM_SEARCH_THROTTLE_MS = 250;
export const SCROLL_THROTTLE_MS = 200;
export const RESIZE_THROTTLE_MS = 50;
export const UPDATE_STATUS_THROTTLE_MS = 300;
export const SCREEN_HEARTBEAT_MS = 2000;
/** A drag held this long over a folder opens it, as desktop file managers do (ours). */
export const DRAG_HOVER_OPEN_MS = 1000;
export const PASSWORD_LOGOUT_DELAY = 1000;
/** Modal dialogs ignore a cancel within 500 ms of opening (spec 000 §2). */
export const MODAL_CANCEL_GUARD_MS = 500;
/** spec 002 §4: a closed link shows link-closed, then the dialog closes after 1.5 s. */
export const LINK_CLOSED_DIALOG_DELAY_MS = 1500;

// ---------------------------------------------------------------------------------------------
// Toasts (spec 001 §9, spec 002 §9)

export const ERROR_TOAST_MS = 3000;
export const SHORT_ERROR_TOAST_MS = 1500;
export const SUCCESS_TOAST_MS = 10000;
/** spec 000 §8: the history-limit error (40000003) shows for 3 seconds. */
export const HISTORY_LIMIT_ERROR_TOAST_MS = 3000;

// ---------------------------------------------------------------------------------------------
// Lists and layout

export const LIST_ITEM_HEIGHT = 52;
/** Scroll-end trigger as a fraction of the viewport: 20 % in lists, 10 % in the virtual list (spec 002 §9). */
export const SCROLL_END_TRIGGER = 0.2;
export const VIRTUAL_LIST_SCROLL_END_TRIGGER = 0.1;
export const SPLIT_PANE_DEFAULT = 250;
/** Badge counts show 99+ from this value on (spec 000 §9, spec 001 §9). */
export const BADGE_MAX = 100;
/** Space usage turns red at this percentage (spec 000 §9). */
export const SPACE_DANGER_PERCENT = 90;

// ---------------------------------------------------------------------------------------------
// Teams, members and the contact picker (spec 000)

export const TEAM_NAME_MAX_WEIGHT = 42;
export const NOTICE_MAX_WEIGHT = 600;
/** Team delete is enabled once the user types this word, case-insensitive (spec 000 §4). */
export const TEAM_DELETE_WORD = 'DEL';
/** Avatars in the picker footer and in the member-removal footer. */
export const PICKER_AVATARS = 7;
export const REMOVAL_AVATARS = 10;
/** Multi-person chat member strip: 6 by default, 9 in the chat dialog. */
export const CHAT_STRIP_AVATARS = 6;
export const CHAT_DIALOG_AVATARS = 9;
export const PRESELECTED_APPROVERS = 3;
export const APPROVAL_DESC_MAX = 140;

// ---------------------------------------------------------------------------------------------
// Profile and account (spec 000 §5, §9; spec 002 §5, §9)

export const EMAIL_MAX = 60;
export const ADDRESS_MAX = 50;
export const PHONE_MIN = 11;
export const PHONE_MAX = 20;
/** Phone numbers may be longer in a private deployment (IS_PRIVATIZATION). */
export const PHONE_MAX_PRIVATE = 40;
/** A mobile number is exactly 11 digits (spec 002 §9). */
export const MOBILE_DIGITS = 11;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;
/** Cookie lifetime "about 360 days". */
export const SESSION_MAX_AGE_SECONDS = 360 * 24 * 60 * 60;
/** A nickname: not shown in the specs; 1 to 32 characters is ours. */
export const NICKNAME_MAX = 32;
/** Real name for real-name verification (spec 002 §1): not shown; 2 to 30 characters is ours. */
export const REAL_NAME_MIN = 2;
export const REAL_NAME_MAX = 30;
/** Verification codes (binding, sign-up, reset by text message): not shown; 6 digits, 10 minutes, one a minute are ours. */
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_SECONDS = 600;
export const VERIFICATION_CODE_RESEND_SECONDS = 60;
/** A forgotten-password reset link or code, and a must-change-password token, live 30 minutes (ours). */
export const PASSWORD_TOKEN_TTL_SECONDS = 1800;

// ---------------------------------------------------------------------------------------------
// Avatars (spec 000 §2, §3, §5, §9)

export const AVATAR_MAX_BYTES = 5242880;
/** Cropped avatars are saved as 120x120 pictures. */
export const AVATAR_OUTPUT = 120;
/** The cropper's 300x300 crop box, ratio 1:1. */
export const CROP_BOX = 300;
export const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png', 'bmp'] as const;
/** Team icons 0 to 14. */
export const AVATAR_ICONS = 15;
/** Team icon colours 0 to 7. */
export const AVATAR_COLOURS = 8;
/**
 * The 8 colours are not shown in the spec; these are ours. A user without a picture shows white
 * initials on them, so each is dark enough for text (4.5:1, WCAG AA; team-avatar.test.ts).
 */
export const AVATAR_COLOUR_HEX = [
  '#2B62E0', // blue
  '#00815A', // green
  '#B85C00', // orange
  '#D2302B', // red
  '#7F3BF5', // violet
  '#0E7EA3', // cyan
  '#C42F6E', // pink
  '#5B6B8C', // slate
] as const;

// ---------------------------------------------------------------------------------------------
// Sharing (spec 002 §5, §9)

/** Link expiry presets in seconds: 1 hour, 6 hours, 1 day, 3 days, 7 days, 30 days. */
export const EXPIRY_PRESETS = [3600, 21600, 86400, 259200, 604800, 2592000] as const;
export const EXPIRY_UNLIMITED = 0;
/**
 * spec 002 §5: expiry values up to 30 days are periods (the presets); larger values are absolute
 * unix timestamps picked in the custom date-time picker.
 */
export const EXPIRY_PERIOD_MAX = 2592000;
export const MAX_DOWNLOAD_COUNT = 1000000;
export const DOWNLOAD_COUNT_MAX_DIGITS = 7;
export const DOWNLOAD_UNLIMITED = -1;
/** Member chips show up to 8. */
export const MEMBER_CHIPS = 8;
/** spec 002 §5: link controls are disabled for a group creator of this vip level without a company. */
export const RESTRICTED_VIP_LEVEL = 10;

// ---------------------------------------------------------------------------------------------
// Security documents (spec 001 §5, §7)

/** Default operation ids sent to PUT {secure}/api/v1/doc/{id}/rights. */
export const SECDOC_OPERATION_IDS = [3, 4] as const;
/** Per-group secure state: 0 closed, 2 open (spec 001 §3, spec 002 §3). */
export const SECURE_STATE = { closed: 0, open: 2 } as const;
/** Team auto-convert state: 0 off, 1 on, 2 on and converting (spec 000 §3). */
export const AUTO_CONVERT_STATE = { off: 0, on: 1, converting: 2 } as const;

/** Longest feedback text from the avatar menu's feedback entry (not shown in the specs). */
export const FEEDBACK_MAX = 2000;

// ---------------------------------------------------------------------------------------------
// History remarks and comments (not shown in the specs; ours)

/** A history version's remark (PATCH .../histories/{id}, body log). */
export const HISTORY_LOG_MAX = 200;
/** A comment on a file. */
export const COMMENT_MAX = 1000;
/** Comments per page in a file's detail panel. */
export const PAGE_SIZE_COMMENTS = 20;
/** History versions per page (the spec names no size). */
export const PAGE_SIZE_HISTORY = 50;
