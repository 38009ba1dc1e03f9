import {
  AUTO_CONVERT_STATE,
  type AutoConvertState,
  type ContactGroup,
  type ConversationInfo,
  canAddMembers,
  canDeleteTeam,
  canEditAvatar,
  canEditNotice,
  canEditTeamName,
  canExitTeam,
  canRenameChat,
  canShareInviteLink,
  canToggleAutoConvert,
  canTogglePush,
  canUpgradeChat,
  cutSearchInput,
  defaultChatName,
  type InviteInfo,
  matchesMemberSearch,
  parseTeamAvatar,
  type RealtimeEvent,
  randomString,
  randomTeamAvatar,
  type Settings,
  securityDocsConvert,
  TEAM_ROLE,
  TEAM_TYPE,
  type TeamMember,
  type TeamMemberPage,
  type TeamRecord,
  type TeamRole,
  type TeamType,
  validateNotice,
  validateTeamName,
} from '@cirrus/shared';
import type { Db, DbOrTrx, Dialect, Trx } from '../../db/index.ts';
import type { GroupRow } from '../../db/schema.ts';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { pinyinOf } from '../../lib/pinyin.ts';
import type { ApprovalPolicy } from '../approvals/policy.ts';
import type { ContactService } from '../contacts/service.ts';
import { RECENT_TYPES } from '../contacts/service.ts';
import type { NoticeService } from '../notices/service.ts';
import { CONVERT_TEAM_JOB } from '../secdoc/convert.ts';
import type { SettingsService } from '../settings/service.ts';
import { findActiveMembers, findCoveredUsers, findDeptMembership } from '../spaces/repo.ts';
import type { SpaceAccess, SpaceService } from '../spaces/service.ts';
import type { UserService } from '../users/service.ts';
import { type MemberTarget, removalError, roleChangeError } from './policy.ts';
import * as repo from './repo.ts';
import type {
  BatchMembersBody,
  CreateChatBody,
  CreateTeamBody,
  MembersQuery,
  UpdateTeamBody,
} from './schema.ts';

/** spec 000 §2: the chat dialog's strip shows 9 (elsewhere 6); recent_members carries the 9 newest. */
const RECENT_MEMBERS = 9;
/** Invite codes: 22 base62 characters, about 131 bits (ARCHITECTURE: unguessable ids). */
const INVITE_CODE_LENGTH = 22;
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/**
 * A picture uploaded for a team avatar (POST /api/v3/image/upload), as modules/pictures serves it:
 * exactly that address (with a ?v= at most), so that an avatar never points the browser elsewhere.
 */
const PICTURE_URL = /^\/api\/v3\/images\/\d{1,10}\.png(\?v=\d{1,20})?$/;

interface Deps {
  db: Db;
  spaces: SpaceService;
  settings: SettingsService;
  users: UserService;
  contacts: ContactService;
  notices: NoticeService;
  /** Whether a group needs approval first (modules/approvals/policy.ts). */
  approval: ApprovalPolicy;
  /** How many messages a team's conversation holds (modules/chat). */
  messageCount: (groupId: number) => Promise<number>;
  /** Turning auto-convert on queues the conversion of the team's documents. */
  jobs: Pick<JobQueue, 'enqueue'>;
  /** On PostgreSQL the transactions here lock the rows they decide on (repo.ts). */
  dialect: Dialect;
  now: () => number;
  /** The push socket: people in a team hear that it changed (their team lists, roles and rights). */
  hub?: { push(to: Iterable<number>, event: RealtimeEvent): void };
}

/** Names the people a console change is about to move between departments (followDepartments). */
export type Moving = (userIds: readonly number[]) => Promise<void>;

/** What a new team or chat gets, whoever asked for it (directly or through approval). */
export interface NewTeam {
  ownerId: number;
  companyId: number;
  type: TeamType;
  name: string;
  deptId?: number | null;
  avatar?: string;
  notice?: string;
  memberIds: number[];
  deptIds: number[];
  autoConvert: boolean;
}

/** A team the actor belongs to: the space, their role, whether only through a department. */
interface TeamAccess extends SpaceAccess {
  type: TeamType;
}

const isChat = (type: TeamType) => type === TEAM_TYPE.chat;

/**
 * Teams and multi-person chats (spec 000): create, change, delete, leave; members and roles by the
 * shared rules of sections 4 and 6; department entries; pins; the invite link; push and
 * auto-convert settings. Spaces (modules/spaces) keeps the space and who may see it; this module
 * decides who may change what.
 */
