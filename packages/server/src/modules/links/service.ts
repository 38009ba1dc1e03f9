import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type AddMembersResult,
  editorRangeOptions,
  effectiveLinkStatus,
  expireTimeFromPeriod,
  hasPermission,
  initialLinkRange,
  isDownloadCountEditable,
  isSid,
  isValidDownloadLimit,
  LINK_PERMISSIONS,
  type LinkAccessLog,
  type LinkAuthResult,
  type LinkFolderList,
  type LinkMember,
  type LinkMemberList,
  type LinkPermission,
  type LinkPublicInfo,
  type LinkRange,
  linkPath,
  linkPermissionAllows,
  MAX_DOWNLOAD_COUNT,
  maskOf,
  PAGE_SIZE_SHARE_MEMBERS,
  type RealtimeEvent,
  rangeOptionsFor,
  type ShareCandidate,
  type SharedFileList,
  type ShareLink,
  sharePermissionOptions,
  TEAM_ROLE,
  validateCustomExpiry,
  validateInviteAccount,
} from '@cirrus/shared';
import { isUniqueViolation } from '../../db/errors.ts';
import { idOf } from '../../db/ids.ts';
import type { Db, DbOrTrx } from '../../db/index.ts';
import type { FileRow } from '../../db/schema.ts';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import { digestFile } from '../../storage/hash.ts';
import { type BlobStore, storageWrite } from '../../storage/index.ts';
import type { Throttle, ThrottlePolicy } from '../accounts/throttle.ts';
import type { BlobCollector } from '../blobs/service.ts';
import type { ZipPlan } from '../downloads/service.ts';
import type { EventLog } from '../events/service.ts';
import type { FileAccess } from '../files/access.ts';
import { ancestorIds, maskAt, requirePermission } from '../files/policy.ts';
import type { FileWithNames } from '../files/repo.ts';
import type { FileService } from '../files/service.ts';
import type { TransferService } from '../files/transfer.ts';
import type { IdentityService } from '../identity/service.ts';
import type { LockGuard } from '../locks/guard.ts';
import type { NoticeService } from '../notices/service.ts';
import type { OutboxService } from '../outbox/service.ts';
import type { LinkPreviews, LinkTarget } from '../preview/links.ts';
import type { SettingsService } from '../settings/service.ts';
import type { SpaceService } from '../spaces/service.ts';
import type { UserService } from '../users/service.ts';
import { createLinkLookup, summariesOf } from './lookup.ts';
import {
  admit,
  assertUsable,
  isEditor,
  isNamed,
  isOwner,
  isRestricted,
  linkPermissionOptions,
  maySeeMembers,
  needsCode,
  rangeContext,
  rankOf,
  type Scene,
  type Viewer,
  widensLink,
} from './policy.ts';
import {
  downloadRemain,
  type MemberNames,
  presentLinkFile,
  presentMember,
  presentShared,
  presentSummary,
} from './presenter.ts';
import * as repo from './repo.ts';
import type { AddMembersBody, CreateBody, ListQuery, PermissionEntry, UpdateBody } from './schema.ts';
import type { LinkSecrets } from './secrets.ts';

/** How long the rest of a download (a range, a 304) is free for the visitor who began it. */
const DOWNLOAD_RESUME_SECONDS = 24 * 3600;
/** Lookups of a person by email or phone, per asker: 30 within 10 minutes, then 10 minutes' wait. */
export const LOOKUP_THROTTLE: ThrottlePolicy = { maxFailures: 30, windowSeconds: 600, lockSeconds: 600 };
/** Wrong access codes from one address: 5 within 15 minutes lock that address out for 15 minutes. */
export const CODE_THROTTLE_ADDRESS: ThrottlePolicy = { maxFailures: 5, windowSeconds: 900, lockSeconds: 900 };
/**
 * Wrong access codes for one link, from anywhere: 20 within 15 minutes lock the link's prompt for
 * 15 minutes. With a 4-character code (31^4 ≈ 920 000 codes) guessing takes years.
 */
export const CODE_THROTTLE_LINK: ThrottlePolicy = { maxFailures: 20, windowSeconds: 900, lockSeconds: 900 };
/** A token for the right code lasts a day (ours). */
export const LINK_TOKEN_SECONDS = 86_400;
/** Reports of links from one address: 10 an hour. */
const REPORT_THROTTLE: ThrottlePolicy = { maxFailures: 10, windowSeconds: 3600, lockSeconds: 3600 };
/** One visitor opening one item is logged once a minute, not on every reload. */
const OPEN_LOG_GAP = 60;

/** How a caller proves the access code: the code (x-chkcode header, or ?rand_code= as typed) or the token. */
export interface Proof {
  code?: string;
  token?: string;
}

/** The caller as the anonymous calls see them. */
export interface Visitor {
  actor: Actor | null;
  ip: string;
  proof: Proof;
}

interface Deps {
  db: Db;
  secrets: LinkSecrets;
  spaces: SpaceService;
  access: FileAccess;
  files: Pick<FileService, 'saveVersion' | 'neighborsOf'>;
  transfers: Pick<TransferService, 'copyItems'>;
  settings: SettingsService;
  identity: Pick<IdentityService, 'state'>;
  outbox: Pick<OutboxService, 'send'>;
  events: EventLog;
  /** People named on a link are told (in-app notices), their pages at once (the push socket). */
  notices?: Pick<NoticeService, 'send'>;
  hub?: { push(to: Iterable<number>, event: RealtimeEvent): void };
  throttle: Throttle;
  locks: LockGuard;
  blobs: BlobStore;
  /** Whether the actor sees a person anyway (their company, their contacts): modules/users. */
  users: Pick<UserService, 'canSee'>;
  /** A new version's blob is put and then referred to through the collector (modules/blobs). */
  orphans: Pick<BlobCollector, 'stored'>;
  /** PUBLIC_URL: invitations carry the link's full address. */
  publicUrl: string;
  now: () => number;
}

/**
 * Share links (spec 002; spec 001's link-shared types, report and exit share): their lifecycle,
 * ranges, permissions, expiry, download limits, access codes, members, the shared lists, the
 * anonymous link page's calls, and the resolution of a sid for the previews.
 */
