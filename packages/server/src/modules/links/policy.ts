import {
  effectiveLinkStatus,
  hasPermission,
  isLinkEditor,
  isLinkRestricted,
  LINK_PERMISSIONS,
  type LinkPermission,
  type LinkRange,
  type LinkRangeContext,
  linkPermissionAllows,
  memberLinkPermission,
  minLinkPermission,
  type Settings,
  type TeamRole,
  USER_ROLE_RANK,
  userRoleFromTeamRole,
} from '@cirrus/shared';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import type { FileWithNames } from '../files/repo.ts';
import type { LinkRow, MemberRow, SpaceRow } from './repo.ts';

/** A link with what it shares: the live file and the space it is in now. */
export interface Scene {
  link: LinkRow;
  file: FileWithNames;
  space: SpaceRow;
}

/** Who looks at a link, and what they are to it. */
export interface Viewer {
  actor: Actor | null;
  /**
   * spec 002 §6: the team rank in the file's space (0 creator, 1 manager/admin, 2 member, 3
   * read_member; the owner of a personal space is 0); null for someone outside the space.
   */
  rank: number | null;
  /** Their own drive mask on the file (0 outside the space). */
  mask: number;
  /** Their row on the link as a person. */
  member: MemberRow | undefined;
  /** The highest permission the link's department rows give them. */
  deptPermission: LinkPermission | undefined;
}

/** Scheme B team role to the rank of spec 002 §6. */
export function rankOf(role: TeamRole): number {
  return USER_ROLE_RANK[userRoleFromTeamRole(role)];
}

export function isEditor(viewer: Viewer): boolean {
  return viewer.rank !== null && isLinkEditor(rankName(viewer.rank));
}

function rankName(rank: number) {
  return rank === 0 ? 'creator' : rank === 1 ? 'admin' : rank === 2 ? 'member' : 'read_member';
}

/** Named on the link: as a person (an active row) or through one of their departments. */
export function isNamed(viewer: Viewer): boolean {
  return (
    (viewer.member !== undefined && viewer.member.status === 'active') || viewer.deptPermission !== undefined
  );
}

/**
 * Who may see a link's members, with their emails and phones: the people of its space and those
 * the link names. Anyone else whom the range lets in sees the file, not who else may.
 */
export function maySeeMembers(viewer: Viewer): boolean {
  return viewer.rank !== null || isNamed(viewer);
}

/** The link's owner: its creator, or the creator of the space (spec 002 §2 "owner-only invite"). */
export function isOwner(viewer: Viewer, scene: Scene): boolean {
  return viewer.actor?.userId === scene.link.creator_id || viewer.rank === 0;
}

/** spec 002 §5, §6: the space's creator has vip level 10 and no company. */
export function isRestricted(space: SpaceRow): boolean {
  return isLinkRestricted({ vip_level: space.owner_vip_level, company: space.owner_company_id || null });
}

export function rangeContext(scene: Pick<Scene, 'space'>, settings: Settings): LinkRangeContext {
  const { space } = scene;
  return {
    allowed: settings.link_ranges,
    defaultRange: settings.default_link_range,
    allowShareUser: settings.allow_shareuser,
    spaceType: space.type,
    companySpace: space.company_id > 0,
    restricted: isRestricted(space),
  };
}

/** Permissions the link itself may have when `mask` is the editor's own: never above what they may do. */
export function linkPermissionOptions(mask: number, isFolder: boolean): LinkPermission[] {
  return LINK_PERMISSIONS.filter((p) => {
    if (p === 'read') return hasPermission(mask, 'read');
    if (p === 'download') return hasPermission(mask, 'download');
    // Write through a link uploads new versions (of the file, or of files in the folder).
    return hasPermission(mask, 'download') && hasPermission(mask, isFolder ? 'upload' : 'update');
  });
}

export function status(scene: Scene, now: number) {
  return effectiveLinkStatus(scene.link, now);
}

/** The link answers its own state before anything else: blocked, cancelled, expired. */
export function assertUsable(scene: Scene, now: number): void {
  if (scene.link.blocked === 'forbidLink' || scene.link.blocked === 'linkViolation')
    throw new DomainError(scene.link.blocked);
  const state = status(scene, now);
  if (state === 'close') throw new DomainError('linkClosed');
  if (state === 'expired') throw new DomainError('linkExpired');
}

