import { type DeptBrief, PAGE_SIZE_MEMBERS, type PersonBrief, type SearchMember } from '@cirrus/shared';
import type { Db } from '../../db/index.ts';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import type { SpaceService } from '../spaces/service.ts';
import type { UserService } from '../users/service.ts';
import { presentDept, presentPerson, presentSearchMember } from './presenter.ts';
import * as repo from './repo.ts';

/** Contact item types of the recent list (spec 000 §3): 1 multi-chat, 3 team, 4 user. */
export const RECENT_TYPES = { chat: 1, team: 3, user: 4 } as const;

/** How many recent contacts the picker's recent tab shows (not shown in the spec; ours). */
export const RECENT_LIMIT = 50;

interface Deps {
  db: Db;
  users: UserService;
  spaces: SpaceService;
  now: () => number;
}

/**
 * The company directory (spec 000 §7 "Contacts service": company, departments, users brief and
 * batch) and the picker's recent contacts. Only members of a company see its directory.
 */
export function createContactService({ db, users, spaces, now }: Deps) {
  function requireCompany(actor: Actor): number {
    if (!actor.companyId) throw new DomainError('notCompanyMember');
    return actor.companyId;
  }

  async function deptBriefs(rows: repo.DeptRow[]): Promise<DeptBrief[]> {
    const counts = await repo.deptMemberCounts(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => presentDept(r, counts.get(r.id) ?? 0));
  }

  /** A department of the actor's company, or notFound (another company's is as good as missing). */
  async function companyDept(actor: Actor, deptId: number): Promise<repo.DeptRow> {
    const companyId = requireCompany(actor);
    const [dept] = await repo.findDepts(db, [deptId]);
    if (!dept || dept.company_id !== companyId) throw new DomainError('notFound');
    return dept;
  }

  async function searchMembers(rows: repo.PersonRow[]): Promise<SearchMember[]> {
    const depts = await repo.deptsOfUsers(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => presentSearchMember(r, depts));
  }

  const service = {
    requireCompany,

    /** GET /v1/companies/self. */
    async company(actor: Actor) {
      const companyId = requireCompany(actor);
      const company = await repo.findCompany(db, companyId);
      if (!company) throw new DomainError('notCompanyMember');
      const roots = (await repo.listDepts(db, companyId)).filter((d) => d.parent_id === null);
      return {
        id: company.id,
        companyid: company.id,
        name: company.name,
        adminid: company.admin_id ?? 0,
        member_count: await repo.countCompanyMembers(db, companyId),
        root_dept_ids: roots.map((d) => d.id),
      };
    },

    /** GET /v1/companies/self/depts: the whole tree as a flat list (parentid links it). */
    async deptTree(actor: Actor): Promise<DeptBrief[]> {
      return deptBriefs(await repo.listDepts(db, requireCompany(actor)));
    },

    /** GET /v1/depts/{id}/depts: the sub-departments of one department. */
    async subDepts(actor: Actor, deptId: number): Promise<DeptBrief[]> {
      const dept = await companyDept(actor, deptId);
      const all = await repo.listDepts(db, dept.company_id);
      return deptBriefs(all.filter((d) => d.parent_id === dept.id));
    },

    /**
     * GET /u/v1/companies/self/depts/{id|root}/list: a department's sub-departments (on the first
     * page) and the people placed in it, paged (spec 000 §7: limit 50, offset 0). `root` lists the
     * top departments and nobody.
     */
    async deptList(actor: Actor, id: number | 'root', offset: number, limit: number) {
      const companyId = requireCompany(actor);
      const all = await repo.listDepts(db, companyId);
      if (id === 'root') {
        return {
          dept: null,
          depts: offset === 0 ? await deptBriefs(all.filter((d) => d.parent_id === null)) : [],
          members: [] as SearchMember[],
          offset,
          limit,
          total: 0,
          more: false,
        };
      }
      const dept = await companyDept(actor, id);
      const [brief] = await deptBriefs([dept]);
      const rows = await repo.listDeptMembers(db, dept.id, offset, limit + 1);
      return {
        dept: brief,
        depts: offset === 0 ? await deptBriefs(all.filter((d) => d.parent_id === dept.id)) : [],
        members: await searchMembers(rows.slice(0, limit)),
        offset,
        limit,
        total: await repo.countDeptMembers(db, dept.id),
        more: rows.length > limit,
      };
    },

    /** People per department (repo.deptMemberCounts: the one rule the console follows too). */
    deptMemberCounts: (deptIds: number[]) => repo.deptMemberCounts(db, deptIds),

    /** Departments of the company by id, with their member counts (unknown ids left out). */
    async depts(companyId: number, ids: number[]): Promise<DeptBrief[]> {
      const rows = (await repo.findDepts(db, ids)).filter((d) => d.company_id === companyId);
      return deptBriefs(rows);
    },

    /** The departments of the company below the given ones (themselves included). */
    async deptSubtrees(companyId: number, ids: number[]): Promise<DeptBrief[]> {
      const roots = (await repo.findDepts(db, ids)).filter((d) => d.company_id === companyId);
      return deptBriefs(
        await repo.findSubtrees(
          db,
          companyId,
          roots.map((d) => d.path),
        ),
      );
    },

    /** People by id, as lists show them; unknown ids are left out. */
    async persons(ids: number[]): Promise<Map<number, PersonBrief>> {
      const rows = await repo.findPersons(db, [...new Set(ids)]);
      return new Map(rows.map((r) => [r.id, presentPerson(r)]));
    },

    /** Raw rows for matching by pinyin initials as well (teams' member search). */
    personRows: (ids: number[]) => repo.findPersons(db, [...new Set(ids)]),

    searchMembers,

    /** Which of the users belong to the company. */
    companyMemberIds: (companyId: number, ids: number[]) => repo.companyMemberIds(db, companyId, ids),

    /** POST /v1/companies/self/users/batch (body get): the people the actor may see. */
    async usersBatch(actor: Actor, ids: number[]): Promise<SearchMember[]> {
      const visible: number[] = [];
      for (const id of new Set(ids)) if (await users.canSee(actor, id)) visible.push(id);
      return searchMembers(await repo.findPersons(db, visible));
    },

    /** Remembers whom the actor picked or worked with, newest first in the recent tab. */
    async touchRecent(userId: number, items: { type: number; entityId: number }[]): Promise<void> {
      await repo.touchRecent(db, userId, items, now());
    },

    /**
     * GET /u/v1/users/self/recent_contacts: the picker's recent tab. People the actor may still see
     * and teams they still belong to; the rest is left out.
     */
    async recent(actor: Actor, limit = RECENT_LIMIT) {
      const rows = await repo.listRecent(db, actor.userId, Math.min(limit, RECENT_LIMIT) * 2);
      const people = await service.persons(
        rows.filter((r) => r.type === RECENT_TYPES.user).map((r) => r.entity_id),
      );
      const contacts = [];
      for (const row of rows) {
        if (contacts.length >= limit) break;
        if (row.type === RECENT_TYPES.user) {
          const person = people.get(row.entity_id);
          if (person && (await users.canSee(actor, person.id)))
            contacts.push({ type: 4 as const, entity_id: row.entity_id, used_at: row.used_at, user: person });
        } else {
          const access = await spaces.access(actor, row.entity_id);
          if (access?.space.type === 'team') {
            contacts.push({
              type: (access.space.team_type === 1 ? 1 : 3) as 1 | 3,
              entity_id: row.entity_id,
              used_at: row.used_at,
              group: {
                id: access.space.id,
                name: access.space.name,
                avatar: access.space.avatar,
                groupType: access.space.team_type,
              },
            });
          }
        }
      }
      return { contacts };
    },

    /** GET /api/v3/mine/corp/{id}/member: the actor's own membership of the company. */
    async myMember(actor: Actor, companyId: number) {
      if (companyId !== actor.companyId) throw new DomainError('notCompanyMember');
      const member = await repo.findCompanyMember(db, actor.userId);
      if (!member) throw new DomainError('notCompanyMember');
      return {
        user_id: actor.userId,
        company_id: member.company_id,
        employee_id: member.employee_id,
        title: member.title,
        main_dept_id: member.main_dept_id,
        nick_name: actor.user.nick_name,
        email: actor.user.email ?? '',
      };
    },

    /** GET /api/v3/mine/corp/{id}/dept: the actor's departments in the company. */
    async myDepts(actor: Actor, companyId: number): Promise<DeptBrief[]> {
      if (companyId !== actor.companyId) throw new DomainError('notCompanyMember');
      const ids = (await repo.deptsOfUsers(db, [actor.userId])).map((d) => d.id);
      return service.depts(companyId, ids);
    },

    pageSize: PAGE_SIZE_MEMBERS,
  };
  return service;
}

export type ContactService = ReturnType<typeof createContactService>;
