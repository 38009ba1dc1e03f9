import {
  FULL_MASK,
  type GroupRecord,
  isTeamRole,
  TEAM_ROLE,
  TEAM_TYPE,
  type TeamRole,
  type TeamType,
  userRoleFromTeamRole,
} from '@cirrus/shared';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Db, DbOrTrx } from '../../db/index.ts';
import type { GroupRow } from '../../db/schema.ts';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import type { EventLog } from '../events/service.ts';
import { CONFIGURABLE_ROLES, canManageSpace, roleMask } from './policy.ts';
import { presentGroup } from './presenter.ts';
import type { QuotaService } from './quota-service.ts';
import * as repo from './repo.ts';

/** What the actor is in a space they may see. */
export interface SpaceAccess {
  space: GroupRow;
  /** Scheme B; the owner of a personal space counts as its owner (1). */
  role: TeamRole;
  /** What the role may do before per-file entries (policy.ts). */
  roleMask: number;
  isTop: boolean;
  /** The actor belongs only through a department entry of the team (role member, fixed). */
  viaDept?: boolean;
}

export type PersonalType = 'special' | 'tmp';

/** Names of the personal spaces; the web app shows its own translated labels by type. */
const PERSONAL_NAMES: Record<PersonalType, string> = { special: 'My drive', tmp: 'My uploads' };

export interface NewTeamSpace {
  ownerId: number;
  name: string;
  teamType: TeamType;
  companyId?: number;
  /** The department whose group space a company team draws from. */
  deptId?: number | null;
  avatar?: string;
  notice?: string;
  members?: { userId: number; role: TeamRole }[];
  /** Department entries (spec 000 §3 member type 2): they bring their departments' members. */
  deptIds?: number[];
  /** spec 000 §3 auto_convert_state, 0 off or 1 on. */
  autoConvertState?: number;
}

export interface RoleMaskEntry {
  team_role: TeamRole;
  role: string;
  user_acl: number;
  /** Owner and admin always have everything. */
  editable: boolean;
}

interface Deps {
  db: Db;
  quota: QuotaService;
  events: EventLog;
  now: () => number;
}

