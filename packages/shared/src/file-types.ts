// File extensions and the groups the specs sort them into (spec 001 §3, §4, §5).
// Extensions are compared lower-case and without the leading dot.

/** Lower-cases an extension and drops a leading dot: '.DOCX' -> 'docx'. */
export function normalizeExt(ext: string): string {
  return ext.trim().replace(/^\./, '').toLowerCase();
}

/**
 * Icon and viewer groups (spec 001 §3). The spec lists image, zip, code, doc, spreadsheet, csv,
 * presentation, text and pdf; audio and video are ours. The extensions in each are not shown.
 */
export const FILE_TYPE_GROUPS = {
  image: ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'svg', 'ico', 'tif', 'tiff', 'heic', 'heif'],
  zip: ['zip', 'rar', '7z', 'tar', 'gz', 'tgz', 'bz2', 'xz'],
  // biome-ignore format: a compact list
  code: [
    'js', 'mjs', 'cjs', 'ts', 'jsx', 'tsx', 'json', 'xml', 'html', 'htm', 'css', 'scss', 'less', 'vue',
    'java', 'kt', 'scala', 'c', 'h', 'cpp', 'cc', 'hpp', 'cs', 'go', 'rs', 'py', 'rb', 'php', 'swift',
    'dart', 'lua', 'pl', 'r', 'sh', 'bash', 'sql', 'yaml', 'yml', 'toml', 'ini',
  ],
  doc: ['doc', 'docx', 'wps', 'dot', 'dotx', 'rtf', 'odt'],
  spreadsheet: ['xls', 'xlsx', 'et', 'xlsm', 'xlt', 'xltx', 'ods'],
  csv: ['csv'],
  presentation: ['ppt', 'pptx', 'dps', 'pps', 'ppsx', 'pot', 'potx', 'odp'],
  text: ['txt', 'md', 'log'],
  pdf: ['pdf'],
  audio: ['mp3', 'wav', 'flac', 'aac', 'ogg', 'm4a', 'wma'],
  video: ['mp4', 'mov', 'avi', 'mkv', 'webm', 'flv', 'wmv', 'm4v', '3gp'],
} as const satisfies Record<string, readonly string[]>;

export type FileTypeGroup = keyof typeof FILE_TYPE_GROUPS;

const GROUP_BY_EXT = new Map<string, FileTypeGroup>(
  (Object.keys(FILE_TYPE_GROUPS) as FileTypeGroup[]).flatMap((group) =>
    FILE_TYPE_GROUPS[group].map((ext): [string, FileTypeGroup] => [ext, group]),
  ),
);

/** The icon/viewer group of an extension, or undefined for anything else. */
export function fileTypeGroup(ext: string): FileTypeGroup | undefined {
  return GROUP_BY_EXT.get(normalizeExt(ext));
}

/** Type filter groups of the file search (spec 001 §3). */
export const TYPE_FILTER_GROUPS = {
  txt: ['txt'],
  doc: ['doc', 'docx', 'wps'],
  xls: ['xls', 'xlsx', 'et'],
  ppt: ['ppt', 'pptx', 'dps'],
  pdf: ['pdf'],
} as const satisfies Record<string, readonly string[]>;

export type TypeFilter = keyof typeof TYPE_FILTER_GROUPS;

/** Web-office groups by extension (spec 001 §3). */
export const WEB_OFFICE_GROUPS = {
  word: ['doc', 'docx', 'wps'],
  spreadsheet: ['xls', 'xlsx', 'et', 'csv'],
  presentation: ['ppt', 'pptx', 'dps'],
  pdf: ['pdf'],
} as const satisfies Record<string, readonly string[]>;

export type WebOfficeGroup = keyof typeof WEB_OFFICE_GROUPS;

export function webOfficeGroup(ext: string): WebOfficeGroup | undefined {
  const e = normalizeExt(ext);
  return (Object.keys(WEB_OFFICE_GROUPS) as WebOfficeGroup[]).find((group) =>
    (WEB_OFFICE_GROUPS[group] as readonly string[]).includes(e),
  );
}

/** spec 001 §5: editable types. */
export const EDITABLE_EXTENSIONS = ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'] as const;

export function isEditable(ext: string): boolean {
  return (EDITABLE_EXTENSIONS as readonly string[]).includes(normalizeExt(ext));
}

/**
 * spec 001 §5: "many executable and script extensions are not editable" (the list is not shown):
 * these are never opened in a local application from the drive.
 */
// biome-ignore format: a compact list
export const EXECUTABLE_EXTENSIONS = [
  'exe', 'msi', 'com', 'scr', 'pif', 'bat', 'cmd', 'ps1', 'psm1', 'vbs', 'vbe', 'wsf', 'wsh', 'js',
  'jse', 'hta', 'cpl', 'jar', 'sh', 'app', 'dmg', 'pkg', 'deb', 'rpm', 'apk', 'lnk', 'reg', 'dll',
] as const;

export function isExecutable(ext: string): boolean {
  return (EXECUTABLE_EXTENSIONS as readonly string[]).includes(normalizeExt(ext));
}

/** spec 001 §4: secure-document auto-conversion applies only to these extensions. */
export const SECDOC_CONVERTIBLE_EXTENSIONS = [
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'wps',
  'et',
  'dps',
] as const;

export function isSecdocConvertible(ext: string): boolean {
  return (SECDOC_CONVERTIBLE_EXTENSIONS as readonly string[]).includes(normalizeExt(ext));
}

/** spec 001 §5: upload accept list for spreadsheets and documents. */
export const UPLOAD_ACCEPT_OFFICE = '.xlsx,.xls,.et,.doc,.docx,.wps';
/** spec 001 §5: upload accept list for security documents. */
export const UPLOAD_ACCEPT_SECDOC = '.doc,.docx,.wps,.xls,.xlsx,.et,.ppt,.pptx,.dps';
/** spec 000 §5: avatar pictures. */
export const UPLOAD_ACCEPT_AVATAR = '.jpg,.jpeg,.png,.bmp';

/** The kinds of empty file the drive creates (POST .../files/new_empty, spec 001 §7), in menu order. */
export const NEW_EMPTY_TYPES = ['docx', 'xlsx', 'pptx', 'txt'] as const;
export type NewEmptyType = (typeof NEW_EMPTY_TYPES)[number];

export function isNewEmptyType(ext: string): ext is NewEmptyType {
  return (NEW_EMPTY_TYPES as readonly string[]).includes(ext);
}
