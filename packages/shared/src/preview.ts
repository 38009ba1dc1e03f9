// Previews (spec 001 §2 "preview views", §8 "Preview error pages"; spec 002 §2): which viewer a file
// opens in, the limits that keep a preview cheap, and what GET {preview}/v1/legacy/view answers.
// Both sides import these, so the server refuses exactly what the viewer would not show.

import { SINGLE_REQUEST_UPLOAD_MAX } from './constants.ts';
import type { PreviewErrorKey } from './errors.ts';
import { FILE_TYPE_GROUPS, normalizeExt } from './file-types.ts';
import type { FileLockInfo } from './locks.ts';

/**
 * The viewer of a file. `office` documents are converted to PDF on the server and then shown by
 * the PDF viewer; `code` is text with syntax highlighting (html, xml and svg source included: user
 * content is never rendered as a page of ours); `unsupported` shows the unsupport page with download.
 */
export type PreviewKind =
  | 'image'
  | 'pdf'
  | 'office'
  | 'text'
  | 'code'
  | 'markdown'
  | 'csv'
  | 'audio'
  | 'video'
  | 'zip'
  | 'unsupported';

// biome-ignore format: compact lists
const KIND_EXTENSIONS: Record<Exclude<PreviewKind, 'unsupported'>, readonly string[]> = {
  // Pictures the server decodes (sharp) or browsers show as they are (bmp, ico, gif); svg is
  // rasterised on the server, so its scripts never reach a browser.
  image: ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'svg', 'ico', 'tif', 'tiff', 'avif', 'heic', 'heif'],
  pdf: ['pdf'],
  // spec: doc/docx/xls/xlsx/ppt/pptx/wps/et/dps and odt/ods/odp, with their templates and rtf.
  office: [...FILE_TYPE_GROUPS.doc, ...FILE_TYPE_GROUPS.spreadsheet, ...FILE_TYPE_GROUPS.presentation],
  markdown: ['md', 'markdown'],
  csv: ['csv', 'tsv'],
  text: ['txt', 'log', 'text', 'conf', 'cfg', 'properties', 'env'],
  code: [...FILE_TYPE_GROUPS.code, 'gradle', 'bat', 'ps1', 'makefile', 'dockerfile', 'diff', 'patch', 'graphql', 'proto'],
  // What browsers play; wma, avi, flv, wmv and 3gp need codecs they do not have.
  audio: ['mp3', 'wav', 'ogg', 'oga', 'm4a', 'aac', 'flac', 'opus', 'weba'],
  video: ['mp4', 'm4v', 'webm', 'ogv', 'mov', 'mkv'],
  zip: ['zip'],
};

const KIND_BY_EXT = new Map<string, PreviewKind>(
  (Object.keys(KIND_EXTENSIONS) as Exclude<PreviewKind, 'unsupported'>[]).flatMap((kind) =>
    KIND_EXTENSIONS[kind].map((ext): [string, PreviewKind] => [ext, kind]),
  ),
);

/** The viewer of a file by its extension ("" for none). */
export function previewKindOf(ext: string): PreviewKind {
  return KIND_BY_EXT.get(normalizeExt(ext)) ?? 'unsupported';
}

/** Kinds whose content the viewer reads as text (decoded to UTF-8 by the server). */
export const TEXT_KINDS: readonly PreviewKind[] = ['text', 'code', 'markdown', 'csv'];

export function isTextKind(kind: PreviewKind): boolean {
  return TEXT_KINDS.includes(kind);
}

// --- Limits (not shown in the specs; ours) -------------------------------------------------------

/** Text, code, Markdown and CSV beyond this are not previewed (fileTooLarge): 5 MiB. */
export const PREVIEW_TEXT_MAX_BYTES = 5 * 1024 * 1024;
/** Syntax highlighting stops beyond this; the text still shows, plain: 512 KiB. */
export const PREVIEW_HIGHLIGHT_MAX_BYTES = 512 * 1024;

/**
 * Text the viewer lets its editor change (ours: the specs edit office documents in a web office
 * this product does not have; plain text is what a drive's users edit in place). At most what the
 * web app sends in one request, so a save is one upload of a new version.
 */
export const TEXT_EDIT_MAX_BYTES = SINGLE_REQUEST_UPLOAD_MAX;

/**
 * Where a file is edited online: its viewer, opened in its editor. The answer of
 * GET /api/v3/editor/yqx/{id} (spec 001 §5) and the list's Edit action.
 */