/** Spaces: my drive, uploaded files and team spaces; who sees them and with which role. */
export function createSpaceService({ db, quota, events, now }: Deps) {
  async function personal(userId: number, type: PersonalType): Promise<GroupRow> {
    const found = await repo.findPersonalGroup(db, userId, type);
    if (found) return found;
    const membership = await repo.findCompanyMembership(db, userId);
    try {
      // Created on first use (issue 3); the unique index settles two first uses at once.
      await repo.insertGroup(db, {
        type,
        team_type: 0,
        owner_id: userId,
        company_id: membership?.company_id ?? 0,
        dept_id: null,
        name: PERSONAL_NAMES[type],
        created_at: now(),
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
    const row = await repo.findPersonalGroup(db, userId, type);
    if (!row) throw new Error(`personal space ${type} of user ${userId} was not created`);
    return row;
  }

  async function access(actor: Actor, groupId: number): Promise<SpaceAccess | undefined> {
    const space = await repo.findGroup(db, groupId);
    if (!space) return undefined;
    if (space.type !== 'team') {
      return space.owner_id === actor.userId
        ? { space, role: TEAM_ROLE.owner, roleMask: FULL_MASK, isTop: false }
        : undefined;
    }
    const member = await repo.findMembership(db, groupId, actor.userId);
    if (member && isTeamRole(member.team_role)) {
      const role = member.team_role;
      const overrides = canManageSpace(role)
        ? new Map<number, number>()
        : await repo.findRoleMasks(db, groupId);
      return { space, role, roleMask: roleMask(role, overrides), isTop: member.is_top === 1 };
    }
    // Someone a department entry brings in is a member (spec 000 §4: never another role).
    const viaDept = await repo.findDeptMembership(db, groupId, actor.userId);
    if (!viaDept) return undefined;
    const overrides = await repo.findRoleMasks(db, groupId);
    return {
      space,
      role: TEAM_ROLE.member,
      roleMask: roleMask(TEAM_ROLE.member, overrides),
      isTop: viaDept.isTop,
      viaDept: true,
    };
  }

  /** The space, or groupNotExist when the actor may not see it (same answer as a missing one). */
  async function requireAccess(actor: Actor, groupId: number): Promise<SpaceAccess> {
    const found = await access(actor, groupId);
    if (!found) throw new DomainError('groupNotExist');
    return found;
  }

  async function records(accesses: SpaceAccess[]): Promise<GroupRecord[]> {
    const counts = await repo.countMembers(
      db,
      accesses.filter((a) => a.space.type === 'team').map((a) => a.space.id),
    );
    return Promise.all(
      accesses.map(async (a) =>
        presentGroup({
          group: a.space,
          role: a.role,
          isTop: a.isTop,
          memberCount: a.space.type === 'team' ? (counts.get(a.space.id) ?? 0) : 1,
          space: await quota.spaceOf(a.space),
        }),
      ),
    );
  }

  const ownAccess = (space: GroupRow): SpaceAccess => ({
    space,
    role: TEAM_ROLE.owner,
    roleMask: FULL_MASK,
    isTop: false,
  });

  /**
   * The actor's teams, pinned first, then newest: their own entries and the teams department
   * entries bring them into. Merged here rather than in SQL; a person's teams are few.
   */
  async function teamAccesses(actor: Actor, opts: { includeChats: boolean; offset: number; limit: number }) {
    const [own, viaDept] = await Promise.all([
      repo.listMemberTeams(db, actor.userId, opts),
      repo.listDeptTeams(db, actor.userId, opts),
    ]);
    const rows = [
      ...own.map(({ team_role, is_top, ...space }) => ({ space, role: team_role, isTop: is_top === 1 })),
      ...viaDept.map(({ pinned, ...space }) => ({
        space,
        role: TEAM_ROLE.member as number,
        isTop: Number(pinned) > 0,
        viaDept: true,
      })),
    ].sort((a, b) => Number(b.isTop) - Number(a.isTop) || b.space.id - a.space.id);
    const result: SpaceAccess[] = [];
    for (const row of rows.slice(opts.offset, opts.offset + opts.limit)) {
      if (!isTeamRole(row.role)) continue;
      const overrides = canManageSpace(row.role) ? new Map() : await repo.findRoleMasks(db, row.space.id);
      result.push({ ...row, role: row.role, roleMask: roleMask(row.role, overrides) });
    }
    return result;
  }

  async function insertTeamSpace(trx: DbOrTrx, input: NewTeamSpace): Promise<GroupRow> {
    const t = now();
    const groupId = await repo.insertGroup(trx, {
      type: 'team',
      team_type: input.teamType,
      owner_id: input.ownerId,
      company_id: input.companyId ?? 0,
      dept_id: input.teamType === TEAM_TYPE.company ? (input.deptId ?? null) : null,
      name: input.name,
      avatar: input.avatar ?? '',
      notice: input.notice ?? '',
      auto_convert_state: input.autoConvertState ?? 0,
      created_at: t,
    });
    await repo.insertMember(trx, groupId, input.ownerId, TEAM_ROLE.owner, t);
    for (const m of input.members ?? []) {
      if (m.userId !== input.ownerId) await repo.insertMember(trx, groupId, m.userId, m.role, t);
    }
    for (const deptId of new Set(input.deptIds ?? [])) await repo.insertDeptEntry(trx, groupId, deptId, t);
    const row = await repo.findGroup(trx, groupId);
    if (!row) throw new Error(`team space ${groupId} vanished`);
    return row;
  }

  /** GET /api/v3/groups/{id}/files/0/permission: what each role may do in the space. */
  async function roleMasks(actor: Actor, groupId: number): Promise<RoleMaskEntry[]> {
    const { space } = await requireAccess(actor, groupId);
    const overrides = await repo.findRoleMasks(db, space.id);
    return ([TEAM_ROLE.owner, TEAM_ROLE.admin, ...CONFIGURABLE_ROLES] as TeamRole[]).map((role) => ({
      team_role: role,
      role: userRoleFromTeamRole(role),
      user_acl: roleMask(role, overrides),
      editable: (CONFIGURABLE_ROLES as readonly number[]).includes(role),
    }));
  }

  return {
    access,
    requireAccess,
    personal,

    /** GET /api/v3/groups/special and /tmp. */
    async personalRecord(actor: Actor, type: PersonalType): Promise<GroupRecord> {
      const [record] = await records([ownAccess(await personal(actor.userId, type))]);
      return record;
    },

    /** GET /api/v3/groups/{id}. */
    async record(actor: Actor, groupId: number): Promise<GroupRecord> {
      const [record] = await records([await requireAccess(actor, groupId)]);
      return record;
    },

    /** GET /api/v3/groups: my drive, uploaded files, then the actor's teams (chats when multi_included). */
    async list(actor: Actor, opts: { ignore: string[]; includeChats: boolean }): Promise<GroupRecord[]> {
      const accesses: SpaceAccess[] = [];
      for (const type of ['special', 'tmp'] as const) {
        if (!opts.ignore.includes(type)) accesses.push(ownAccess(await personal(actor.userId, type)));
      }
      accesses.push(
        ...(await teamAccesses(actor, { includeChats: opts.includeChats, offset: 0, limit: 10_000 })),
      );
      return records(accesses);
    },

    /** GET /api/cooper/users/self/volumes: the actor's team spaces, pinned first, paged. */
    async volumes(actor: Actor, offset: number, limit: number) {
      const page = await teamAccesses(actor, { includeChats: true, offset, limit: limit + 1 });
      return { groups: await records(page.slice(0, limit)), offset, limit, more: page.length > limit };
    },

    /** POST /api/cooper/contacts/groups/batch: the spaces of the given contacts ids the actor may see. */
    async batch(actor: Actor, ids: number[], opts: { private: boolean; tmp: boolean }) {
      const accesses: SpaceAccess[] = [];
      for (const id of [...new Set(ids)]) {
        const found = await access(actor, id);
        if (found) accesses.push(found);
      }
      const result: { groups: GroupRecord[]; private?: GroupRecord; tmp?: GroupRecord } = {
        groups: await records(accesses),
      };
      if (opts.private)
        [result.private] = await records([ownAccess(await personal(actor.userId, 'special'))]);
      if (opts.tmp) [result.tmp] = await records([ownAccess(await personal(actor.userId, 'tmp'))]);
      return result;
    },

    /**
     * Creates a team space with its members. The teams issue builds the team calls on top; the
     * drive needs only this (and its tests create team spaces through it).
     */
    /** A team's space with its owner, members and department entries, in the caller's transaction. */
    insertTeamSpace,

    /** The same, in a transaction of its own (the seed, tests). */
    createTeamSpace: (input: NewTeamSpace): Promise<GroupRow> =>
      db.transaction().execute((trx) => insertTeamSpace(trx, input)),

    roleMasks,

    /** The people department entries bring into a team, with the entry each comes through. */
    coveredUsers: (groupId: number) => repo.findCoveredUsers(db, groupId),

    /** The teams these people count in (active user entries, department entries): (team, person) pairs, read in `dbx`. */
    teamsOf: (userIds: readonly number[], dbx: DbOrTrx = db) => repo.findTeamsOf(dbx, userIds),

    /** People per team (user entries and departments' members, each person once). */
    memberCounts: (groupIds: number[], dbx: DbOrTrx = db) => repo.countMembers(dbx, groupIds),

    /** The actor's teams (chats included), pinned first, then newest. */
    myTeams: (actor: Actor) => teamAccesses(actor, { includeChats: true, offset: 0, limit: 100_000 }),

    /** Ids of every space the actor may open: my drive, uploaded files, teams and chats (file search looks in these). */
    async spaceIds(actor: Actor): Promise<number[]> {
      const [drive, uploads, own, viaDept] = await Promise.all([
        personal(actor.userId, 'special'),
        personal(actor.userId, 'tmp'),
        repo.listMemberTeams(db, actor.userId, { includeChats: true }),
        repo.listDeptTeams(db, actor.userId, { includeChats: true }),
      ]);
      return [drive.id, uploads.id, ...own.map((g) => g.id), ...viaDept.map((g) => g.id)];
    },

    /** Everyone in the team: its member entries with a team role, and whom its department entries bring in. */
    async memberIds(groupId: number): Promise<number[]> {
      const [own, viaDept] = await Promise.all([
        repo.findMemberEntries(db, groupId),
        repo.findCoveredUsers(db, groupId),
      ]);
      const members = own.filter((e) => isTeamRole(e.team_role)).map((e) => e.user_id);
      return [...new Set([...members, ...viaDept.map((r) => r.user_id)])];
    },

    /** PUT /api/v3/groups/{id}/files/0/permission: owner and admin set the member and read_member masks. */
    async setRoleMasks(actor: Actor, groupId: number, entries: { team_role: number; user_acl: number }[]) {
      const { space, role } = await requireAccess(actor, groupId);
      if (space.type !== 'team' || !canManageSpace(role)) throw new DomainError('permissionDenied');
      if (entries.some((e) => !(CONFIGURABLE_ROLES as readonly number[]).includes(e.team_role))) {
        throw new DomainError('badRequest');
      }
      await db.transaction().execute(async (trx) => {
        for (const e of entries) await repo.upsertRoleMask(trx, space.id, e.team_role, e.user_acl);
        await events.record(trx, {
          type: 'permission',
          actorId: actor.userId,
          groupId: space.id,
          fileId: 0,
          name: space.name,
          isFolder: true,
          parentId: 0,
          detail: { roles: entries },
        });
      });
      return roleMasks(actor, groupId);
    },

    /** The actor's departments and all their ancestors, for department permission entries. */
    async deptIdsOf(userId: number): Promise<Set<number>> {
      const ids = new Set<number>();
      for (const path of await repo.findDeptPaths(db, userId)) {
        for (const part of path.split('/')) if (part) ids.add(Number(part));
      }
      return ids;
    },

    /** GET /api/v3/spaces: the actor's personal space and the pools it draws from. */
    async overview(actor: Actor) {
      const drive = await personal(actor.userId, 'special');
      const own = await quota.spaceOf(drive);
      const membership = await repo.findCompanyMembership(db, actor.userId);
      return {
        total: own.total,
        used: own.used,
        personal: own,
        dept: membership?.main_dept_id
          ? { id: membership.main_dept_id, ...(await quota.usageOf('dept', membership.main_dept_id)) }
          : null,
        company: membership
          ? { id: membership.company_id, ...(await quota.usageOf('company', membership.company_id)) }
          : null,
      };
    },

    /** GET /api/cooper/space/groups/{id}: the space of a team (or a personal space) the actor sees. */
    async groupSpace(actor: Actor, groupId: number) {
      const { space } = await requireAccess(actor, groupId);
      return { groupid: space.id, ...(await quota.spaceOf(space)) };
    },

    /** GET /space/v1/depts/{id}/info: a department's group space, for members of its company. */
    async deptInfo(actor: Actor, deptId: number) {
      const dept = await repo.findDepartment(db, deptId);
      if (!dept || dept.company_id !== actor.companyId) throw new DomainError('notFound');
      return {
        id: dept.id,
        name: dept.name,
        display_path_name: dept.display_path_name,
        ...(await quota.deptSpace(dept.id)),
      };
    },
  };
}

export type SpaceService = ReturnType<typeof createSpaceService>;