export function createLinkService(deps: Deps) {
  const { db, secrets, spaces, access, settings, outbox, events, throttle, locks, blobs, now } = deps;

  // --- loading --------------------------------------------------------------------------------

  /** A link by sid with its live file and space; anything else is a link that does not exist. */
  async function sceneOf(link: repo.LinkRow | undefined): Promise<Scene> {
    if (!link) throw new DomainError('lightLinkNotExist');
    const file = await repo.findFile(db, link.file_id);
    if (file?.status !== 'live') throw new DomainError('lightLinkNotExist');
    const space = await repo.findSpace(db, file.group_id);
    if (!space) throw new DomainError('lightLinkNotExist');
    return { link, file, space };
  }

  async function sceneBySid(sid: string): Promise<Scene> {
    if (!isSid(sid)) throw new DomainError('lightLinkNotExist');
    return sceneOf(await repo.findBySid(db, sid));
  }

  /**
   * What the actor is to the link: their rank in the file's space (spec 002 §6; in a temporary
   * space the share's owner member supplies it), their drive mask, their rows on the link.
   */
  async function viewerOf(actor: Actor | null, scene: Scene): Promise<Viewer> {
    if (!actor) return { actor, rank: null, mask: 0, member: undefined, deptPermission: undefined };
    await claimInvites(actor);
    let rank: number | null = null;
    let mask = 0;
    const located = await access.context(actor, scene.space.id);
    if (located) {
      rank = rankOf(located.role);
      mask = maskAt(located, scene.file);
    }
    const member = await repo.findUserMember(db, scene.link.id, actor.userId);
    if (scene.space.type === 'tmp' && member?.permission === 'owner') rank = 0;
    const deptRows = await repo.deptMembers(db, scene.link.id);
    let deptPermission: LinkPermission | undefined;
    if (deptRows.length > 0) {
      const deptIds = await spaces.deptIdsOf(actor.userId);
      for (const row of deptRows) {
        if (!deptIds.has(row.principal_id)) continue;
        const p = row.permission as LinkPermission;
        if (!deptPermission || linkPermissionAllows(p, deptPermission)) deptPermission = p;
      }
    }
    return { actor, rank, mask, member, deptPermission };
  }

  async function deptIdsFor(viewer: Viewer): Promise<Set<number>> {
    return viewer.actor ? spaces.deptIdsOf(viewer.actor.userId) : new Set();
  }

  /** What the link lets this visitor do (policy admit), with the deployment's allowed ranges. */
  async function admitted(scene: Scene, viewer: Viewer): Promise<LinkPermission> {
    const allowed = (await settings.get(scene.space.company_id)).link_ranges;
    return admit(scene, viewer, { deptIds: await deptIdsFor(viewer), allowed });
  }

  function requireEditor(viewer: Viewer): void {
    if (!isEditor(viewer)) throw new DomainError('permissionDenied');
  }

  /**
   * spec 002 §1, §5: sharing waits for real-name verification where that setting is on, and
   * control_share turns it off. Every call that widens who may open a link, or how, checks these
   * (creating and resetting a link, a change that widens it (policy.ts widensLink), taking its
   * access code off, adding members, raising a member's permission); narrowing a link, closing it
   * and removing members stay open to its managers, whatever the settings.
   */
  async function assertMayShare(actor: Actor): Promise<void> {
    const s = await settings.get(actor.companyId);
    // control_share hides sharing by link (spec 002 "Global configuration flags").
    if (s.control_share) throw new DomainError('forbidLink');
    if (s.allow_real_name) {
      const state = await deps.identity.state(actor);
      if (!state.verified) throw new DomainError('realNameRequired');
    }
  }

  // --- access codes ---------------------------------------------------------------------------

  /**
   * Whether the visitor has given the access code: a valid token, or the code itself, checked
   * against guessing (per address and per link, ARCHITECTURE "Data, durability and safety").
   * Nothing given answers false; a wrong code throws chkcodeWrong.
   */
  async function proven(scene: Scene, visitor: Visitor): Promise<boolean> {
    const stored = scene.link.chkcode;
    const { token, code } = visitor.proof;
    if (token && secrets.tokenValid(scene.link.sid, stored, token, now())) return true;
    const typed = code ?? (token && !token.includes('.') ? token : undefined);
    if (typed === undefined || typed === '') return false;
    const keys: [string, ThrottlePolicy][] = [[`link-code:link:${scene.link.id}`, CODE_THROTTLE_LINK]];
    if (visitor.ip) keys.unshift([`link-code:ip:${visitor.ip}`, CODE_THROTTLE_ADDRESS]);
    // Compared first (in constant time): a right code is only refused while a key is locked or
    // full, so visitors who know it do not count against each other; a wrong one is counted. A
    // right code clears nothing: the code of one link must not buy guesses at another's.
    if (secrets.codeMatches(stored, typed)) {
      for (const [key, policy] of keys) await throttle.check(key, policy);
      return true;
    }
    for (const [key, policy] of keys) await throttle.count(key, policy);
    throw new DomainError('chkcodeWrong');
  }

  /**
   * Opens the link for a visitor (every anonymous call): the link's own state, the range, then
   * the access code. Answers the permission they have through it.
   */
  async function enter(
    visitor: Visitor,
    scene: Scene,
  ): Promise<{ viewer: Viewer; permission: LinkPermission }> {
    assertUsable(scene, now());
    const viewer = await viewerOf(visitor.actor, scene);
    const permission = await admitted(scene, viewer);
    if (needsCode(scene, viewer) && !(await proven(scene, visitor))) throw new DomainError('chkcodeRequired');
    // spec 002 §5: a link whose downloads are used up is spent (the linkDownloadLimits page).
    if (!isEditor(viewer) && downloadRemain(scene.link) === 0) throw new DomainError('linkDownloadLimits');
    return { viewer, permission };
  }

  // --- presenting -----------------------------------------------------------------------------

  async function namesFor(rows: repo.MemberRow[], companyId: number): Promise<MemberNames> {
    const userIds = rows.filter((r) => r.principal_type === 'user').map((r) => r.principal_id);
    const deptIds = rows.filter((r) => r.principal_type === 'dept').map((r) => r.principal_id);
    const [users, depts] = await Promise.all([
      repo.findUsers(db, userIds),
      repo.findDepts(db, deptIds, companyId),
    ]);
    return {
      users: new Map(users.map((u) => [u.id, u])),
      depts: new Map(depts.map((d) => [d.id, d])),
    };
  }

  /** spec 002 §6: owner rows and one's own row are never editable; only editors edit. */
  function memberEditable(row: repo.MemberRow, viewer: Viewer): boolean {
    if (!isEditor(viewer) || row.permission === 'owner') return false;
    return !(row.principal_type === 'user' && row.principal_id === viewer.actor?.userId);
  }

  async function membersPage(
    scene: Scene,
    viewer: Viewer,
    offset: number,
    count: number,
  ): Promise<LinkMemberList> {
    // spec 002 §6: the owners of normal (team) spaces are not listed.
    const withOwner = scene.space.type !== 'team';
    const [rows, total] = await Promise.all([
      repo.listMembers(db, scene.link.id, { withOwner, offset, count }),
      repo.countMembers(db, scene.link.id, withOwner),
    ]);
    const names = await namesFor(rows, scene.space.company_id);
    return {
      members: rows.map((row) => presentMember(row, names, memberEditable(row, viewer))),
      offset,
      count,
      total,
      more: offset + rows.length < total,
    };
  }

  const summaries = (linkIds: number[]) => summariesOf(db, linkIds);

  async function present(scene: Scene, viewer: Viewer, opts: { members?: boolean } = {}): Promise<ShareLink> {
    const { link, file, space } = scene;
    const s = await settings.get(space.company_id);
    const ctx = rangeContext(scene, s);
    const editor = isEditor(viewer);
    const creator = await repo.findUser(db, link.creator_id);
    const summary = (await summaries([link.id])).get(link.id);
    const permission = link.permission as LinkPermission;
    const result: ShareLink = {
      sid: link.sid,
      fileid: file.id,
      parentid: file.parent_id,
      groupid: file.group_id,
      status: effectiveLinkStatus(link, now()),
      ranges: link.ranges as LinkRange,
      permission,
      chkcode: editor && link.chkcode ? secrets.decrypt(link.chkcode) : '',
      has_chkcode: link.chkcode !== '',
      expire_time: link.expire_time,
      expire_period: link.expire_period,
      download_limits: link.download_limits,
      download_remain: downloadRemain(link),
      creator: { id: link.creator_id, name: creator?.nick_name ?? '' },
      url: linkPath(link.sid),
      file: presentLinkFile(file),
      permission_total: { department: summary?.department ?? 0, user: summary?.user ?? 0 },
      version: link.version,
      ctime: link.created_at,
      mtime: link.updated_at,
      abilities: {
        is_editor: editor,
        is_owner: isOwner(viewer, scene),
        can_add_users: editor || (viewer.rank === 2 && s.allow_shareuser),
        range_options: rangeOptionsFor(ctx, {
          isEditor: editor,
          isMember: viewer.rank !== null || isNamed(viewer),
          current: link.ranges as LinkRange,
        }),
        link_permission_options: editor
          ? linkPermissionOptions(viewer.mask, file.is_folder === 1)
          : [permission],
        permission_options: sharePermissionOptions(permission, editor),
        restricted: isRestricted(space),
      },
    };
    // The members carry their contacts: only for those the member list answers (members()).
    if (opts.members && maySeeMembers(viewer))
      result.link_members = (await membersPage(scene, viewer, 0, PAGE_SIZE_SHARE_MEMBERS)).members;
    return result;
  }

  // --- invitations ----------------------------------------------------------------------------

  /**
   * Invitations to an address become memberships once someone holds that address (spec 002: the
   * person becomes a real member when they sign up or are created with it). Done when that person
   * next uses the product's sharing calls, whichever way their account came to be.
   */
  async function claimInvites(actor: Actor): Promise<void> {
    const addresses = [actor.user.email, actor.user.phone].filter((a): a is string => Boolean(a));
    const pending = await repo.pendingInvites(db, addresses);
    for (const invite of pending) await claim(invite, actor.userId);
  }

  async function claim(
    invite: { id: number; link_id: number; permission: string },
    userId: number,
  ): Promise<void> {
    const t = now();
    await db.transaction().execute(async (trx) => {
      // Read in the transaction: another request of the same person may have claimed it meanwhile
      // (then the row is theirs already, or gone), and must not be undone.
      const existing = await repo.findMemberByKey(trx, invite.link_id, repo.memberKey('user', userId));
      if (existing && existing.id !== invite.id) {
        // Named already in their own right: the invitation is a duplicate.
        await trx
          .deleteFrom('link_members')
          .where('id', '=', invite.id)
          .where('status', '=', 'unregister')
          .execute();
      } else if (!existing) {
        const claimed = await trx
          .updateTable('link_members')
          .set({
            principal_type: 'user',
            principal_id: userId,
            principal_key: repo.memberKey('user', userId),
            status: 'active',
            updated_at: t,
          })
          .where('id', '=', invite.id)
          .where('status', '=', 'unregister')
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) return;
      }
      await repo.receive(trx, invite.link_id, userId, t);
    });
  }

  async function claimOnLink(linkId: number): Promise<void> {
    for (const row of await repo.claimableOnLink(db, linkId)) await claim(row, row.user_id);
  }

  async function invite(scene: Scene, actor: Actor, address: string, kind: 'email' | 'phone'): Promise<void> {
    const url = `${deps.publicUrl}${linkPath(scene.link.sid)}`;
    const who = actor.user.nick_name;
    const name = scene.file.name;
    await outbox.send(
      kind === 'email'
        ? {
            channel: 'mail',
            to: address,
            subject: `${who} shared “${name}” with you / ${who} 与您分享了“${name}”`,
            body: `${who} shared “${name}” with you on Cirrus: ${url}\nSign up with this address to open it.\n\n${who} 在 Cirrus 上与您分享了“${name}”：${url}\n使用此邮箱注册后即可打开。`,
            kind: 'share_invite',
          }
        : {
            channel: 'sms',
            to: address,
            subject: '',
            body: `${who} 与您分享了“${name}” ${url} / ${who} shared “${name}” with you: ${url}`,
            kind: 'share_invite',
          },
    );
  }

  // --- changes --------------------------------------------------------------------------------

  /** spec 002 §5: a custom expiry in the past is refused; presets count from now. */
  function expiryOf(period: number): number {
    const error = validateCustomExpiry(period, now());
    if (error) throw new DomainError(error);
    return expireTimeFromPeriod(period, now());
  }

  function checkDownloadLimits(value: number): void {
    if (value > MAX_DOWNLOAD_COUNT) throw new DomainError('maxDownloadTimes');
    if (!isValidDownloadLimit(value)) throw new DomainError('badRequest');
  }

  /** The share event, in the transaction of the change it records. */
  async function recordShare(
    trx: DbOrTrx,
    scene: Pick<Scene, 'file'>,
    actor: Actor,
    detail: Record<string, unknown>,
  ): Promise<void> {
    const { file } = scene;
    await events.record(trx, {
      type: 'share',
      actorId: actor.userId,
      groupId: file.group_id,
      fileId: file.id,
      name: file.name,
      isFolder: file.is_folder === 1,
      parentId: file.parent_id,
      detail,
    });
  }

  /** The settings of a create or an update, checked (editors only; spec 002 §5, §6). */
  function settingsPatch(
    scene: Scene,
    viewer: Viewer,
    body: Pick<
      CreateBody,
      'ranges' | 'range' | 'permission' | 'period' | 'expire_time' | 'download_limits' | 'chkcode'
    >,
    ctx: ReturnType<typeof rangeContext>,
  ) {
    const { link, space, file } = scene;
    const restricted = isRestricted(space);
    const patch: Partial<repo.LinkRow> = {};
    const range = body.ranges ?? body.range;
    if (range !== undefined && range !== link.ranges) {
      if (!editorRangeOptions(ctx).includes(range)) throw new DomainError('permissionDenied');
      patch.ranges = range;
    }
    if (body.permission !== undefined && body.permission !== link.permission) {
      if (!linkPermissionOptions(viewer.mask, file.is_folder === 1).includes(body.permission))
        throw new DomainError('permissionDenied');
      patch.permission = body.permission;
    }
    const period = body.period ?? body.expire_time;
    if (period !== undefined) {
      // spec 002 §5: link controls are disabled for a restricted creator.
      if (restricted && period !== 0) throw new DomainError('permissionDenied');
      patch.expire_time = expiryOf(period);
      patch.expire_period = period;
    }
    if (body.download_limits !== undefined && body.download_limits !== link.download_limits) {
      if (restricted && body.download_limits !== -1) throw new DomainError('permissionDenied');
      // spec 002 §5: the download count is set only on a link that lets its users download.
      const permission = (patch.permission ?? link.permission) as LinkPermission;
      if (body.download_limits !== -1 && !isDownloadCountEditable(permission, false))
        throw new DomainError('permissionDenied');
      checkDownloadLimits(body.download_limits);
      patch.download_limits = body.download_limits;
      // A new limit counts from now: "5" means five more downloads.
      patch.download_count = 0;
    } else if (
      link.download_limits !== -1 &&
      !isDownloadCountEditable((patch.permission ?? link.permission) as LinkPermission, false)
    ) {
      // A link turned to read lets nobody download: its limit goes with it, so that a spent one
      // does not keep the viewers out (the form cannot show or change it for read).
      patch.download_limits = -1;
      patch.download_count = 0;
    }
    if (body.chkcode !== undefined && body.chkcode !== (link.chkcode !== '')) {
      if (restricted && body.chkcode) throw new DomainError('permissionDenied');
      patch.chkcode = body.chkcode ? secrets.encrypt(secrets.newChkcode()) : '';
    }
    return patch;
  }

  async function saveLink(
    trx: DbOrTrx,
    linkId: number,
    version: number,
    patch: Partial<repo.LinkRow>,
  ): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    const done = await repo.updateLink(trx, linkId, version, { ...patch, updated_at: now() });
    if (!done) throw new DomainError('linkUpdateConcurrency');
  }

  async function reload(scene: Scene): Promise<Scene> {
    return sceneOf(await repo.findById(db, scene.link.id));
  }

  /** One change of permission_list, checked (checkEntries) and still to be written (writeEntries). */
  type EntryChange =
    | { operate: 'del'; key: string }
    | { operate: 'update'; key: string; permission: string }
    | { operate: 'add'; type: 'user' | 'dept'; id: number; permission: string };

  /**
   * permission_list (spec 002 §3, §4): departments and people added, updated to read, download or
   * write, or removed; never above the ceiling (the link's permission; write only for editors).
   * Every entry is checked, in order and against the rows the earlier ones leave, before any is
   * written: a refused entry changes nothing. Answers the changes to write.
   */
  async function checkEntries(
    scene: Scene,
    viewer: Viewer,
    entries: PermissionEntry[],
    permission: LinkPermission,
  ): Promise<EntryChange[]> {
    const editor = isEditor(viewer);
    const allowed = sharePermissionOptions(permission, editor);
    const actor = viewer.actor as Actor;
    // The permission of each principal's row once the earlier entries are applied; null: no row.
    const rows = new Map<string, string | null>();
    const rowOf = async (key: string): Promise<string | null> => {
      if (!rows.has(key))
        rows.set(key, (await repo.findMemberByKey(db, scene.link.id, key))?.permission ?? null);
      return rows.get(key) ?? null;
    };
    const changes: EntryChange[] = [];
    for (const entry of entries) {
      const type = entry.ranges_type === 'department' ? 'dept' : 'user';
      const key = repo.memberKey(type, entry.userid);
      if (!editor && entry.operate !== 'add') throw new DomainError('permissionDenied');
      if (entry.operate !== 'del' && (!entry.permission || !allowed.includes(entry.permission)))
        throw new DomainError('permissionDenied');
      const existing = await rowOf(key);
      if (existing === 'owner') throw new DomainError('permissionDenied');
      if (entry.operate === 'del') {
        if (existing !== null) changes.push({ operate: 'del', key });
        rows.set(key, null);
        continue;
      }
      const granted = entry.permission as string;
      if (entry.operate === 'update') {
        if (existing === null) throw new DomainError('notFound');
        changes.push({ operate: 'update', key, permission: granted });
        rows.set(key, granted);
        continue;
      }
      if (existing !== null) continue;
      await assertPrincipal(scene, actor, type, entry.userid);
      changes.push({ operate: 'add', type, id: entry.userid, permission: granted });
      rows.set(key, granted);
    }
    return changes;
  }

  /** Writes the changes checkEntries answered, in the caller's transaction. */
  async function writeEntries(
    trx: DbOrTrx,
    scene: Scene,
    actor: Actor,
    changes: EntryChange[],
    told?: number[],
  ) {
    const t = now();
    for (const change of changes) {
      if (change.operate === 'add') {
        // Someone who was added a moment ago is on the link already: nothing more to do.
        await insertPrincipal(trx, scene, actor, change.type, change.id, change.permission, told);
        continue;
      }
      const row = await repo.findMemberByKey(trx, scene.link.id, change.key);
      if (change.operate === 'del') {
        if (row) await removeRow(trx, scene, row);
      } else {
        // Removed by someone else since it was checked.
        if (!row) throw new DomainError('notFound');
        await repo.updateMemberPermission(trx, row.id, change.permission, t);
      }
    }
  }

  /** A person to add is an active user; a department, one of the space's company. */
  async function assertPrincipal(scene: Scene, actor: Actor, type: 'user' | 'dept', id: number) {
    if (type === 'user') {
      const user = await repo.findUser(db, id);
      if (user?.status !== 'active') throw new DomainError('userNotExist');
    } else {
      const [dept] = await repo.findDepts(db, [id], scene.space.company_id || actor.companyId);
      if (!dept) throw new DomainError('notFound');
    }
  }

  /**
   * Names a person or department on the link (a person finds it in their shared-with-me list), in
   * the caller's transaction; answers the new row's id, or undefined when they are on it already.
   */
  async function insertPrincipal(
    trx: DbOrTrx,
    scene: Scene,
    actor: Actor,
    type: 'user' | 'dept',
    id: number,
    permission: string,
    told?: number[],
  ): Promise<number | undefined> {
    const t = now();
    const rowId = await repo.insertMemberIfAbsent(trx, {
      link_id: scene.link.id,
      principal_type: type,
      principal_id: id,
      principal_key: repo.memberKey(type, id),
      address: '',
      permission,
      status: 'active',
      added_by: actor.userId,
      created_at: t,
      updated_at: t,
    });
    if (rowId !== undefined && type === 'user') {
      await repo.receive(trx, scene.link.id, id, t);
      // They are told (a notice); a department's people find it in their "shared with me".
      if (id !== actor.userId) {
        await deps.notices?.send(
          [id],
          'link_shared',
          { sid: scene.link.sid, file_name: scene.file.name, actor_name: actor.user.nick_name },
          trx,
        );
        told?.push(id);
      }
    }
    return rowId;
  }

  async function removeRow(trx: DbOrTrx, scene: Scene, row: repo.MemberRow): Promise<void> {
    await repo.deleteMember(trx, row.id);
    if (row.principal_type === 'user') await repo.forgetReceived(trx, scene.link.id, row.principal_id);
  }

  /**
   * A new link as the database makes it (the column defaults of the links table), so that the
   * settings of a create are checked before anything is written.
   */
  function draftLink(
    actor: Actor,
    file: FileWithNames,
    opts: { ranges: LinkRange; permission: LinkPermission },
  ): repo.LinkRow {
    const t = now();
    return {
      id: 0,
      sid: secrets.newSid(),
      file_id: file.id,
      creator_id: actor.userId,
      ranges: opts.ranges,
      permission: opts.permission,
      status: 'open',
      expire_time: 0,
      expire_period: 0,
      download_limits: -1,
      download_count: 0,
      chkcode: '',
      blocked: '',
      version: 1,
      created_at: t,
      updated_at: t,
      closed_at: null,
    };
  }

  /**
   * Writes a new link (its draft), its owner row, the settings asked for (already checked) and
   * the share event in one transaction.
   */
  async function createLink(
    actor: Actor,
    file: FileWithNames,
    draft: repo.LinkRow,
    patch: Partial<repo.LinkRow>,
  ): Promise<Scene> {
    const t = draft.created_at;
    let linkId: number;
    try {
      linkId = await db.transaction().execute(async (trx) => {
        const id = await repo.insertLink(trx, {
          sid: draft.sid,
          file_id: draft.file_id,
          creator_id: draft.creator_id,
          ranges: draft.ranges,
          permission: draft.permission,
          status: draft.status,
          created_at: t,
          updated_at: t,
          closed_at: null,
        });
        // The owner row (spec 002 §3 member permission owner): the one who shared.
        await repo.insertMember(trx, {
          link_id: id,
          principal_type: 'user',
          principal_id: actor.userId,
          principal_key: repo.memberKey('user', actor.userId),
          address: '',
          permission: 'owner',
          status: 'active',
          added_by: actor.userId,
          created_at: t,
          updated_at: t,
        });
        await saveLink(trx, id, draft.version, patch);
        await recordShare(trx, { file }, actor, { sid: draft.sid, action: 'create', ranges: draft.ranges });
        return id;
      });
    } catch (err) {
      // Another editor created the file's link a moment ago (links_open_file).
      if (isUniqueViolation(err)) throw new DomainError('lightLinkExist');
      throw err;
    }
    return sceneOf(await repo.findById(db, linkId));
  }

  /** The link of a file id for the share panel (GET /api/v3/links/{fileid}): drive readers only. */
  async function sceneOfFile(actor: Actor, fileId: number): Promise<Scene> {
    const { file, mask } = await access.requireFile(actor, fileId);
    requirePermission(mask, 'read');
    return sceneOf(await repo.findByFile(db, file.id));
  }

  /** A link by sid or file id, for the logged-in calls that manage it. */
  async function sceneOfId(actor: Actor, id: string): Promise<Scene> {
    if (/^\d+$/.test(id)) {
      const fileId = idOf(id);
      if (fileId === undefined) throw new DomainError('lightLinkNotExist');
      return sceneOfFile(actor, fileId);
    }
    return sceneBySid(id);
  }

  /** A link an editor manages: any state but blocked is theirs to see. */
  async function managed(actor: Actor, id: string): Promise<{ scene: Scene; viewer: Viewer }> {
    const scene = await sceneOfId(actor, id);
    const viewer = await viewerOf(actor, scene);
    requireEditor(viewer);
    return { scene, viewer };
  }

  // --- the items a link shares ------------------------------------------------------------------

  /** An item inside the shared item (or the shared item itself); a folder's items are reached by it. */
  async function itemOf(
    scene: Scene,
    fileId: number | undefined,
  ): Promise<FileRow & { creator_name?: string | null; modifier_name?: string | null }> {
    if (fileId === undefined || fileId === scene.file.id) return scene.file;
    if (!scene.file.is_folder) throw new DomainError('fileNotExists');
    const item = await repo.findFile(db, fileId);
    if (item?.status !== 'live' || item.group_id !== scene.file.group_id)
      throw new DomainError('fileNotExists');
    if (!ancestorIds(item.path).includes(scene.file.id)) throw new DomainError('fileNotExists');
    // Security documents are not shared by links, not even inside a shared folder.
    if (item.secure_guid) throw new DomainError('fileNotExists');
    return item;
  }

  async function logOpen(scene: Scene, visitor: Visitor, fileId: number): Promise<void> {
    const userId = visitor.actor?.userId ?? null;
    const t = now();
    const entry = { linkId: scene.link.id, userId, ip: visitor.ip, fileId };
    if (!(await repo.loggedLately(db, { ...entry, action: 'open', since: t - OPEN_LOG_GAP })))
      await repo.logAccess(db, { ...entry, action: 'open', at: t });
  }

  /** A logged-in person who opens someone else's link finds it in their shared-with-me list. */
  async function noteReceived(scene: Scene, viewer: Viewer): Promise<void> {
    const actor = viewer.actor;
    if (!actor || actor.userId === scene.link.creator_id || isEditor(viewer)) return;
    await repo.receive(db, scene.link.id, actor.userId, now());
  }

  /**
   * Takes one download from the link as it was checked, with its log entry, in one commit:
   * linkDownloadLimits when none is left; 'changed' when the link was closed, reset or changed
   * meanwhile (the caller judges it again).
   */
  async function spendDownload(
    visitor: Visitor,
    scene: Scene,
    fileId: number,
  ): Promise<{ logId: number } | 'changed'> {
    const logId = await db.transaction().execute(async (trx) => {
      if (!(await repo.takeDownload(trx, scene.link))) return undefined;
      return repo.logAccess(trx, {
        linkId: scene.link.id,
        action: 'download',
        userId: visitor.actor?.userId ?? null,
        ip: visitor.ip,
        fileId,
        at: now(),
      });
    });
    if (logId !== undefined) return { logId };
    const current = await repo.findById(db, scene.link.id);
    const changed =
      !current ||
      current.sid !== scene.link.sid ||
      current.version !== scene.link.version ||
      current.status !== 'open';
    if (!changed) throw new DomainError('linkDownloadLimits');
    return 'changed';
  }

  function canDownload(permission: LinkPermission): boolean {
    return linkPermissionAllows(permission, 'download');
  }

  function downloadUrl(scene: Scene, fileId: number, proof: Proof): string {
    const params = new URLSearchParams({ platform: 'share' });
    if (fileId !== scene.file.id) params.set('fileid', String(fileId));
    if (proof.token) params.set('rand_code', proof.token);
    return `/api/v3/links/${scene.link.sid}/download?${params}`;
  }

  const service = {
    claimInvites,

    /** Open links of files, for their records (link{sid}, link_members_summary). */
    linksOfFiles: createLinkLookup(db),

    /** GET /api/v3/links: shared with me (received) or by me (sent, created). */
    async list(actor: Actor, q: ListQuery): Promise<SharedFileList> {
      await claimInvites(actor);
      const order = { orderby: q.orderby, order: q.order };
      let rows: repo.SharedRow[];
      let total: number;
      if (q.filter === 'received') {
        const deptIds = [...(await spaces.deptIdsOf(actor.userId))];
        [rows, total] = await Promise.all([
          repo.listReceived(db, {
            userId: actor.userId,
            deptIds,
            offset: q.offset,
            count: q.count,
            ...order,
          }),
          repo.countReceived(db, actor.userId, deptIds),
        ]);
      } else {
        [rows, total] = await Promise.all([
          repo.listSent(db, { userId: actor.userId, offset: q.offset, count: q.count, ...order }) as Promise<
            repo.SharedRow[]
          >,
          repo.countSent(db, actor.userId),
        ]);
      }
      const sums = await summaries(rows.map((r) => r.id));
      const t = now();
      return {
        files: rows.map((row) =>
          presentShared(
            row,
            effectiveLinkStatus(row, t),
            sums.get(row.id) ?? presentSummary(undefined, new Map()),
          ),
        ),
        offset: q.offset,
        count: q.count,
        total,
        more: q.offset + rows.length < total,
      };
    },

    /**
     * GET /api/v3/links/{sid|fileid}: the share panel's load. A file id answers the file's link
     * (lightLinkNotExist when it has none: the panel then creates it). Editors see any state and
     * the access code; others open it as its range and code allow.
     */
    async get(
      actor: Actor,
      id: string,
      opts: { members: boolean; proof: Proof; ip: string },
    ): Promise<ShareLink> {
      const scene = await sceneOfId(actor, id);
      const viewer = await viewerOf(actor, scene);
      if (!isEditor(viewer)) {
        const byFile = /^\d+$/.test(id);
        // Someone of the file's space sees the state of its link in the panel; others open it.
        if (!(byFile && viewer.rank !== null)) await enter({ actor, ip: opts.ip, proof: opts.proof }, scene);
        else if (effectiveLinkStatus(scene.link, now()) === 'close') throw new DomainError('linkClosed');
      }
      if (opts.members) await claimOnLink(scene.link.id);
      return present(scene, viewer, { members: opts.members });
    },

    /**
     * POST /api/v3/links: creates the file's link, or reopens it after a cancel (a new link, a new
     * sid); with reset, gives the open link a new sid. Needs the share permission on the file;
     * settings other than the defaults, reopening and reset need an editor.
     */
    async create(actor: Actor, body: CreateBody): Promise<ShareLink> {
      const { ctx, file, mask } = await access.requireFile(actor, body.fileid);
      // A security document stays with the people its rights name (shared/secdoc.ts).
      if (file.secure_guid) throw new DomainError('security_group_forbidden');
      requirePermission(mask, 'share');
      await assertMayShare(actor);
      const existing = await repo.findByFile(db, file.id);
      if (existing?.status === 'open') {
        if (!body.reset) throw new DomainError('lightLinkExist');
        return service.reset(actor, existing.sid);
      }
      const space = await repo.findSpace(db, file.group_id);
      if (!space) throw new DomainError('fileNotExists');
      const s = await settings.get(space.company_id);
      const rank = rankOf(ctx.role);
      const viewer: Viewer = { actor, rank, mask, member: undefined, deptPermission: undefined };
      const editor = isEditor(viewer);
      // spec 002 §4: an editor reopens a cancelled link.
      if (existing && !editor) throw new DomainError('permissionDenied');
      const rangeCtx = rangeContext({ space }, s);
      const ranges = initialLinkRange(rangeCtx);
      if (!ranges) throw new DomainError('forbidLink');
      const permission: LinkPermission = hasPermission(mask, 'download') ? 'download' : 'read';
      const wanted = { ...body, reset: undefined };
      const hasSettings = [
        'ranges',
        'range',
        'permission',
        'period',
        'expire_time',
        'download_limits',
        'chkcode',
      ].some((k) => wanted[k as keyof typeof wanted] !== undefined);
      if (hasSettings && !editor) throw new DomainError('permissionDenied');
      // The settings are checked against the link to be before it is written: refused settings
      // leave no link behind.
      const draft = draftLink(actor, file, { ranges, permission });
      const patch = hasSettings ? settingsPatch({ link: draft, file, space }, viewer, body, rangeCtx) : {};
      return present(await createLink(actor, file, draft, patch), viewer);
    },

    /** PUT /api/v3/links/{sid}: range, permission, expiry, download limit, access code, permission_list. */
    async update(actor: Actor, sid: string, body: UpdateBody): Promise<ShareLink> {
      const scene = await sceneOfId(actor, sid);
      const viewer = await viewerOf(actor, scene);
      if (scene.link.status !== 'open') throw new DomainError('linkClosed');
      const s = await settings.get(scene.space.company_id);
      const editor = isEditor(viewer);
      const onlyAdds =
        body.permission_list?.every((e) => e.operate === 'add' && e.ranges_type === 'user') &&
        [
          body.ranges,
          body.range,
          body.permission,
          body.period,
          body.expire_time,
          body.download_limits,
          body.chkcode,
        ].every((v) => v === undefined);
      // spec 002 §6: rank 2 may only add people, when user sharing is allowed.
      if (!editor && !(onlyAdds && viewer.rank === 2 && s.allow_shareuser))
        throw new DomainError('permissionDenied');
      const version = body.version ?? scene.link.version;
      if (version !== scene.link.version) throw new DomainError('linkUpdateConcurrency');
      const patch = editor ? settingsPatch(scene, viewer, body, rangeContext(scene, s)) : {};
      const adds = body.permission_list?.some((e) => e.operate === 'add') ?? false;
      if (adds || widensLink(scene.link, patch)) await assertMayShare(actor);
      const permission = (patch.permission ?? scene.link.permission) as LinkPermission;
      const changes = body.permission_list
        ? await checkEntries(scene, viewer, body.permission_list, permission)
        : [];
      // Everything checked: the settings and the entries commit together or not at all.
      const narrowed = patch.ranges !== undefined && !widensLink(scene.link, { ranges: patch.ranges });
      const told: number[] = [];
      await db.transaction().execute(async (trx) => {
        await saveLink(trx, scene.link.id, version, patch);
        await writeEntries(trx, scene, actor, changes, told);
        if (narrowed) await repo.forgetUnnamedReceivers(trx, scene.link.id);
      });
      deps.hub?.push(told, { type: 'notices.new' });
      return present(await reload(scene), viewer, { members: true });
    },

    /** DELETE /api/v3/links/{fileid}: cancel sharing (the file returns to its plain type). */
    async close(actor: Actor, fileId: number): Promise<{ fileid: number; status: 'close' }> {
      const scene = await sceneOfFile(actor, fileId);
      const viewer = await viewerOf(actor, scene);
      requireEditor(viewer);
      if (scene.link.status !== 'open') throw new DomainError('linkClosed');
      await db.transaction().execute(async (trx) => {
        await saveLink(trx, scene.link.id, scene.link.version, { status: 'close', closed_at: now() });
        await recordShare(trx, scene, actor, { sid: scene.link.sid, action: 'close' });
      });
      return { fileid: fileId, status: 'close' };
    },

    /** Reset: the open link gets a new sid (and a new access code if it has one); the old sid stops working. */
    async reset(actor: Actor, sid: string): Promise<ShareLink> {
      const { scene, viewer } = await managed(actor, sid);
      if (scene.link.status !== 'open') throw new DomainError('linkClosed');
      await assertMayShare(actor);
      const newSid = secrets.newSid();
      await db.transaction().execute(async (trx) => {
        await saveLink(trx, scene.link.id, scene.link.version, {
          sid: newSid,
          chkcode: scene.link.chkcode ? secrets.encrypt(secrets.newChkcode()) : '',
          download_count: 0,
        });
        await recordShare(trx, scene, actor, { sid: newSid, action: 'reset', from: scene.link.sid });
      });
      return present(await reload(scene), viewer);
    },

    /** PUT (on) and DELETE (off) /api/v3/links/{sid}/chkcode. */
    async setChkcode(actor: Actor, sid: string, on: boolean): Promise<ShareLink> {
      const { scene, viewer } = await managed(actor, sid);
      if (scene.link.status !== 'open') throw new DomainError('linkClosed');
      // Taking the code off opens the link wider; putting one on never waits.
      if (!on) await assertMayShare(actor);
      const s = await settings.get(scene.space.company_id);
      await saveLink(
        db,
        scene.link.id,
        scene.link.version,
        settingsPatch(scene, viewer, { chkcode: on }, rangeContext(scene, s)),
      );
      return present(await reload(scene), viewer);
    },

    /** DELETE /api/v3/links/{sid}: leave a share shared with me (it leaves my list; my row on it goes). */
    async exit(actor: Actor, sid: string): Promise<void> {
      if (!isSid(sid)) throw new DomainError('lightLinkNotExist');
      const link = await repo.findBySid(db, sid);
      if (!link) throw new DomainError('lightLinkNotExist');
      if (link.creator_id === actor.userId) throw new DomainError('permissionDenied');
      const own = await repo.findUserMember(db, link.id, actor.userId);
      await db.transaction().execute(async (trx) => {
        if (own && own.permission !== 'owner') await repo.deleteMember(trx, own.id);
        await repo.exit(trx, link.id, actor.userId, now());
      });
    },

    // --- members -------------------------------------------------------------------------------

    /** GET /api/v3/links/{sid}/members: pages of 50, for the people of the space and those named. */
    async members(actor: Actor, sid: string, offset: number, count: number): Promise<LinkMemberList> {
      const scene = await sceneOfId(actor, sid);
      const viewer = await viewerOf(actor, scene);
      if (!maySeeMembers(viewer)) throw new DomainError('permissionDenied');
      await claimOnLink(scene.link.id);
      return membersPage(scene, viewer, offset, count);
    },

    /**
     * POST /api/v3/links/{sid}/members: people by id (editors; rank 2 when user sharing is
     * allowed), departments (editors) and, for the owner, emails or phones: someone without an
     * account is invited through the outbox and kept as unregister.
     */
    async addMembers(actor: Actor, sid: string, body: AddMembersBody): Promise<AddMembersResult> {
      const scene = await sceneOfId(actor, sid);
      const viewer = await viewerOf(actor, scene);
      if (scene.link.status !== 'open') throw new DomainError('linkClosed');
      const s = await settings.get(scene.space.company_id);
      const editor = isEditor(viewer);
      if (!editor && !(viewer.rank === 2 && s.allow_shareuser)) throw new DomainError('permissionDenied');
      await assertMayShare(actor);
      const userIds = body.userids ?? [];
      const deptIds = body.deptids ?? [];
      const accounts = body.accounts ?? [];
      if (userIds.length + deptIds.length + accounts.length === 0) throw new DomainError('addShareFailed');
      if (deptIds.length > 0 && !editor) throw new DomainError('permissionDenied');
      if (accounts.length > 0 && !isOwner(viewer, scene)) throw new DomainError('permissionDenied');
      if (!sharePermissionOptions(scene.link.permission as LinkPermission, editor).includes(body.permission))
        throw new DomainError('permissionDenied');
      const failList: AddMembersResult['failList'] = [];
      // Who is added, all checked before anything is written; those refused go to failList.
      type Wanted =
        | { type: 'user' | 'dept'; id: number; name: string }
        | { type: 'address'; address: string; kind: 'email' | 'phone'; name: string };
      const wanted: Wanted[] = [];
      const keys = new Set<string>();
      const want = async (key: string, who: Wanted) => {
        if (keys.has(key) || (await repo.findMemberByKey(db, scene.link.id, key))) {
          failList.push({ result: 'linkMemberExist', name: who.name });
          return;
        }
        keys.add(key);
        wanted.push(who);
      };
      // Someone the actor does not see anyway (found by email or phone, or an id tried) is a lookup:
      // the member's record names their addresses, so these count against LOOKUP_THROTTLE too.
      const lookups: string[] = [...accounts];
      for (const id of new Set(userIds)) if (!(await deps.users.canSee(actor, id))) lookups.push(String(id));
      const lookupKey = `user-lookup:${actor.userId}`;
      for (let i = 0; i < lookups.length; i++) await throttle.count(lookupKey, LOOKUP_THROTTLE);
      const users = new Map((await repo.findUsers(db, userIds)).map((u) => [u.id, u]));
      for (const id of [...new Set(userIds)]) {
        const user = users.get(id);
        if (user?.status !== 'active') failList.push({ result: 'userNotExist', name: String(id) });
        else await want(repo.memberKey('user', id), { type: 'user', id, name: user.nick_name });
      }
      const depts = new Map(
        (await repo.findDepts(db, deptIds, scene.space.company_id || actor.companyId)).map((d) => [d.id, d]),
      );
      for (const id of [...new Set(deptIds)]) {
        const dept = depts.get(id);
        if (!dept) failList.push({ result: 'notFound', name: String(id) });
        else await want(repo.memberKey('dept', id), { type: 'dept', id, name: dept.name });
      }
      for (const raw of accounts) {
        const parsed = validateInviteAccount(raw);
        if ('error' in parsed) {
          failList.push({ result: parsed.error, name: raw });
          continue;
        }
        const address = parsed.kind === 'email' ? parsed.account.toLowerCase() : parsed.account;
        const user = await repo.findUserByAddress(db, parsed.kind, address);
        if (user)
          await want(repo.memberKey('user', user.id), { type: 'user', id: user.id, name: user.nick_name });
        else
          await want(repo.memberKey('address', 0, address), {
            type: 'address',
            address,
            kind: parsed.kind,
            name: address,
          });
      }
      // The rows and the share event commit together.
      const addedIds: number[] = [];
      const told: number[] = [];
      const invites: { address: string; kind: 'email' | 'phone' }[] = [];
      await db.transaction().execute(async (trx) => {
        for (const who of wanted) {
          let id: number | undefined;
          if (who.type === 'address') {
            const t = now();
            id = await repo.insertMemberIfAbsent(trx, {
              link_id: scene.link.id,
              principal_type: 'address',
              principal_id: 0,
              principal_key: repo.memberKey('address', 0, who.address),
              address: who.address,
              permission: body.permission,
              status: 'unregister',
              added_by: actor.userId,
              created_at: t,
              updated_at: t,
            });
            if (id !== undefined) invites.push(who);
          } else {
            id = await insertPrincipal(trx, scene, actor, who.type, who.id, body.permission, told);
          }
          // Added by someone else a moment ago.
          if (id === undefined) failList.push({ result: 'linkMemberExist', name: who.name });
          else addedIds.push(id);
        }
        if (addedIds.length > 0)
          await recordShare(trx, scene, actor, {
            sid: scene.link.sid,
            action: 'members',
            added: addedIds.length,
          });
      });
      deps.hub?.push(told, { type: 'notices.new' });
      // The invitations go out once the rows they announce are there.
      for (const { address, kind } of invites) await invite(scene, actor, address, kind);
      const invited = invites.map((i) => i.address);
      const rows = (await Promise.all(addedIds.map((id) => repo.findMember(db, scene.link.id, id)))).filter(
        (r): r is repo.MemberRow => r !== undefined,
      );
      const names = await namesFor(rows, scene.space.company_id);
      return {
        failList,
        members: rows.map((r) => presentMember(r, names, memberEditable(r, viewer))),
        invited,
      };
    },

    /** PUT /api/v3/links/{sid}/members/{memberid}: editors; never an owner row nor one's own. */
    async updateMember(
      actor: Actor,
      sid: string,
      memberId: number,
      permission: LinkPermission,
    ): Promise<LinkMember> {
      const scene = await sceneOfId(actor, sid);
      const viewer = await viewerOf(actor, scene);
      requireEditor(viewer);
      const row = await repo.findMember(db, scene.link.id, memberId);
      if (!row) throw new DomainError('notFound');
      if (!memberEditable(row, viewer)) throw new DomainError('permissionDenied');
      if (LINK_PERMISSIONS.indexOf(permission) > LINK_PERMISSIONS.indexOf(row.permission as LinkPermission))
        await assertMayShare(actor);
      if (!sharePermissionOptions(scene.link.permission as LinkPermission, true).includes(permission))
        throw new DomainError('permissionDenied');
      await repo.updateMemberPermission(db, row.id, permission, now());
      const fresh = await repo.findMember(db, scene.link.id, memberId);
      if (!fresh) throw new DomainError('notFound');
      return presentMember(fresh, await namesFor([fresh], scene.space.company_id), true);
    },

    /** DELETE /api/v3/links/{sid}/members/{memberid}. */
    async removeMember(actor: Actor, sid: string, memberId: number): Promise<void> {
      const scene = await sceneOfId(actor, sid);
      const viewer = await viewerOf(actor, scene);
      requireEditor(viewer);
      const row = await repo.findMember(db, scene.link.id, memberId);
      if (!row) throw new DomainError('notFound');
      if (!memberEditable(row, viewer)) throw new DomainError('permissionDenied');
      await db.transaction().execute((trx) => removeRow(trx, scene, row));
    },

    /** GET /api/v3/links/{sid}/access_log: who opened and downloaded it (editors). */
    async accessLog(actor: Actor, sid: string, offset: number, count: number): Promise<LinkAccessLog> {
      const { scene } = await managed(actor, sid);
      const rows = await repo.listAccess(db, scene.link.id, offset, count + 1);
      return {
        entries: rows.slice(0, count).map((r) => ({
          id: r.id,
          action: r.action as 'open' | 'download',
          user: r.user_id ? { id: r.user_id, name: r.nick_name ?? '' } : null,
          ip: r.user_id ? '' : r.ip,
          fileid: r.file_id,
          fname: r.fname ?? '',
          at: r.at,
        })),
        offset,
        count,
        more: rows.length > count,
      };
    },

    /** The invite box's suggestions: people the actor shared with lately, by name, email or phone. */
    async recentMembers(
      actor: Actor,
      q: string,
      from: number,
      size: number,
    ): Promise<{ members: ShareCandidate[] }> {
      const rows = await repo.recentMembers(db, actor.userId, q.trim(), from, size);
      return {
        members: rows.map((r) => ({
          userid: r.id,
          name: r.nick_name,
          avatar: r.avatar,
          email: r.email ?? '',
          phone: r.phone ?? '',
        })),
      };
    },

    /**
     * User lookup by email or phone (the invite box's ok): userNotExist when nobody holds it. It
     * answers the address that was typed and not the person's other one, and a person may ask
     * LOOKUP_THROTTLE's number of times in its window: not a way to collect the directory.
     */
    async lookupUser(actor: Actor, account: string): Promise<ShareCandidate> {
      const key = `user-lookup:${actor.userId}`;
      await throttle.count(key, LOOKUP_THROTTLE);
      const parsed = validateInviteAccount(account);
      if ('error' in parsed) throw new DomainError(parsed.error);
      const address = parsed.kind === 'email' ? parsed.account.toLowerCase() : parsed.account;
      const user = await repo.findUserByAddress(db, parsed.kind, address);
      if (!user) throw new DomainError('userNotExist');
      return {
        userid: user.id,
        name: user.nick_name,
        avatar: user.avatar,
        email: parsed.kind === 'email' ? (user.email ?? '') : '',
        phone: parsed.kind === 'phone' ? (user.phone ?? '') : '',
      };
    },

    // --- the link page (logged out or in) ---------------------------------------------------------

    /**
     * GET /api/v3/skiplogin/links/{sid} and GET /api/v3/links/{sid}/public_info: what the link
     * page shows. Before the access code only the creator, expiry and remaining downloads.
     */
    async publicInfo(visitor: Visitor, sid: string): Promise<LinkPublicInfo> {
      const scene = await sceneBySid(sid);
      assertUsable(scene, now());
      const viewer = await viewerOf(visitor.actor, scene);
      const permission = await admitted(scene, viewer);
      const authed = !needsCode(scene, viewer) || (await proven(scene, visitor));
      if (authed && !isEditor(viewer) && downloadRemain(scene.link) === 0)
        throw new DomainError('linkDownloadLimits');
      const creator = await repo.findUser(db, scene.link.creator_id);
      if (authed) {
        await logOpen(scene, visitor, scene.file.id);
        await noteReceived(scene, viewer);
      }
      const mayDownload = authed && canDownload(permission);
      return {
        sid: scene.link.sid,
        status: effectiveLinkStatus(scene.link, now()),
        ranges: scene.link.ranges as LinkRange,
        permission: scene.link.permission as LinkPermission,
        has_chkcode: scene.link.chkcode !== '',
        authed,
        expire_time: scene.link.expire_time,
        download_limits: scene.link.download_limits,
        download_remain: downloadRemain(scene.link),
        creator: { id: scene.link.creator_id, name: creator?.nick_name ?? '', avatar: creator?.avatar ?? '' },
        file: authed ? presentLinkFile(scene.file) : null,
        can_download: mayDownload,
        can_write: authed && visitor.actor !== null && permission === 'write',
        can_save: mayDownload && visitor.actor !== null,
        logged_in: visitor.actor !== null,
        is_editor: isEditor(viewer),
      };
    },

    /** POST /api/v3/skiplogin/links/{sid}/auth: the access code, throttled; answers the token. */
    async auth(visitor: Visitor, sid: string, chkcode: string): Promise<LinkAuthResult> {
      const scene = await sceneBySid(sid);
      assertUsable(scene, now());
      const viewer = await viewerOf(visitor.actor, scene);
      await admitted(scene, viewer);
      const expiresAt = now() + LINK_TOKEN_SECONDS;
      if (!scene.link.chkcode) return { rand_code: '', expires_at: expiresAt };
      if (!(await proven(scene, { ...visitor, proof: { code: chkcode } })))
        throw new DomainError('chkcodeRequired');
      return {
        rand_code: secrets.token(scene.link.sid, scene.link.chkcode, expiresAt),
        expires_at: expiresAt,
      };
    },

    /** GET /api/v3/skiplogin/links/{sid}/files: a shared folder's items, and the way down to them. */
    async folder(
      visitor: Visitor,
      sid: string,
      parentId: number | undefined,
      offset: number,
      count: number,
    ): Promise<LinkFolderList> {
      const scene = await sceneBySid(sid);
      await enter(visitor, scene);
      if (!scene.file.is_folder) throw new DomainError('fileNotExists');
      const folder = await itemOf(scene, parentId || undefined);
      if (!folder.is_folder) throw new DomainError('fileNotExists');
      const [rows, total] = await Promise.all([
        repo.listChildren(db, folder, offset, count),
        repo.countChildren(db, folder),
      ]);
      const below = ancestorIds(folder.path);
      const chain = folder.id === scene.file.id ? [] : below.slice(below.indexOf(scene.file.id) + 1);
      const names = await repo.namesOf(db, chain);
      await logOpen(scene, visitor, folder.id);
      return {
        files: rows.map((row) => ({
          ...presentLinkFile(row),
          parentid: row.parent_id,
        })),
        path: [
          { fileid: scene.file.id, fname: scene.file.name },
          ...chain.map((id) => ({ fileid: id, fname: names.get(id) ?? '' })),
          ...(folder.id === scene.file.id ? [] : [{ fileid: folder.id, fname: folder.name }]),
        ],
        offset,
        count,
        total,
        more: offset + rows.length < total,
      };
    },

    /**
     * GET /api/v3/links/{sid}/download?platform=share: a file, or a folder as one zip, through the
     * link. Each download takes one from the limit in one statement (a zip counts once); none left
     * answers linkDownloadLimits.
     */
    async download(
      visitor: Visitor,
      sid: string,
      fileId: number | undefined,
      /**
       * Whether this request for a file is a new download of it (not a 304 or the rest of a
       * range: downloads/http-headers.ts isNewDownload); only those count and are logged.
       */
      isNew: (file: FileRow) => boolean = () => true,
      attempt = 1,
    ): Promise<{ kind: 'file'; file: FileRow } | { kind: 'zip'; plan: ZipPlan }> {
      const scene = await sceneBySid(sid);
      const { permission } = await enter(visitor, scene);
      if (!canDownload(permission)) throw new DomainError('permissionDenied', {}, { permission: 'download' });
      const item = await itemOf(scene, fileId);
      let answer: { kind: 'file'; file: FileRow } | { kind: 'zip'; plan: ZipPlan };
      if (item.is_folder) {
        const rows = await repo.liveSubtree(db, item);
        const plan: ZipPlan = {
          name: `${item.name}.zip`,
          entries: [{ path: item.name, file: item }],
          skipped: 0,
        };
        const placed = new Map<number, string>([[item.id, item.name]]);
        for (const row of rows) {
          const parent = placed.get(row.parent_id);
          if (parent === undefined) continue;
          placed.set(row.id, `${parent}/${row.name}`);
          plan.entries.push({ path: `${parent}/${row.name}`, file: row });
        }
        if (!plan.entries.some((e) => !e.file.is_folder)) throw new DomainError('emptyFolder');
        answer = { kind: 'zip', plan };
      } else {
        answer = { kind: 'file', file: item };
      }
      // The rest of a download (a range after its start, a 304) is free for whoever began it lately
      // through this link; asked by anyone else, it is a download like any other.
      if (
        answer.kind === 'file' &&
        !isNew(answer.file) &&
        (await repo.loggedLately(db, {
          linkId: scene.link.id,
          userId: visitor.actor?.userId ?? null,
          ip: visitor.ip,
          fileId: item.id,
          action: 'download',
          since: now() - DOWNLOAD_RESUME_SECONDS,
        }))
      )
        return answer;
      const spent = await spendDownload(visitor, scene, item.id);
      if (spent === 'changed') {
        // Closed, reset or changed meanwhile: judged again as it is now (once; a link that keeps
        // changing is answered as changed).
        if (attempt > 1) throw new DomainError('linkUpdateConcurrency');
        return service.download(visitor, sid, fileId, isNew, attempt + 1);
      }
      return answer;
    },

    /**
     * PUT /api/v3/links/{sid}/content?fileid=: a new version of a file through a link with write
     * permission (spec 002 §6), for a logged-in member; the file's lock and the space's quota apply.
     */
    async writeVersion(visitor: Visitor, sid: string, fileId: number | undefined, body: Readable) {
      const actor = visitor.actor;
      if (!actor) throw new DomainError('userNotLogin');
      const scene = await sceneBySid(sid);
      const { permission } = await enter(visitor, scene);
      if (permission !== 'write') throw new DomainError('permissionDenied', {}, { permission: 'update' });
      const item = await itemOf(scene, fileId);
      if (item.is_folder) throw new DomainError('fileNotExists');
      await (await locks.forActor(actor)).assertFree(db, item);
      const { max_file_size } = await settings.get(scene.space.company_id);
      const temp = blobs.tempPath();
      try {
        let seen = 0;
        await storageWrite(() =>
          pipeline(
            body,
            async function* (source: AsyncIterable<Buffer>) {
              for await (const chunk of source) {
                seen += chunk.length;
                if (seen > max_file_size) throw new DomainError('fileTooLarge', { limit: max_file_size });
                yield chunk;
              }
            },
            fs.createWriteStream(temp),
          ),
        );
        const digest = await digestFile(temp);
        const ctx = {
          space: scene.space,
          role: TEAM_ROLE.member,
          // What the link lets them do here: read, and write a new version.
          roleMask: maskOf('read', 'update'),
          isTop: false,
          entries: new Map<number, number>(),
        };
        return await deps.orphans.stored(
          digest.sha256,
          () => storageWrite(() => blobs.putFile(temp, digest.sha256)),
          () => deps.files.saveVersion(actor, item.id, digest, { via_link: scene.link.sid }, { ctx }),
        );
      } finally {
        await fs.promises.rm(temp, { force: true });
      }
    },

    /**
     * POST /api/v3/links/{sid}/save: a logged-in visitor copies the shared file or folder (or
     * items of it) into one of their own folders (the picker's saveAs source). Needs download.
     */
    async save(
      visitor: Visitor,
      sid: string,
      body: { fileids?: number[]; target_groupid: number; target_parentid: number },
    ) {
      const actor = visitor.actor;
      if (!actor) throw new DomainError('userNotLogin');
      const scene = await sceneBySid(sid);
      const { permission } = await enter(visitor, scene);
      if (!canDownload(permission)) throw new DomainError('permissionDenied', {}, { permission: 'download' });
      const items = await Promise.all((body.fileids ?? [scene.file.id]).map((id) => itemOf(scene, id)));
      const sources = await Promise.all(
        items.map(async (item) => ({
          file: item,
          below: item.is_folder ? await repo.liveSubtree(db, item) : [],
        })),
      );
      // A save is a download, of the whole selection at once (as a folder's zip is): taken first,
      // and given back when nothing could be copied.
      const taken = await spendDownload(visitor, scene, scene.file.id);
      if (taken === 'changed') throw new DomainError('linkUpdateConcurrency');
      // Given back whole: the count, and the log entry that would let the visitor go on with
      // ranges of a download that never was (loggedLately).
      const giveBack = () =>
        db.transaction().execute(async (trx) => {
          await repo.giveBackDownload(trx, scene.link);
          await repo.forgetAccess(trx, taken.logId);
        });
      try {
        const copied = await deps.transfers.copyItems(actor, sources, {
          groupId: body.target_groupid,
          parentId: body.target_parentid,
        });
        if (copied.failList.length === sources.length) await giveBack();
        return copied;
      } catch (err) {
        await giveBack();
        throw err;
      }
    },

    /** GET /api/v3/links/convert/{id}: the id of the file a link shares, as text. */
    async convert(visitor: Visitor, id: string): Promise<string> {
      const scene = await sceneBySid(id);
      await enter(visitor, scene);
      return String(scene.file.id);
    },

    /** POST /api/v3/links/{sid}/report: anyone who reaches the link may report it (throttled per address). */
    async reportLink(visitor: Visitor, sid: string, reason: string, detail: string): Promise<{ id: number }> {
      const key = `link-report:ip:${visitor.ip}`;
      await throttle.count(key, REPORT_THROTTLE);
      const scene = await sceneBySid(sid);
      const id = await repo.insertReport(db, {
        kind: 'link',
        fileId: scene.file.id,
        linkId: scene.link.id,
        reporterId: visitor.actor?.userId ?? null,
        ip: visitor.ip,
        reason,
        detail,
        at: now(),
      });
      return { id };
    },

    /** POST /api/report: a file the actor can read, in their drive or through a link they give. */
    async reportFile(
      visitor: Visitor,
      body: { fileid: number; reason: string; reason_detail: string; sid?: string },
    ) {
      const actor = visitor.actor;
      if (!actor) throw new DomainError('userNotLogin');
      let linkId: number | null = null;
      if (body.sid) {
        const scene = await sceneBySid(body.sid);
        await enter(visitor, scene);
        await itemOf(scene, body.fileid);
        linkId = scene.link.id;
      } else {
        const { mask } = await access.requireFile(actor, body.fileid);
        requirePermission(mask, 'read');
      }
      const id = await repo.insertReport(db, {
        kind: 'file',
        fileId: body.fileid,
        linkId,
        reporterId: actor.userId,
        ip: visitor.ip,
        reason: body.reason,
        detail: body.reason_detail,
        at: now(),
      });
      return { id };
    },
  };

  /** The viewer's rand_code: the access code as typed, or the token the link page got for it. */
  const proofOf = (randCode: string | undefined): Proof =>
    randCode ? (randCode.includes('.') ? { token: randCode } : { code: randCode }) : {};

  /** How the previews open a sid (modules/preview/links.ts): the link's rules, then the item asked for. */
  const previews: LinkPreviews = {
    async resolve({ sid, fileId, randCode, actor, ip, glance }): Promise<LinkTarget> {
      const scene = await sceneBySid(sid);
      const proof = proofOf(randCode);
      const visitor: Visitor = { actor, ip, proof };
      const { permission } = await enter(visitor, scene);
      const item = await itemOf(scene, fileId);
      const file = item.id === scene.file.id ? scene.file : await repo.findFile(db, item.id);
      if (!file) throw new DomainError('fileNotExists');
      if (!glance) await logOpen(scene, visitor, file.id);
      const mayDownload = canDownload(permission) && !file.is_folder;
      return {
        file,
        canDownload: mayDownload,
        downloadUrl: mayDownload ? downloadUrl(scene, file.id, proof) : '',
      };
    },

    async neighbors({ sid, fileId, randCode, actor, ip }) {
      const scene = await sceneBySid(sid);
      await enter({ actor, ip, proof: proofOf(randCode) }, scene);
      const item = await itemOf(scene, fileId);
      if (item.id === scene.file.id || item.is_folder) return { prev: null, next: null, index: 1, total: 1 };
      // The link page lists a folder's files by name (repo.listChildren), security documents left out.
      return deps.files.neighborsOf(item, {
        orderby: 'name',
        order: 'asc',
        hiddenIds: [],
        withoutSecdocs: true,
      });
    },

    /**
     * /s/{fid}: a file someone has through a link shared with them (named on it, or in their
     * shared list), the nearest link first; the link's rules apply as at /l/{sid}.
     */
    async resolveFile({ fileId, actor, ip, glance }): Promise<LinkTarget | undefined> {
      const file = await repo.findFile(db, fileId);
      if (file?.status !== 'live') return undefined;
      const chain = [...ancestorIds(file.path), file.id];
      const candidates = (await repo.findOpenByFiles(db, chain)).sort(
        (a, b) => chain.indexOf(b.file_id) - chain.indexOf(a.file_id),
      );
      const visitor: Visitor = { actor, ip, proof: {} };
      for (const candidate of candidates) {
        try {
          const scene = await sceneBySid(candidate.sid);
          const viewer = await viewerOf(actor, scene);
          if (!isNamed(viewer) && !(await repo.hasReceived(db, scene.link.id, actor.userId))) continue;
          const { permission } = await enter(visitor, scene);
          await itemOf(scene, file.id);
          if (!glance) await logOpen(scene, visitor, file.id);
          const mayDownload = canDownload(permission) && !file.is_folder;
          return {
            file,
            canDownload: mayDownload,
            downloadUrl: mayDownload ? downloadUrl(scene, file.id, {}) : '',
          };
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
        }
      }
      return undefined;
    },
  };

  return { ...service, previews };
}

export type LinkService = ReturnType<typeof createLinkService>;