export function onlineEditorPath(fileid: number): string {
  return `/p/${fileid}?edit=1`;
}

/** Whether a file of this kind and size is edited in the viewer (with the update permission). */
export function isEditableText(kind: PreviewKind, size: number): boolean {
  return TEXT_KINDS.includes(kind) && size <= TEXT_EDIT_MAX_BYTES;
}
/** CSV rows shown as a table; the rest is cut with a notice. */
export const PREVIEW_CSV_MAX_ROWS = 10_000;
/** Pictures larger than this are not decoded (fileTooLarge): 50 MiB. */
export const PREVIEW_IMAGE_MAX_BYTES = 50 * 1024 * 1024;
/** Decoded size limit: a picture of more pixels is a decompression bomb or a poster (fileTooLarge). */
export const PREVIEW_IMAGE_MAX_PIXELS = 100_000_000;
/** The longest side of the picture the viewer shows, and of a list thumbnail. */
export const PREVIEW_IMAGE_SIZE = 2048;
export const PREVIEW_THUMBNAIL_SIZE = 256;
/** The longest side of a file's details panel picture: the panel's width on a screen of two device pixels a CSS pixel. */
export const PREVIEW_DETAIL_SIZE = 800;
/**
 * The sizes a picture is rendered at (GET /v1/preview/files/{id}/image?size=), by their longest
 * side: the viewer's, a details panel's, a list's thumbnail. Each is made once per content.
 */
export const PREVIEW_IMAGE_SIZES = {
  view: PREVIEW_IMAGE_SIZE,
  detail: PREVIEW_DETAIL_SIZE,
  thumb: PREVIEW_THUMBNAIL_SIZE,
} as const;
export type PreviewImageSize = keyof typeof PREVIEW_IMAGE_SIZES;
export const PREVIEW_IMAGE_SIZE_NAMES = Object.keys(PREVIEW_IMAGE_SIZES) as [
  PreviewImageSize,
  ...PreviewImageSize[],
];
/**
 * Pictures sent as they are, not decoded (browsers show them; sharp has no loader for them), with
 * their media types: their thumbnail is the file itself.
 */
export const PREVIEW_IMAGE_AS_IS: Readonly<Record<string, string>> = {
  bmp: 'image/bmp',
  ico: 'image/x-icon',
};
/** A picture sent as it is makes a list's thumbnail only up to this size: 1 MiB. */
export const THUMBNAIL_AS_IS_MAX_BYTES = 1024 * 1024;
/** Photos the server cannot decode (the prebuilt libvips reads AVIF, not HEVC-coded HEIC): a list shows their icon. */
const NO_THUMBNAIL = new Set(['heic', 'heif']);

/**
 * Whether a list shows a thumbnail of a file (GET /v1/preview/files/{id}/image?size=thumb) rather
 * than its type icon: a picture the server can draw, small enough for it to decode.
 */
export function hasThumbnail(ext: string, size: number): boolean {
  const e = normalizeExt(ext);
  if (previewKindOf(e) !== 'image' || NO_THUMBNAIL.has(e)) return false;
  return size <= (e in PREVIEW_IMAGE_AS_IS ? THUMBNAIL_AS_IS_MAX_BYTES : PREVIEW_IMAGE_MAX_BYTES);
}

/** Office documents larger than this are not converted (fileTooLarge): 50 MiB. */
export const PREVIEW_OFFICE_MAX_BYTES = 50 * 1024 * 1024;
/** Entries of a zip archive listed; the rest are counted. */
export const PREVIEW_ZIP_MAX_ENTRIES = 10_000;
/** How often the viewer asks whether an office conversion has finished. */
export const PREVIEW_CONVERT_POLL_MS = 1500;

// --- The viewer's variant (spec 001 §2, spec 002 §2) ---------------------------------------------

/**
 * spec 002 §2: "the view variant for /p and /l depends on a private-deployment setting and an
 * office-editor setting", as the app base does: a private deployment that allows web office
 * opens previews inside /view, everyone else inside /pcview.
 */
export type PreviewVariant = 'pcview' | 'view';

export function previewVariant(settings: {
  IS_PRIVATIZATION: boolean;
  ALLOW_WEBOFFICE: boolean;
  allow_weboffice: boolean;
}): PreviewVariant {
  return settings.IS_PRIVATIZATION && (settings.ALLOW_WEBOFFICE || settings.allow_weboffice)
    ? 'view'
    : 'pcview';
}