export function createTeamService({
  db,
  spaces,
  settings,
  users,
  contacts,
  notices,
  approval,
  messageCount,
  jobs,
  dialect,
  now,
  hub,
}: Deps) {
  const rowLocks = dialect === 'postgres';

  /**
   * Tells everyone in the team now, and `also` (who were in it a moment ago), that it changed: its
   * people, their roles, its name or settings, or it is gone. Their pages ask again (web app).
   */
  async function announce(groupId: number, also: readonly number[] = []): Promise<void> {
    if (!hub) return;
    // After the commit: a failed read must not turn a change made into an error. A push not made
    // costs a delay, never data (the pages ask again on their own).
    const members = await spaces.memberIds(groupId).catch(() => []);
    hub.push([...members, ...also], { type: 'team.changed', group_id: groupId });
  }
  async function requireTeam(actor: Actor, groupId: number): Promise<TeamAccess> {
    const access = await spaces.access(actor, groupId);
    if (access?.space.type !== 'team') throw new DomainError('groupNotExist');
    return { ...access, type: access.space.team_type as TeamType };
  }

  const settingsOf = (space: GroupRow): Promise<Settings> => settings.get(space.company_id);

  /** spec 000 §5 on the server: a bad name answers illegalGroupName, with the rule in debug.reason. */
  function checkName(raw: string): string {
    const reason = validateTeamName(raw);
    if (reason) throw new DomainError('illegalGroupName', {}, { reason });
    return raw.trim();
  }

  function checkNotice(notice: string): string {
    const error = validateNotice(notice);
    if (error) throw new DomainError(error);
    return notice;
  }

  function checkAvatar(avatar: string): string {
    const value = avatar.trim();
    if (parseTeamAvatar(value) || PICTURE_URL.test(value)) return value;
    throw new DomainError('badRequest');
  }

  /** People the actor may add: visible to them and, in a company's team, of that company. */
  async function checkPeople(actor: Actor, companyId: number, teamType: TeamType, ids: number[]) {
    for (const id of ids) {
      if (!(await users.canSee(actor, id))) throw new DomainError('userNotExist');
    }
    if (teamType === TEAM_TYPE.company) {
      const inCompany = await contacts.companyMemberIds(companyId, ids);
      if (ids.some((id) => !inCompany.has(id))) throw new DomainError('notCompanyMember');
    }
  }

  /** Departments must be the team's company's (and only teams take departments, not chats). */
  async function checkDepts(companyId: number, teamType: TeamType, ids: number[]) {
    if (ids.length === 0) return;
    if (!companyId || isChat(teamType)) throw new DomainError('notCompanyMember');
    const found = await contacts.depts(companyId, ids);
    if (found.length !== new Set(ids).size) throw new DomainError('notFound');
  }

  /**
   * GroupMemberLimit: the team's people (departments' included) within max_group_members, counted
   * inside the transaction that adds them, after lockTeam (or in the one creating the team), so that
   * a refusal rolls the additions back. The limit is read beforehand: SQLite has one connection,
   * which the transaction holds.
   */
  async function checkMemberLimit(trx: Trx, space: GroupRow, limit: number) {
    const count = (await spaces.memberCounts([space.id], trx)).get(space.id) ?? 0;
    if (limit > 0 && count > limit) throw new DomainError('GroupMemberLimit');
  }

  /**
   * Locks the team for the rest of the transaction (groupNotExist once it is gone). Every
   * transaction here that changes a team's members or roles takes it first and then reads what it
   * decides on again, so that concurrent ones take turns and each sees what the one before did.
   */
  async function lockTeam(trx: Trx, groupId: number): Promise<GroupRow> {
    const space = await repo.lockGroup(trx, groupId, rowLocks);
    if (space?.type !== 'team') throw new DomainError('groupNotExist');
    return space;
  }

  /** Whether a department entry of the team brings the user in, read in `dbx`. */
  async function inDept(dbx: DbOrTrx, groupId: number, userId: number): Promise<boolean> {
    return (await findDeptMembership(dbx, groupId, userId)) !== undefined;
  }

  /** Someone's role in the team now, inside the transaction (their entry locked); undefined once out. */
  async function currentRole(trx: Trx, groupId: number, userId: number): Promise<TeamRole | undefined> {
    const direct = await repo.findDirectMember(trx, groupId, userId, rowLocks);
    if (direct) return direct.team_role as TeamRole;
    return (await inDept(trx, groupId, userId)) ? TEAM_ROLE.member : undefined;
  }

  async function addedNotice(dbx: DbOrTrx, space: GroupRow, actor: Actor | undefined, userIds: number[]) {
    const to = userIds.filter((id) => id !== actor?.userId);
    if (to.length === 0) return;
    await notices.send(
      to,
      isChat(space.team_type as TeamType) ? 'team_invited' : 'team_added',
      { group_id: space.id, group_name: space.name, actor_name: actor?.user.nick_name ?? '' },
      dbx,
    );
  }

  /** Whether a department entry of the team brings the user in. */
  async function coveredByDept(groupId: number, userId: number): Promise<boolean> {
    return (await spaces.coveredUsers(groupId)).some((c) => c.user_id === userId);
  }

  /**
   * The people of a team: user entries, then those only departments bring (with their entry).
   * Active accounts only, named or brought alike (spaces/repo activeMemberEntries says why).
   */
  async function people(groupId: number, dbx: DbOrTrx = db) {
    const [direct, covered] = await Promise.all([
      findActiveMembers(dbx, groupId),
      findCoveredUsers(dbx, groupId),
    ]);
    const directIds = new Set(direct.map((d) => d.user_id));
    // Those only a department brings, and user entries a department brings as well: by the first.
    const viaDept = new Map<number, number>();
    const alsoViaDept = new Map<number, number>();
    for (const c of covered) {
      const into = directIds.has(c.user_id) ? alsoViaDept : viaDept;
      if (!into.has(c.user_id)) into.set(c.user_id, c.dept_id);
    }
    return { direct, viaDept, alsoViaDept };
  }

  /**
   * Every row of a team's member list (spec 000 §2 members tab): department entries, then user
   * entries by role and joining time, then the people departments bring, by pinyin.
   */
  async function memberRows(space: GroupRow, keywords = ''): Promise<TeamMember[]> {
    const [{ direct, viaDept, alsoViaDept }, entries] = await Promise.all([
      people(space.id),
      repo.findDeptEntries(db, space.id),
    ]);
    const rows = await contacts.personRows([...direct.map((d) => d.user_id), ...viaDept.keys()]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const depts = new Map(
      (
        await contacts.depts(
          space.company_id,
          entries.map((e) => e.dept_id),
        )
      ).map((d) => [d.id, d]),
    );
    const q = cutSearchInput(keywords).trim();
    const matches = (id: number) => {
      const row = byId.get(id);
      if (!row) return false;
      return matchesMemberSearch(
        {
          nick_name: row.nick_name,
          pinyin: `${row.pinyin}|${row.pinyin_initials}`,
          phone: row.phone,
          email: row.email,
        },
        q,
      );
    };
    const person = (id: number) => {
      const row = byId.get(id);
      return row
        ? {
            id: row.id,
            nick_name: row.nick_name,
            unique_name: row.unique_name,
            avatar: row.avatar,
            email: row.email ?? '',
            phone: row.phone ?? '',
            pinyin: row.pinyin,
          }
        : undefined;
    };
    const members: TeamMember[] = [];
    for (const entry of entries) {
      const dept = depts.get(entry.dept_id);
      if (!dept || (q && !matchesMemberSearch({ name: dept.name }, q))) continue;
      members.push({ type: 2, id: dept.id, team_role: TEAM_ROLE.member, dept, joined_at: entry.joined_at });
    }
    const sortedDirect = [...direct].sort(
      (a, b) => a.team_role - b.team_role || a.joined_at - b.joined_at || a.user_id - b.user_id,
    );
    for (const d of sortedDirect) {
      const user = person(d.user_id);
      if (!user || !matches(d.user_id)) continue;
      const alsoDept = alsoViaDept.get(d.user_id);
      members.push({
        type: 1,
        id: d.user_id,
        team_role: d.team_role as TeamRole,
        user,
        ...(alsoDept === undefined
          ? {}
          : { in_dept: { id: alsoDept, name: depts.get(alsoDept)?.name ?? '' } }),
        joined_at: d.joined_at,
      });
    }
    const deptOnly = [...viaDept.entries()]
      .map(([id, deptId]) => ({ id, deptId, user: person(id) }))
      .filter((m) => m.user && matches(m.id))
      .sort((a, b) => (a.user?.pinyin ?? '').localeCompare(b.user?.pinyin ?? '') || a.id - b.id);
    for (const m of deptOnly) {
      const entry = entries.find((e) => e.dept_id === m.deptId);
      members.push({
        type: 1,
        id: m.id,
        team_role: TEAM_ROLE.member,
        user: m.user,
        via_dept: { id: m.deptId, name: depts.get(m.deptId)?.name ?? '' },
        joined_at: entry?.joined_at ?? space.created_at,
      });
    }
    return members;
  }

  /**
   * One row as the rules see it: a user entry, a person a department brings, or a department; read
   * inside the transaction that changes it (after lockTeam), the user entry locked.
   */
  async function targetOf(
    trx: Trx,
    space: GroupRow,
    id: number,
    type: 'user' | 'dept',
  ): Promise<MemberTarget> {
    if (type === 'dept') {
      const entries = await repo.findDeptEntries(trx, space.id);
      if (!entries.some((e) => e.dept_id === id)) throw new DomainError('groupMemberNotFound');
      return { role: TEAM_ROLE.member, isDept: true, viaDept: false };
    }
    const direct = await repo.findDirectMember(trx, space.id, id, rowLocks);
    if (direct)
      return {
        role: direct.team_role as TeamRole,
        isDept: false,
        viaDept: false,
        alsoViaDept: await inDept(trx, space.id, id),
      };
    if (await inDept(trx, space.id, id)) return { role: TEAM_ROLE.member, isDept: false, viaDept: true };
    throw new DomainError('groupMemberNotFound');
  }

  async function details(actor: Actor, groupId: number): Promise<TeamRecord> {
    const access = await requireTeam(actor, groupId);
    const { space } = access;
    const [base, owner, deptCount, recent, config] = await Promise.all([
      spaces.record(actor, groupId),
      repo.findOwner(db, space.id),
      repo.countDeptEntries(db, space.id),
      repo.findRecentMembers(db, space.id, RECENT_MEMBERS),
      settingsOf(space),
    ]);
    const persons = await contacts.persons([
      space.owner_id,
      ...(owner ? [owner.user_id] : []),
      ...recent.map((r) => r.user_id),
    ]);
    const ownerUser = owner ? persons.get(owner.user_id) : undefined;
    const creator = persons.get(space.owner_id);
    const [dept] = space.dept_id ? await contacts.depts(space.company_id, [space.dept_id]) : [];
    const state = space.auto_convert_state as AutoConvertState;
    return {
      ...base,
      type: access.type,
      owner_user: ownerUser
        ? { id: ownerUser.id, nick_name: ownerUser.nick_name, avatar: ownerUser.avatar }
        : null,
      creator: { id: space.owner_id, nick_name: creator?.nick_name ?? '' },
      ascription_dept: dept
        ? { id: dept.id, name: dept.name, display_path_name: dept.display_path_name }
        : null,
      self_member: {
        team_role: access.role,
        via_dept: access.viaDept === true,
        in_dept: access.viaDept === true || (deptCount > 0 && (await coveredByDept(groupId, actor.userId))),
      },
      dept_count: deptCount,
      auto_convert_state: state,
      auto_convert_group: state > AUTO_CONVERT_STATE.off,
      im_push: space.im_push === 1,
      history_limit: Math.min(
        space.history_limit ?? config.history_version_count,
        config.history_version_max,
      ),
      history_limit_max: config.history_version_max,
      recent_members: recent.flatMap((r) => {
        const p = persons.get(r.user_id);
        return p ? [{ id: p.id, nick_name: p.nick_name, avatar: p.avatar }] : [];
      }),
    };
  }

  async function contactGroups(_actor: Actor, accesses: SpaceAccess[]): Promise<ContactGroup[]> {
    const teams = accesses.filter((a) => a.space.type === 'team');
    const counts = await spaces.memberCounts(teams.map((a) => a.space.id));
    const owners = new Map<number, number>();
    for (const a of teams) {
      const owner = await repo.findOwner(db, a.space.id);
      if (owner) owners.set(a.space.id, owner.user_id);
    }
    const persons = await contacts.persons([...owners.values(), ...teams.map((a) => a.space.owner_id)]);
    return teams.map(({ space, role, isTop }) => {
      const owner = persons.get(owners.get(space.id) ?? 0);
      const creatorName = persons.get(space.owner_id)?.nick_name ?? '';
      return {
        id: space.id,
        contacts_id: space.id,
        groupid: space.id,
        type: space.team_type === TEAM_TYPE.chat ? 1 : 3,
        groupType: space.team_type as TeamType,
        name: space.name,
        avatar: space.avatar,
        member_count: counts.get(space.id) ?? 0,
        auto_convert_state: space.auto_convert_state as AutoConvertState,
        is_top_group: isTop,
        team_role: role,
        created_at: space.created_at,
        owner_user: owner ? { id: owner.id, nick_name: owner.nick_name } : null,
        creator: { id: space.owner_id, nick_name: creatorName, name: creatorName },
        sort_key: pinyinOf(space.name).full,
      };
    });
  }

  const newMemberIds = (input: NewTeam) => [...new Set(input.memberIds)].filter((id) => id !== input.ownerId);

  /**
   * Writes a team or chat with its members in the caller's transaction (the caller has checked who
   * may; `config` is the company's settings, read beforehand). The limits are checked here, so that
   * a refusal rolls everything back: groupNumLimit when `limitGroups`, then GroupMemberLimit.
   */
  async function insertTeam(
    trx: Trx,
    input: NewTeam,
    config: Settings,
    limitGroups: boolean,
    actor?: Actor,
  ): Promise<GroupRow> {
    if (limitGroups) {
      // The owner's row locked: concurrent creations by one user count one after another.
      await repo.lockUser(trx, input.ownerId, rowLocks);
      await checkGroupLimit(trx, input.ownerId, config.max_groups_per_user);
    }
    const memberIds = newMemberIds(input);
    const deptIds = [...new Set(input.deptIds)];
    if (input.type === TEAM_TYPE.company && input.deptId && !deptIds.includes(input.deptId)) {
      // A company team follows its department: the department is its first entry.
      deptIds.unshift(input.deptId);
    }
    const space = await spaces.insertTeamSpace(trx, {
      ownerId: input.ownerId,
      name: input.name,
      teamType: input.type,
      companyId: input.companyId,
      deptId: input.deptId ?? null,
      avatar: input.avatar ?? (isChat(input.type) ? '' : randomTeamAvatar()),
      notice: input.notice ?? '',
      members: memberIds.map((userId) => ({ userId, role: TEAM_ROLE.member })),
      deptIds,
      autoConvertState: input.autoConvert ? AUTO_CONVERT_STATE.on : AUTO_CONVERT_STATE.off,
    });
    await checkMemberLimit(trx, space, config.max_group_members);
    await addedNotice(trx, space, actor, memberIds);
    return space;
  }

  /** After a new team commits: its members and the team come first in the owner's recent contacts. */
  async function touchCreated(input: NewTeam, space: GroupRow) {
    await contacts.touchRecent(input.ownerId, [
      ...newMemberIds(input).map((entityId) => ({ type: RECENT_TYPES.user, entityId })),
      { type: isChat(input.type) ? RECENT_TYPES.chat : RECENT_TYPES.team, entityId: space.id },
    ]);
    await announce(space.id);
  }

  /** Creates a team or chat with its members in a transaction of its own (see insertTeam). */
  async function createTeam(input: NewTeam, limitGroups: boolean, actor?: Actor): Promise<GroupRow> {
    const config = await settings.get(input.companyId);
    const space = await db.transaction().execute((trx) => insertTeam(trx, input, config, limitGroups, actor));
    await touchCreated(input, space);
    return space;
  }

  /**
   * groupNumLimit: general teams a user created, within max_groups_per_user. The count that holds is
   * made in the transaction that creates (or upgrades) one, after lockUser; one before it only
   * answers early.
   */
  async function checkGroupLimit(dbx: DbOrTrx, userId: number, max: number) {
    if (max > 0 && (await repo.countCreatedTeams(dbx, userId)) >= max) throw new DomainError('groupNumLimit');
  }

  /** A chat's default name: its first members' names, within the name limit. */
  async function chatName(ownerId: number, memberIds: number[]): Promise<string> {
    const persons = await contacts.persons([ownerId, ...memberIds]);
    return defaultChatName(
      [ownerId, ...memberIds].flatMap((id) => {
        const p = persons.get(id);
        return p ? [p.nick_name] : [];
      }),
    );
  }

  async function inviteInfo(space: GroupRow, code: string, actor?: Actor): Promise<InviteInfo> {
    const count = (await spaces.memberCounts([space.id])).get(space.id) ?? 0;
    return {
      code,
      link: `/pcview/team/invite/${code}`,
      group: {
        id: space.id,
        name: space.name,
        avatar: space.avatar,
        type: space.team_type as TeamType,
        member_count: count,
      },
      ...(actor ? { inviter: { id: actor.userId, nick_name: actor.user.nick_name } } : {}),
    };
  }

  async function conversation(actor: Actor, groupId: number): Promise<ConversationInfo> {
    const access = await requireTeam(actor, groupId);
    const [count, recent, messages] = await Promise.all([
      spaces.memberCounts([groupId]),
      repo.findRecentMembers(db, groupId, RECENT_MEMBERS),
      messageCount(groupId),
    ]);
    const persons = await contacts.persons(recent.map((r) => r.user_id));
    return {
      type: isChat(access.type) ? 1 : 3,
      id: groupId,
      name: access.space.name,
      avatar: access.space.avatar,
      member_count: count.get(groupId) ?? 0,
      members: recent.flatMap((r) => {
        const p = persons.get(r.user_id);
        return p ? [{ id: p.id, nick_name: p.nick_name, avatar: p.avatar }] : [];
      }),
      message_count: messages,
      team_role: access.role,
    };
  }

  /** Adds people (or departments) to a team in one transaction, which checks the member limit. */
  async function addMembers(actor: Actor, access: TeamAccess, ids: number[], kind: 'user' | 'dept') {
    const { space } = access;
    const config = await settingsOf(space);
    if (!canAddMembers(access.role, access.type, { allowGroupDeptMember: config.ALLOW_GROUP_DEPT_MEMBER })) {
      throw new DomainError('permissionDenied');
    }
    const unique = [...new Set(ids)];
    if (kind === 'dept') await checkDepts(space.company_id, access.type, unique);
    else await checkPeople(actor, space.company_id, access.type, unique);
    await db.transaction().execute(async (trx) => {
      // The team locked, the actor's role and those present are read again: concurrent adds and
      // joins take turns, each counting the members the one before added.
      await lockTeam(trx, space.id);
      const role = await currentRole(trx, space.id, actor.userId);
      if (role === undefined) throw new DomainError('groupNotExist');
      if (!canAddMembers(role, access.type, { allowGroupDeptMember: config.ALLOW_GROUP_DEPT_MEMBER })) {
        throw new DomainError('permissionDenied');
      }
      if (kind === 'dept') {
        const existing = new Set((await repo.findDeptEntries(trx, space.id)).map((e) => e.dept_id));
        if (unique.some((id) => existing.has(id))) throw new DomainError('GroupMemberExists');
      } else {
        // Disabled people's entries count too: they keep theirs while hidden (no second one).
        const [entries, { viaDept }] = await Promise.all([
          repo.findDirectMembers(trx, space.id),
          people(space.id, trx),
        ]);
        const present = new Set([...entries.map((d) => d.user_id), ...viaDept.keys()]);
        if (unique.some((id) => present.has(id))) throw new DomainError('GroupMemberExists');
      }
      if (kind === 'dept') await repo.insertDeptEntries(trx, space.id, unique, now());
      else await repo.insertMembers(trx, space.id, unique, TEAM_ROLE.member, now());
      await checkMemberLimit(trx, space, config.max_group_members);
      if (kind === 'user') await addedNotice(trx, space, actor, unique);
    });
    if (kind === 'user') {
      await contacts.touchRecent(
        actor.userId,
        unique.map((entityId) => ({ type: RECENT_TYPES.user, entityId })),
      );
    }
    await announce(access.space.id);
  }

  /**
   * Takes rows out of a team; every row must pass removalError or nothing changes. The actor's role
   * and the rows are read inside the transaction, the team locked, so that the rules judge what is
   * there when the rows go (a concurrent role change or transfer has committed or waits).
   */
  async function removeMembers(
    actor: Actor,
    access: TeamAccess,
    ids: number[],
    kind: 'user' | 'dept',
    byCheckbox: boolean,
  ) {
    const unique = [...new Set(ids)];
    const before = await spaces.memberIds(access.space.id);
    await db.transaction().execute(async (trx) => {
      const space = await lockTeam(trx, access.space.id);
      const role = await currentRole(trx, space.id, actor.userId);
      if (role === undefined) throw new DomainError('groupNotExist');
      for (const id of unique) {
        const target = await targetOf(trx, space, id, kind);
        const error = removalError(role, target, {
          byCheckbox,
          ascriptionDept: kind === 'dept' && space.dept_id === id,
        });
        if (error) throw new DomainError(error);
      }
      const gone =
        kind === 'dept'
          ? await repo.deleteDeptEntries(trx, space.id, unique)
          : await repo.deleteMembers(trx, space.id, unique);
      if (gone !== unique.length) throw new DomainError('groupMemberNotFound');
    });
    await announce(access.space.id, before);
  }

  const service = {
    requireTeam,
    details,
    conversation,

    /** PUT /api/v3/groups/{id}/files/0/permission: the role masks change everyone's rights, who hear of it. */
    async setRoleMasks(actor: Actor, groupId: number, entries: { team_role: number; user_acl: number }[]) {
      const masks = await spaces.setRoleMasks(actor, groupId, entries);
      await announce(groupId);
      return masks;
    },

    /** Any space the actor sees (GET /api/v3/groups/{id} answers personal spaces too). */
    requireSpace: (actor: Actor, groupId: number) => spaces.requireAccess(actor, groupId),
    spaceRecord: (actor: Actor, groupId: number) => spaces.record(actor, groupId),

    /** POST /api/v3/groups: a general team, or a company team by a company administrator. */
    async create(actor: Actor, body: CreateTeamBody): Promise<TeamRecord> {
      const name = checkName(body.name);
      const notice = checkNotice(body.notice ?? '');
      const avatar = body.avatar ? checkAvatar(body.avatar) : undefined;
      const type: TeamType = body.type;
      let deptId: number | null = null;
      if (type === TEAM_TYPE.company) {
        if (!actor.isCompanyAdmin || !actor.companyId || !body.dept_id)
          throw new DomainError('permissionDenied');
        await checkDepts(actor.companyId, type, [body.dept_id]);
        deptId = body.dept_id;
      } else {
        if (await approval.isRequired(actor)) throw new DomainError('approvalRequired');
        // An early answer; createTeam counts again with the creator's row locked.
        await checkGroupLimit(db, actor.userId, (await settings.get(actor.companyId)).max_groups_per_user);
      }
      await checkPeople(actor, actor.companyId, type, body.members);
      await checkDepts(actor.companyId, type, body.dept_ids);
      const config = await settings.get(actor.companyId);
      const space = await createTeam(
        {
          ownerId: actor.userId,
          companyId: actor.companyId,
          type,
          name,
          deptId,
          avatar,
          notice,
          memberIds: body.members,
          deptIds: body.dept_ids,
          autoConvert: body.auto_convert_group && securityDocsConvert(config),
        },
        type !== TEAM_TYPE.company,
        actor,
      );
      return details(actor, space.id);
    },

    /**
     * The approval flow creates the requested team for its applicant once approved, in its own
     * transaction with the claim of the request: this reads and checks first (SQLite's one
     * connection is the transaction's once it starts); `create` then writes in the caller's `trx`
     * (a limit refused there rolls the claim back too) and `created` follows the commit.
     */
    async prepareApproved(applicant: Actor, input: Omit<NewTeam, 'ownerId' | 'companyId'>) {
      // The people and departments again, as a direct creation checks them: days may have passed
      // since the request (someone left the company, a department was closed).
      await checkPeople(applicant, applicant.companyId, input.type, input.memberIds);
      await checkDepts(applicant.companyId, input.type, input.deptIds);
      const config = await settings.get(applicant.companyId);
      const limitGroups = input.type !== TEAM_TYPE.chat;
      if (limitGroups) await checkGroupLimit(db, applicant.userId, config.max_groups_per_user);
      const team: NewTeam = {
        ...input,
        ownerId: applicant.userId,
        companyId: applicant.companyId,
        autoConvert: input.autoConvert && securityDocsConvert(config),
      };
      return {
        create: (trx: Trx) => insertTeam(trx, team, config, limitGroups, applicant),
        created: (space: GroupRow) => touchCreated(team, space),
      };
    },

    /** An approved team in a transaction of its own (the demo seed creates its chat this way). */
    async createApproved(applicant: Actor, input: Omit<NewTeam, 'ownerId' | 'companyId'>): Promise<GroupRow> {
      const team = await service.prepareApproved(applicant, input);
      const space = await db.transaction().execute((trx) => team.create(trx));
      await team.created(space);
      return space;
    },

    /** Checks a request's name, notice and members as a direct creation would, before it is stored. */
    async checkRequest(
      actor: Actor,
      input: {
        name: string;
        notice: string;
        type: TeamType;
        memberIds: number[];
        deptIds: number[];
        avatar: string;
      },
    ) {
      const name = checkName(input.name);
      const notice = checkNotice(input.notice);
      const avatar = input.avatar ? checkAvatar(input.avatar) : '';
      await checkPeople(actor, actor.companyId, input.type, input.memberIds);
      await checkDepts(actor.companyId, input.type, input.deptIds);
      return { name, notice, avatar };
    },

    /** POST /api/v3/yun_msg/groups: a multi-person chat with its members. */
    async createChat(actor: Actor, body: CreateChatBody): Promise<ConversationInfo & { group: TeamRecord }> {
      if (await approval.isRequired(actor)) throw new DomainError('approvalRequired');
      await checkPeople(actor, actor.companyId, TEAM_TYPE.chat, body.members);
      const name = body.name.trim() ? checkName(body.name) : await chatName(actor.userId, body.members);
      const space = await createTeam(
        {
          ownerId: actor.userId,
          companyId: actor.companyId,
          type: TEAM_TYPE.chat,
          name,
          memberIds: body.members,
          deptIds: [],
          autoConvert: false,
        },
        false,
        actor,
      );
      return { ...(await conversation(actor, space.id)), group: await details(actor, space.id) };
    },

    /** POST /api/v3/yun_msg/groups/{id}/members: people into a chat (or team), as a batch put. */
    async addToChat(actor: Actor, groupId: number, userIds: number[]): Promise<ConversationInfo> {
      const access = await requireTeam(actor, groupId);
      await addMembers(actor, access, userIds, 'user');
      return conversation(actor, groupId);
    },

    /** Upgrades a chat to a general team with a random avatar (spec 000 §4); its owner decides. */
    async upgradeChat(actor: Actor, groupId: number): Promise<TeamRecord> {
      const access = await requireTeam(actor, groupId);
      if (!canUpgradeChat(access.role, access.type)) throw new DomainError('permissionDenied');
      // The chat becomes a general team: where teams need approval, so does this one.
      if (await approval.isRequired(actor)) throw new DomainError('approvalRequired');
      const { max_groups_per_user } = await settings.get(actor.companyId);
      // The new general team counts towards its creator's groupNumLimit (teams are counted by
      // owner_id, which a transfer keeps), counted with their row locked; the chat is locked and
      // read again, so that a transfer or another upgrade meanwhile is seen.
      await db.transaction().execute(async (trx) => {
        const creator = access.space.owner_id;
        await repo.lockUser(trx, creator, rowLocks);
        const space = await lockTeam(trx, groupId);
        const role = await currentRole(trx, groupId, actor.userId);
        if (role === undefined || !canUpgradeChat(role, space.team_type as TeamType))
          throw new DomainError('permissionDenied');
        await checkGroupLimit(trx, creator, max_groups_per_user);
        await repo.updateGroup(trx, groupId, { team_type: TEAM_TYPE.general, avatar: randomTeamAvatar() });
      });
      await announce(groupId);
      return details(actor, groupId);
    },

    /** PUT /api/v3/groups/{id}: name, notice, avatar and auto-convert, each by its rule (spec 000 §6). */
    async update(actor: Actor, groupId: number, body: UpdateTeamBody): Promise<TeamRecord> {
      const access = await requireTeam(actor, groupId);
      const config = body.auto_convert_state !== undefined ? await settingsOf(access.space) : undefined;
      // The rules and the values, judged for a role and the team as they are.
      const patchFor = (role: TeamRole, space: GroupRow): repo.GroupPatch => {
        const type = space.team_type as TeamType;
        const patch: repo.GroupPatch = {};
        const denied = () =>
          new DomainError(
            role <= TEAM_ROLE.admin ? 'permissionDenied' : 'onlyOwnerOrManagerCanUpdateGroupInfo',
          );
        if (body.name !== undefined) {
          const allowed = isChat(type) ? canRenameChat(role) : canEditTeamName(role, type);
          if (!allowed) throw denied();
          patch.name = checkName(body.name);
        }
        if (body.notice !== undefined) {
          if (!canEditNotice(role)) throw denied();
          patch.notice = checkNotice(body.notice);
        }
        if (body.avatar !== undefined) {
          if (!canEditAvatar(role)) throw denied();
          patch.avatar = checkAvatar(body.avatar);
        }
        if (body.auto_convert_state !== undefined) {
          if (!canToggleAutoConvert(role)) throw denied();
          if (!config || !securityDocsConvert(config)) throw new DomainError('permissionDenied');
          patch.auto_convert_state = autoConvertAfter(space.auto_convert_state, body.auto_convert_state > 0);
        }
        return patch;
      };
      // A quick answer for what is refused as first read; then again with the team locked, as a
      // demotion or another change may have committed meanwhile.
      patchFor(access.role, access.space);
      await db.transaction().execute(async (trx) => {
        const space = await lockTeam(trx, groupId);
        const role = await currentRole(trx, groupId, actor.userId);
        if (role === undefined) throw new DomainError('groupNotExist');
        const patch = patchFor(role, space);
        await repo.updateGroup(trx, groupId, patch);
        // Turned on: the documents already in the team are converted in the background, and the
        // team says "converting" (2) until they are (modules/secdoc/convert.ts).
        if (patch.auto_convert_state === AUTO_CONVERT_STATE.converting)
          await jobs.enqueue(
            trx,
            CONVERT_TEAM_JOB,
            { groupId },
            { dedupeKey: `${CONVERT_TEAM_JOB}:${groupId}` },
          );
      });
      await announce(groupId);
      return details(actor, groupId);
    },

    /** DELETE /api/v3/groups/{id}: the owner deletes a chat or general team (spec 000 §6). */
    async remove(actor: Actor, groupId: number): Promise<void> {
      const access = await requireTeam(actor, groupId);
      if (!canDeleteTeam(access.role, access.type)) throw new DomainError('permissionDenied');
      // The team is gone for everyone at once; the recycle.purge job then purges its files for good.
      // Judged again with the team locked: a transfer that committed meanwhile made them a member.
      await db.transaction().execute(async (trx) => {
        const space = await lockTeam(trx, groupId);
        const role = await currentRole(trx, groupId, actor.userId);
        if (role === undefined || !canDeleteTeam(role, space.team_type as TeamType))
          throw new DomainError('permissionDenied');
        await repo.updateGroup(trx, groupId, { status: 'deleted', invite_code: null });
      });
      await announce(groupId);
    },

    /**
     * DELETE /api/v3/groups/{id}/members/{userid}: leaving (userid is the actor), by the exit rule of
     * spec 000 §6; someone else's id removes them by the removal rules.
     */
    async exit(actor: Actor, groupId: number, userId: number): Promise<void> {
      const access = await requireTeam(actor, groupId);
      if (userId !== actor.userId) return removeMembers(actor, access, [userId], 'user', false);
      // Read again with the team locked: a transfer that committed meanwhile may have made them owner.
      await db.transaction().execute(async (trx) => {
        const space = await lockTeam(trx, groupId);
        const self = await repo.findDirectMember(trx, groupId, actor.userId, rowLocks);
        const viaDept = await inDept(trx, groupId, actor.userId);
        // Those a department brings in leave with the department.
        if (!self) throw new DomainError(viaDept ? 'cant_remove_member' : 'groupNotExist');
        if (!canExitTeam(self.team_role as TeamRole, space.team_type as TeamType)) {
          throw new DomainError('permissionDenied');
        }
        // Named as well as brought by a department: taking the name away would leave them in.
        if (viaDept) throw new DomainError('cant_remove_member');
        if ((await repo.deleteMembers(trx, groupId, [actor.userId])) !== 1)
          throw new DomainError('groupNotExist');
      });
      await announce(groupId, [actor.userId]);
    },

    /** GET /v1/groups/{gid}/members (and /api/v3/groups/{id}/members): paged, searchable. */
    async members(actor: Actor, groupId: number, query: MembersQuery): Promise<TeamMemberPage> {
      const { space } = await requireTeam(actor, groupId);
      const all = await memberRows(space, query.keywords ?? '');
      return {
        members: all.slice(query.offset, query.offset + query.limit),
        offset: query.offset,
        limit: query.limit,
        total: all.length,
        more: query.offset + query.limit < all.length,
      };
    },

    /** GET /u/v1/groups/{gid}/members/brief: people (type 1) or department entries (type 2), brief. */
    async brief(actor: Actor, groupId: number, query: { offset: number; limit: number; type?: 1 | 2 }) {
      const { space } = await requireTeam(actor, groupId);
      const all = (await memberRows(space)).filter((m) => !query.type || m.type === query.type);
      return {
        members: all.slice(query.offset, query.offset + query.limit).map((m) => ({
          type: m.type,
          id: m.id,
          name: m.user?.nick_name ?? m.dept?.name ?? '',
          nick_name: m.user?.nick_name ?? m.dept?.name ?? '',
          avatar: m.user?.avatar ?? '',
          team_role: m.team_role,
          via_dept: m.via_dept ? m.via_dept.id : null,
        })),
        offset: query.offset,
        limit: query.limit,
        total: all.length,
        more: query.offset + query.limit < all.length,
      };
    },

    /** GET /v1/groups/{gid}/members/{userId}. */
    async member(actor: Actor, groupId: number, userId: number): Promise<TeamMember> {
      const { space } = await requireTeam(actor, groupId);
      const found = (await memberRows(space)).find((m) => m.type === 1 && m.id === userId);
      if (!found) throw new DomainError('groupMemberNotFound');
      return found;
    },

    /** GET /v1/groups/{gid}/members/self: the actor's own row and pin. */
    async self(actor: Actor, groupId: number) {
      const access = await requireTeam(actor, groupId);
      return { ...(await service.member(actor, groupId, actor.userId)), is_top: access.isTop };
    },

    /** POST /v1/groups/{gid}/members/batch: adds (put) and removes (delete) in one call. */
    async batch(actor: Actor, groupId: number, body: BatchMembersBody): Promise<void> {
      const access = await requireTeam(actor, groupId);
      const kind = body.type === 2 || body.type === 3 ? 'dept' : 'user';
      if (body.put.length > 0) await addMembers(actor, access, body.put, kind);
      // The batch delete is the checkbox removal: departments never go that way (spec 000 §4).
      if (body.delete.length > 0) await removeMembers(actor, access, body.delete, kind, true);
    },

    /** DELETE /v1/groups/{gid}/members/{id}?type=: one row out (a department entry with type 2). */
    async removeOne(actor: Actor, groupId: number, id: number, type: number): Promise<void> {
      const access = await requireTeam(actor, groupId);
      const kind = type === 2 || type === 3 ? 'dept' : 'user';
      await removeMembers(actor, access, [id], kind, false);
    },

    /**
     * PATCH /v1/groups/{gid}/members/{id}: a new role by the rules of spec 000 §4; team_role 1
     * transfers ownership (the previous owner becomes a member, 3).
     */
    async setRole(actor: Actor, groupId: number, userId: number, role: TeamRole): Promise<TeamMember> {
      await requireTeam(actor, groupId);
      // Both roles are read and judged with the team locked, and each update must change exactly
      // one entry: a transfer or departure that committed meanwhile cannot leave two owners or none.
      await db.transaction().execute(async (trx) => {
        const space = await lockTeam(trx, groupId);
        const actorRole = await currentRole(trx, groupId, actor.userId);
        if (actorRole === undefined) throw new DomainError('groupNotExist');
        const target = await targetOf(trx, space, userId, 'user');
        const error = roleChangeError(actorRole, target, role, space.team_type as TeamType);
        if (error) throw new DomainError(error);
        if (target.viaDept) await repo.insertMembers(trx, groupId, [userId], role, now());
        else if ((await repo.setRole(trx, groupId, userId, role)) !== 1) {
          throw new DomainError('groupMemberNotFound');
        }
        if (
          role === TEAM_ROLE.owner &&
          (await repo.setRole(trx, groupId, actor.userId, TEAM_ROLE.member)) !== 1
        ) {
          throw new DomainError('noPermissions');
        }
      });
      await announce(groupId);
      return service.member(actor, groupId, userId);
    },

    /** PUT /api/v3/mine/team/{id}/top (ours): pins or unpins a team for the actor. */
    async pin(actor: Actor, groupId: number, pinned: boolean) {
      const access = await requireTeam(actor, groupId);
      await repo.setPin(db, groupId, actor.userId, !access.viaDept, pinned);
      return { id: groupId, is_top_group: pinned };
    },

    /** GET /api/v3/groups/{id}/invite_info: the team's invite link, made on first ask. */
    async inviteInfo(actor: Actor, groupId: number, reset = false): Promise<InviteInfo> {
      const access = await requireTeam(actor, groupId);
      const config = await settingsOf(access.space);
      if (
        !canShareInviteLink(access.role, access.type, {
          allowGroupDeptMember: config.ALLOW_GROUP_DEPT_MEMBER,
        })
      ) {
        throw new DomainError('permissionDenied');
      }
      let code = access.space.invite_code;
      if (!code || reset) {
        const stored = await repo.ensureInviteCode(
          db,
          groupId,
          randomString(INVITE_CODE_LENGTH, BASE62),
          reset,
        );
        if (!stored) throw new DomainError('groupNotExist');
        code = stored;
      }
      return inviteInfo(access.space, code, actor);
    },

    /** GET /api/v3/team/link/{code} (ours): what the join page shows; teamLinkNotExist once reset. */
    async linkInfo(actor: Actor, code: string): Promise<InviteInfo> {
      const space = await repo.findByInviteCode(db, code);
      if (!space) throw new DomainError('teamLinkNotExist');
      const access = await spaces.access(actor, space.id);
      return { ...(await inviteInfo(space, code)), is_member: access !== undefined };
    },

    /** POST /api/v3/team/link/{code}/join (ours): the actor joins as a member (3). */
    async join(actor: Actor, code: string): Promise<TeamRecord> {
      const space = await repo.findByInviteCode(db, code);
      if (!space) throw new DomainError('teamLinkNotExist');
      if (await spaces.access(actor, space.id)) throw new DomainError('GroupMemberExists');
      if (space.team_type === TEAM_TYPE.company && space.company_id !== actor.companyId) {
        throw new DomainError('notCompanyMember');
      }
      const { max_group_members } = await settingsOf(space);
      await db.transaction().execute(async (trx) => {
        // The team locked and read again: joins take turns, each counting the one before.
        const locked = await repo.lockGroup(trx, space.id, rowLocks);
        if (locked?.invite_code !== code) throw new DomainError('teamLinkNotExist');
        if (
          (await repo.findDirectMember(trx, space.id, actor.userId)) ||
          (await inDept(trx, space.id, actor.userId))
        ) {
          throw new DomainError('GroupMemberExists');
        }
        await repo.insertMembers(trx, space.id, [actor.userId], TEAM_ROLE.member, now());
        await checkMemberLimit(trx, locked, max_group_members);
      });
      await announce(space.id);
      return details(actor, space.id);
    },

    /** GET /api/v3/yun/contacts/{id}/im_push. */
    async imPush(actor: Actor, groupId: number) {
      const { space } = await requireTeam(actor, groupId);
      return { id: groupId, im_push: space.im_push === 1 };
    },

    /** PUT /api/v3/yun/contacts/{id}/im_push: owner and admin; others get 403 with the msg (spec 000 §8). */
    async setImPush(actor: Actor, groupId: number, on: boolean) {
      const access = await requireTeam(actor, groupId);
      if (!canTogglePush(access.role)) throw new DomainError('onlyOwnerOrManagerCanUpdateGroupInfo');
      await repo.updateGroup(db, groupId, { im_push: on ? 1 : 0 });
      return { id: groupId, im_push: on };
    },

    /** GET /convertor/v1/switch_state: the per-group secure state of the teams the actor sees. */
    async switchStates(actor: Actor, groupIds: number[]) {
      const states = [];
      for (const id of new Set(groupIds)) {
        const access = await spaces.access(actor, id);
        if (access?.space.type === 'team') {
          states.push({ group_id: id, groupid: id, state: secureStateOf(access.space.auto_convert_state) });
        }
      }
      return { states };
    },

    /** PUT /convertor/v1/switch_state: state 2 turns auto-convert on, anything else off. */
    async setSwitchState(actor: Actor, groupId: number, state: number) {
      const record = await service.update(actor, groupId, { auto_convert_state: state === 2 ? 1 : 0 });
      return { group_id: groupId, groupid: groupId, state: secureStateOf(record.auto_convert_state) };
    },

    /** The actor's teams and chats as the contacts calls list them. */
    async myGroups(
      actor: Actor,
      query: { offset: number; limit: number; types?: TeamType[]; owned?: boolean },
    ) {
      let accesses = await spaces.myTeams(actor);
      if (query.types?.length)
        accesses = accesses.filter((a) => query.types?.includes(a.space.team_type as TeamType));
      // /contacts/group: teams the actor owns or created.
      if (query.owned) {
        accesses = accesses.filter((a) => a.role === TEAM_ROLE.owner || a.space.owner_id === actor.userId);
      }
      const page = accesses.slice(query.offset, query.offset + query.limit);
      return {
        groups: await contactGroups(actor, page),
        offset: query.offset,
        limit: query.limit,
        more: query.offset + query.limit < accesses.length,
      };
    },

    /** The newest members of each team (up to the chat dialog's strip), for search items. */
    async newestMembers(groupIds: number[]) {
      const ids = new Map<number, number[]>();
      for (const id of groupIds)
        ids.set(
          id,
          (await repo.findRecentMembers(db, id, RECENT_MEMBERS)).map((r) => r.user_id),
        );
      const persons = await contacts.persons([...ids.values()].flat());
      return new Map(
        [...ids].map(([id, userIds]) => [
          id,
          userIds.flatMap((u) => {
            const p = persons.get(u);
            return p ? [{ id: p.id, nick_name: p.nick_name, avatar: p.avatar }] : [];
          }),
        ]),
      );
    },

    /** POST /v1/companies/self/groups/batch (body get): the groups of those ids the actor belongs to. */
    async groupsBatch(actor: Actor, ids: number[]) {
      const accesses: SpaceAccess[] = [];
      for (const id of new Set(ids)) {
        const access = await spaces.access(actor, id);
        if (access?.space.type === 'team') accesses.push(access);
      }
      return { groups: await contactGroups(actor, accesses) };
    },

    /** GET /v1/groups/{id}/meta (ours for the spec's pathless "group meta"). */
    async meta(actor: Actor, groupId: number) {
      const record = await details(actor, groupId);
      const config = await settingsOf((await requireTeam(actor, groupId)).space);
      return {
        id: record.id,
        name: record.name,
        avatar: record.avatar,
        type: record.type,
        created_at: record.created_at,
        member_count: record.member_count,
        dept_count: record.dept_count,
        max_members: config.max_group_members,
        owner_user: record.owner_user,
        auto_convert_state: record.auto_convert_state,
        im_push: record.im_push,
        history_limit: record.history_limit,
      };
    },

    /** GET /v1/companies/self/depts?group_id=: a team's department entries (and below, recursive). */
    async deptEntries(actor: Actor, groupId: number, recursive: boolean) {
      const { space } = await requireTeam(actor, groupId);
      const ids = (await repo.findDeptEntries(db, space.id)).map((e) => e.dept_id);
      return recursive ? contacts.deptSubtrees(space.company_id, ids) : contacts.depts(space.company_id, ids);
    },

    /**
     * A console change to departments or to who is in them (modules/admin: a person's departments,
     * new people, an import, a department moved, disabled or enabled), or to whether a person's
     * account counts at all (disabled or enabled), in one transaction. Department entries bring
     * people into teams, and only active accounts count, so such a change moves people into and out
     * of teams without a team call: `change` calls `moving(userIds)` before it changes the
     * departments or the accounts of those people (or a department they are in), and once it has
     * committed, whoever came into or left a team hears that it changed, and so do the team's
     * people (their member lists).
     */
    async followDepartments<T>(change: (trx: Trx, moving: Moving) => Promise<T>): Promise<T> {
      const { result, before, after } = await db.transaction().execute(async (trx) => {
        const before = new Map<number, Set<number>>();
        const moving: Moving = async (userIds) => {
          const fresh = [...new Set(userIds)].filter((id) => !before.has(id));
          for (const id of fresh) before.set(id, new Set());
          for (const p of await spaces.teamsOf(fresh, trx)) before.get(p.user_id)?.add(p.group_id);
        };
        const result = await change(trx, moving);
        const after = await spaces.teamsOf([...before.keys()], trx);
        return { result, before, after };
      });
      // Who came into or left which team: the pairs in one of before and after, not in both.
      const moved = new Map<number, Set<number>>();
      const flip = (groupId: number, userId: number) => {
        const people = moved.get(groupId) ?? new Set<number>();
        if (!people.delete(userId)) people.add(userId);
        moved.set(groupId, people);
      };
      for (const [userId, groups] of before) for (const groupId of groups) flip(groupId, userId);
      for (const p of after) flip(p.group_id, p.user_id);
      for (const [groupId, people] of moved) if (people.size > 0) await announce(groupId, [...people]);
      return result;
    },

    /** The people of a team (ids), for the name search of its members. */
    async peopleIds(actor: Actor, groupId: number): Promise<number[]> {
      await requireTeam(actor, groupId);
      const { direct, viaDept } = await people(groupId);
      return [...direct.map((d) => d.user_id), ...viaDept.keys()];
    },
  };
  return service;
}

/** Turning auto-convert on keeps 2 (converting) if it was; off is always 0. */
function autoConvertAfter(current: number, on: boolean): number {
  if (!on) return AUTO_CONVERT_STATE.off;
  return current > AUTO_CONVERT_STATE.off ? current : AUTO_CONVERT_STATE.converting;
}

/**
 * spec 001 §3/§4 per-group secure state (0 closed, 2 open) from spec 000 §3 auto_convert_state
 * (0 off, 1 on, 2 on and converting): any state above 0 is open.
 */
export function secureStateOf(autoConvertState: number): 0 | 2 {
  return autoConvertState > AUTO_CONVERT_STATE.off ? 2 : 0;
}

export type TeamService = ReturnType<typeof createTeamService>;