/**
 * Who may open a link (spec 002 §6, issue 8) and with which permission. People of the file's own
 * space may always open it (they see the file anyway) with the link's permission; so may those
 * its range lets in: anyone; company (its people: notCompanyMember); group (the team, or the
 * department of a company user's own space: notGroupMember). Named people the range does not let
 * in get their own permission, never above the link's (the ceiling rule); being named never
 * takes away what the range gives. Others are refused with the range's reason (a user range:
 * accessDeny); a logged-out visitor of anything but an anyone link is asked to log in.
 */
export function admit(
  scene: Scene,
  viewer: Viewer,
  ctx: { deptIds: ReadonlySet<number>; allowed: readonly LinkRange[] },
): LinkPermission {
  const linkPermission = scene.link.permission as LinkPermission;
  if (viewer.rank !== null) return linkPermission;
  const refusal = rangeRefusal(scene, viewer, ctx);
  if (!refusal) return linkPermission;
  const named = namedPermission(viewer);
  if (named) return minLinkPermission(named, linkPermission);
  throw new DomainError(refusal);
}

/** Why the link's range does not let this visitor in, or undefined when it does. */
function rangeRefusal(
  scene: Scene,
  viewer: Viewer,
  ctx: { deptIds: ReadonlySet<number>; allowed: readonly LinkRange[] },
): 'userNotLogin' | 'notCompanyMember' | 'notGroupMember' | 'accessDeny' | undefined {
  // A range the deployment no longer allows (settings link_ranges) admits nobody by itself: its
  // links keep the people they name and the space's own, as a user-range link does.
  const stored = scene.link.ranges as LinkRange;
  const range: LinkRange = ctx.allowed.includes(stored) ? stored : 'user';
  if (range === 'anyone') return undefined;
  const actor = viewer.actor;
  if (!actor) return 'userNotLogin';
  const { space } = scene;
  switch (range) {
    case 'company':
      return space.company_id > 0 && actor.companyId === space.company_id ? undefined : 'notCompanyMember';
    case 'group':
      // A team's own people have a rank (above); a personal space's group is its owner's department.
      return space.type !== 'team' && space.owner_main_dept_id && ctx.deptIds.has(space.owner_main_dept_id)
        ? undefined
        : 'notGroupMember';
    default:
      return 'accessDeny';
  }
}

function namedPermission(viewer: Viewer): LinkPermission | undefined {
  const own =
    viewer.member?.status === 'active'
      ? memberLinkPermission(viewer.member.permission as LinkPermission)
      : undefined;
  if (own && viewer.deptPermission) {
    return linkPermissionAllows(own, viewer.deptPermission) ? own : viewer.deptPermission;
  }
  return own ?? viewer.deptPermission;
}

/**
 * Who is asked for the access code: everyone but the link's editors, its creator and the people
 * named on it (they were chosen by name; the code guards the address itself).
 */
export function needsCode(scene: Scene, viewer: Viewer): boolean {
  if (!scene.link.chkcode) return false;
  if (isEditor(viewer) || isNamed(viewer)) return false;
  return viewer.actor?.userId !== scene.link.creator_id;
}

/** Who a range lets in, from fewest to most. */
const RANGE_REACH: readonly LinkRange[] = ['user', 'group', 'company', 'anyone'];

/**
 * Whether a change lets more people in or lets them do more: a wider range, a higher permission,
 * a later or no expiry, more downloads left, or the access code taken off. Only such changes wait
 * for sharing to be allowed (real-name verification, control_share); narrowing a link never does.
 */
export function widensLink(
  link: Pick<
    LinkRow,
    'ranges' | 'permission' | 'expire_time' | 'download_limits' | 'download_count' | 'chkcode'
  >,
  patch: Partial<Pick<LinkRow, 'ranges' | 'permission' | 'expire_time' | 'download_limits' | 'chkcode'>>,
): boolean {
  const reach = (r: string) => RANGE_REACH.indexOf(r as LinkRange);
  const rank = (p: string) => LINK_PERMISSIONS.indexOf(p as LinkPermission);
  if (patch.ranges !== undefined && reach(patch.ranges) > reach(link.ranges)) return true;
  if (patch.permission !== undefined && rank(patch.permission) > rank(link.permission)) return true;
  if (
    patch.expire_time !== undefined &&
    link.expire_time !== 0 &&
    (patch.expire_time === 0 || patch.expire_time > link.expire_time)
  )
    return true;
  if (patch.download_limits !== undefined && link.download_limits !== -1) {
    const left = link.download_limits - link.download_count;
    if (patch.download_limits === -1 || patch.download_limits > left) return true;
  }
  return patch.chkcode === '' && link.chkcode !== '';
}