/**
 * spec 002 §2: "the application is mounted under base path /pcview, or /view when private
 * deployment allows web office": where the root address sends a logged-in user.
 */
export function appHomeOf(settings: Parameters<typeof previewVariant>[0]): '/pcview/drive' | '/view/drive' {
  return previewVariant(settings) === 'view' ? '/view/drive' : '/pcview/drive';
}

// --- GET {preview}/v1/legacy/view ------------------------------------------------------------------

/**
 * How the viewer reached the file: the drive, the recycle bin (/view/p), a share link (/l), or one
 * of the file's history versions (/p/{fid}?history={id}).
 */
export type PreviewSource = 'file' | 'recycle' | 'link' | 'history';

/** The history version a preview shows (the view's fver, fsize and mtime are that version's). */
export interface PreviewHistory {
  historyid: number;
  ver: number;
  /** Unix seconds: when this content was saved. */
  ctime: number;
  /** The version is the file's current content. */
  is_current: boolean;
}

/** Addresses of the bytes the viewer loads; each carries the source's query (recycle, link ...). */
export interface PreviewUrls {
  /** The file's bytes for the viewer (pdf, audio, video; text kinds decoded to UTF-8 text/plain). */
  content: string;
  /** The picture the viewer shows: decoded, EXIF-rotated, at most PREVIEW_IMAGE_SIZE. */
  image: string;
  thumbnail: string;
  /** An office document's PDF: 202 while it converts, then the PDF. */
  pdf: string;
  /** A zip archive's entries. */
  entries: string;
  /** Download as an attachment; empty when the viewer may not download. */
  download: string;
}

/** What the viewer needs to show one file (GET {preview}/v1/legacy/view). */
export interface PreviewView {
  fileid: number;
  fname: string;
  /** Lower case, without the dot. */
  extname: string;
  fsize: number;
  fver: number;
  mtime: number;
  groupid: number;
  parentid: number;
  kind: PreviewKind;
  /** The id is a folder's: a drive folder opens in the list instead (the web viewer). */
  folder: boolean;
  /**
   * A preview error page to show instead of the content, for a file the viewer may see but that
   * cannot be previewed (unsupport, fileTooLarge, passwdEncrypted, convertFail ...).
   */
  error: PreviewErrorKey | null;
  source: PreviewSource;
  /** spec 001 §2: a recycled file is shown with the recycle marker. */
  recycle: boolean;
  /** A history version, shown read only and marked with its version; null for the file itself. */
  history: PreviewHistory | null;
  variant: PreviewVariant;
  /**
   * What the viewer offers: download and print (printing hands the content out as a download
   * does); lock (file locking on, the update permission) and unlock (the holder, or whoever
   * manages the space) for a file of the drive; edit (a text file of the drive, up to
   * TEXT_EDIT_MAX_BYTES, the update permission, no lock held by someone else).
   */
  permissions: { download: boolean; print: boolean; lock: boolean; unlock: boolean; edit: boolean };
  filelock: FileLockInfo | null;
  /**
   * A security document (spec 000 §1): inside the desktop client, screen capture is disabled
   * while it shows (spec 001 §6 "Screen capture can be disabled in the client").
   */
  secdoc: boolean;
  /** Whether office documents can be converted here (LibreOffice is installed). */
  converter: boolean;
  urls: PreviewUrls;
}

/** GET .../pdf while the conversion runs (202). */
export interface PreviewConversionState {
  state: 'queued' | 'running';
}

/** GET .../entries: the central directory of a zip archive. */
export interface ZipEntryInfo {
  name: string;
  size: number;
  compressed: number;
  /** Unix seconds. */
  mtime: number;
  folder: boolean;
  encrypted: boolean;
}

export interface ZipListing {
  entries: ZipEntryInfo[];
  /** All entries of the archive; more than `entries` when cut at PREVIEW_ZIP_MAX_ENTRIES. */
  total: number;
}

/** GET .../neighbors: the files before and after one in its folder's order (previous / next). */
export interface PreviewNeighbors {
  prev: { fileid: number; fname: string } | null;
  next: { fileid: number; fname: string } | null;
  /** 1-based position among the folder's files, and how many there are. */
  index: number;
  total: number;
}

/** GET /api/v3/editor/yqx/{id}: where to edit the file online (else yqxForbid). */
export interface OnlineEditor {
  fileid: number;
  openType: 'editOnline';
  url: string;
}
