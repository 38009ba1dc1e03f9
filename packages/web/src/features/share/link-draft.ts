/**
 * The share panel before a file has a link: what the link would be (spec 002 §4, §6) and whether
 * the user may create it. Nothing is created until the user asks; the server decides again.
 */
import {
  editorRangeOptions,
  type FileRecord,
  hasPermission,
  initialLinkRange,
  isFolderFtype,
  isLinkEditor,
  isLinkRestricted,
  isUserRole,
  LINK_PERMISSIONS,
  type LinkPermission,
  type LinkRange,
  type LinkRangeContext,
  type Settings,
} from '@cirrus/shared';

/** What the actor is on the file, as a drive list tells it. */
export interface ShareAccess {
  user_acl: number;
  user_role: string;
  file_src_type: FileRecord['file_src_type'];
  folder: boolean;
}

/** The file a share panel is about. */
export interface ShareTarget {
  fileid: number;
  fname: string;
  /** From a drive list: for the defaults of a new link. */
  access?: ShareAccess;
}

/** An item of any list that offers "Share": a drive record, a shared-list item. */
export interface Shareable {
  fileid: number;
  fname: string;
  ftype?: string;
  link?: { sid: string } | null;
  user_acl?: number;
  user_role?: string;
  file_src_type?: FileRecord['file_src_type'];
}

/** The panel's target for a list item: what the list already knows of the actor's access. */
export function shareTargetOf(file: Shareable): ShareTarget {
  const target: ShareTarget = { fileid: file.fileid, fname: file.fname };
  if (file.user_acl !== undefined && file.user_role !== undefined && file.file_src_type !== undefined)
    target.access = {
      user_acl: file.user_acl,
      user_role: file.user_role,
      file_src_type: file.file_src_type,
      folder: isFolderFtype(file.ftype ?? ''),
    };
  return target;
}

/** Permissions a link may have when `mask` is the editor's own: never above what they may do. */
export function linkPermissionOptionsOf(mask: number, folder: boolean): LinkPermission[] {
  return LINK_PERMISSIONS.filter((p) => {
    if (p === 'read') return hasPermission(mask, 'read');
    if (p === 'download') return hasPermission(mask, 'download');
    return hasPermission(mask, 'download') && hasPermission(mask, folder ? 'upload' : 'update');
  });
}

/** The link a new share would get, and what its creator may choose. */
export interface LinkDraft {
  /** spec 002 §6: a team rank below 2 chooses range and permission; others get the defaults. */
  editor: boolean;
  ranges: LinkRange;
  rangeOptions: LinkRange[];
  permission: LinkPermission;
  permissionOptions: LinkPermission[];
}

/** Why no link can be created here: the panel says so instead of offering "Create link". */
export type DraftBlock = 'controlShare' | 'realName' | 'noPermission' | 'noRange';

export interface DraftInput {
  settings: Pick<
    Settings,
    'link_ranges' | 'default_link_range' | 'allow_shareuser' | 'control_share' | 'allow_real_name'
  >;
  /** The actor's real-name verification (only asked where allow_real_name is on). */
  verified: boolean;
  user: { companyid: number; vip_level: number };
  access?: ShareAccess;
}

/**
 * The draft of a new link, as the server would make it (spec 002 §4, §6): the default range when
 * it is an option in this space, else the narrowest useful one; download when the actor may
 * download, else read. A file of my drive or my uploads counts as a company space when I am a
 * company user; a team space's creator is only known when it is me. Without what the drive list
 * knows of the file, the draft is a non-editor's (the server's defaults, nothing to choose).
 */
export function linkDraft({ settings, verified, user, access }: DraftInput): LinkDraft | DraftBlock {
  if (settings.control_share) return 'controlShare';
  if (settings.allow_real_name && !verified) return 'realName';
  if (access && !hasPermission(access.user_acl, 'share')) return 'noPermission';
  const spaceType =
    access?.file_src_type === 'tmp'
      ? 'tmp'
      : !access || access.file_src_type === 'private'
        ? 'special'
        : 'team';
  const mine = spaceType !== 'team' || access?.user_role === 'creator';
  const ctx: LinkRangeContext = {
    allowed: settings.link_ranges,
    defaultRange: settings.default_link_range,
    allowShareUser: settings.allow_shareuser,
    spaceType,
    companySpace: user.companyid > 0,
    restricted: mine && isLinkRestricted({ vip_level: user.vip_level, company: user.companyid || null }),
  };
  const ranges = initialLinkRange(ctx);
  if (!ranges) return 'noRange';
  const editor = access !== undefined && isUserRole(access.user_role) && isLinkEditor(access.user_role);
  const mask = access?.user_acl;
  const permission: LinkPermission =
    mask === undefined || hasPermission(mask, 'download') ? 'download' : 'read';
  return {
    editor,
    ranges,
    rangeOptions: editor ? editorRangeOptions(ctx) : [ranges],
    permission,
    permissionOptions:
      editor && mask !== undefined ? linkPermissionOptionsOf(mask, access.folder) : [permission],
  };
}

/** The body of "Create link": an editor's choices as chosen; a non-editor sends none (the defaults). */
export function createBody(
  draft: LinkDraft,
  chosen: { ranges: LinkRange; permission: LinkPermission },
): { ranges?: LinkRange; permission?: LinkPermission } {
  return draft.editor ? { ranges: chosen.ranges, permission: chosen.permission } : {};
}
