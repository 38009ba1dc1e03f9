// Share-link vocabularies and the rules of spec 002 §4, §5 and §6.

import { RESTRICTED_VIP_LEVEL } from './constants.ts';
import { USER_ROLE_RANK, type UserRole } from './roles.ts';
import type { LinkRange } from './settings.ts';

/** spec 002 §3: who may open a link. */
export const LINK_RANGES = ['anyone', 'company', 'group', 'user'] as const satisfies readonly LinkRange[];

/** spec 002 §6: read; download (read and download); write (read, download, write). */
export const LINK_PERMISSIONS = ['read', 'download', 'write'] as const;
export type LinkPermission = (typeof LINK_PERMISSIONS)[number];

/** spec 002 §3: 'close' is the stored value of a closed link. */
export const LINK_STATUSES = ['open', 'expired', 'closed', 'close'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** spec 002 §3: the permission of a link member. */
export const LINK_MEMBER_PERMISSIONS = ['read', 'write', 'owner'] as const;
export type LinkMemberPermission = (typeof LINK_MEMBER_PERMISSIONS)[number];

export function isLinkClosed(status: LinkStatus): boolean {
  return status === 'closed' || status === 'close';
}

/** Whether a link of `permission` lets its users do `action`: each level includes the ones below. */
export function linkPermissionAllows(permission: LinkPermission, action: LinkPermission): boolean {
  return LINK_PERMISSIONS.indexOf(permission) >= LINK_PERMISSIONS.indexOf(action);
}

/** spec 002 §6: a team rank below 2 (creator, manager, admin) makes the user an editor of the link. */
export function isLinkEditor(userRole: UserRole): boolean {
  return USER_ROLE_RANK[userRole] < 2;
}

/**
 * spec 002 §4: permission options for share permission entries never exceed the link's own
 * permission; the ceiling is write for an editor, otherwise download.
 */
export function sharePermissionOptions(linkPermission: LinkPermission, isEditor: boolean): LinkPermission[] {
  const ceiling = Math.min(
    LINK_PERMISSIONS.indexOf(linkPermission),
    LINK_PERMISSIONS.indexOf(isEditor ? 'write' : 'download'),
  );
  return LINK_PERMISSIONS.filter((_, index) => index <= ceiling);
}

/** spec 002 §6: for collaborative documents download is displayed as read. */
export function displayedLinkPermission(permission: LinkPermission, isCoDoc: boolean): LinkPermission {
  return isCoDoc && permission === 'download' ? 'read' : permission;
}

/**
 * spec 002 §5: the download count is editable only when the permission is download or write, and
 * is hidden for collaborative documents.
 */
export function isDownloadCountEditable(permission: LinkPermission, isCoDoc: boolean): boolean {
  return !isCoDoc && permission !== 'read';
}

/**
 * spec 002 §5, §6: download count and link controls (and the group range) are disabled when the
 * group creator has vip level 10 and no company.
 */
export function isLinkRestricted(creator: { vip_level?: number | null; company?: unknown }): boolean {
  return creator.vip_level === RESTRICTED_VIP_LEVEL && !creator.company;
}

// ---------------------------------------------------------------------------------------------
// Ranges, access codes, addresses and types (spec 002 §3, §6; ARCHITECTURE "API conventions")

/** Access codes are short (ours: 4 characters), so guessing is throttled on the server. */
export const CHKCODE_LENGTH = 4;
/** Lower-case letters and digits without the look-alikes 0/o, 1/l/i. */
export const CHKCODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** An access code as compared: trimmed, case-insensitive. */
export function normalizeChkcode(input: string): string {
  return input.trim().toLowerCase();
}

/** Whether a typed access code has the right shape (the prompt's check before asking the server). */
export function isChkcodeShape(input: string): boolean {
  const code = normalizeChkcode(input);
  return code.length === CHKCODE_LENGTH && [...code].every((c) => CHKCODE_ALPHABET.includes(c));
}

/**
 * A link id (sid): random base64url text that always contains a letter, so that
 * `DELETE /api/v3/links/{sid|fileid}` can never mistake one for a file id.
 */
export function isSid(value: string): boolean {
  return /^[A-Za-z0-9_-]{16,64}$/.test(value) && /[A-Za-z]/.test(value);
}

/** Where a link opens, relative to the site (spec 002 §2: the drive view path plus the link id). */
export function linkPath(sid: string): string {
  return `/l/${encodeURIComponent(sid)}`;
}

/** spec 002 §3: a link past its expiry time is expired; 0 means none. */
export function effectiveLinkStatus(
  link: { status: string; expire_time: number },
  nowSeconds: number,
): 'open' | 'expired' | 'close' {
  if (link.status !== 'open') return 'close';
  return link.expire_time > 0 && link.expire_time <= nowSeconds ? 'expired' : 'open';
}

/** The lower of two link permissions (the ceiling rule of spec 002 §4). */
export function minLinkPermission(a: LinkPermission, b: LinkPermission): LinkPermission {
  return LINK_PERMISSIONS.indexOf(a) <= LINK_PERMISSIONS.indexOf(b) ? a : b;
}

/** A member's permission as a link permission: owner writes. */
export function memberLinkPermission(permission: LinkPermission | LinkMemberPermission): LinkPermission {
  return permission === 'owner' ? 'write' : permission;
}

/** What decides the ranges a link may have (spec 002 §6 "Range options"). */
export interface LinkRangeContext {
  /** The deployment's allowed ranges (settings link_ranges) and default (default_link_range). */
  allowed: readonly LinkRange[];
  defaultRange: LinkRange;
  /** settings allow_shareuser. */
  allowShareUser: boolean;
  /** Where the file is: my drive (special), my uploads (tmp) or a team. */
  spaceType: 'special' | 'tmp' | 'team';
  /** The space belongs to a company (its owner is a company user, or it is a company's team). */
  companySpace: boolean;
  /** isLinkRestricted of the space's creator: the group range is disabled. */
  restricted: boolean;
}

/**
 * spec 002 §6, the ranges an editor may choose: anyone (if allowed by config); company (company
 * users, only in their own drive or upload space); group (a team space, or a company user's own
 * space where it means their department; disabled for vip-level-10 creators without a company);
 * user (specific people, when user sharing is allowed).
 */
export function editorRangeOptions(c: LinkRangeContext): LinkRange[] {
  return LINK_RANGES.filter((range) => {
    if (!c.allowed.includes(range)) return false;
    switch (range) {
      case 'anyone':
        return true;
      case 'company':
        return c.spaceType !== 'team' && c.companySpace;
      case 'group':
        return !c.restricted && (c.spaceType === 'team' || c.companySpace);
      case 'user':
        return c.allowShareUser;
      default:
        return false;
    }
  });
}

/**
 * The ranges the share panel offers: editors their options; non-editors only the current range
 * and, when user sharing is allowed and they are members, the default range and user.
 */
export function rangeOptionsFor(
  c: LinkRangeContext,
  viewer: { isEditor: boolean; isMember: boolean; current: LinkRange },
): LinkRange[] {
  if (viewer.isEditor) {
    const options = editorRangeOptions(c);
    return options.includes(viewer.current) ? options : [viewer.current, ...options];
  }
  const shown = new Set<LinkRange>([viewer.current]);
  if (c.allowShareUser && viewer.isMember) {
    shown.add(initialLinkRange(c) ?? c.defaultRange);
    shown.add('user');
  }
  return LINK_RANGES.filter((range) => shown.has(range));
}

/**
 * The range a new link gets: the default when it is an option here, else the narrowest useful
 * one (a link is never public unless that is the default or the only choice).
 */
export function initialLinkRange(c: LinkRangeContext): LinkRange | undefined {
  const options = editorRangeOptions(c);
  if (options.includes(c.defaultRange)) return c.defaultRange;
  return (['group', 'company', 'user', 'anyone'] as const).find((range) => options.includes(range));
}

/** Folder types: a plain folder, a shared one (the shared lists) or one in the bin. */
export function isFolderFtype(ftype: string): boolean {
  return ftype === 'folder' || ftype === 'sharefolder' || ftype === 'delfolder';
}

/** spec 001 §3: a link-shared type returns to its plain type when its link is closed. */
export function plainFtype(ftype: string): 'folder' | 'file' {
  return isFolderFtype(ftype) ? 'folder' : 'file';
}
