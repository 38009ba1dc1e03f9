import {
  type ContactGroup,
  cutSearchInput,
  type DeptBrief,
  type SearchMember,
  type SearchTeamItem,
  TEAM_TYPE,
} from '@cirrus/shared';
import type { Db } from '../../db/index.ts';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import { pinyinOf } from '../../lib/pinyin.ts';
import type { ContactService } from '../contacts/service.ts';
import type { TeamService } from '../teams/service.ts';
import * as repo from './repo.ts';

interface Page {
  offset: number;
  limit: number;
}

/** The search input as spec 000 §5 takes it: cut to 30 characters, trimmed. */
export function searchInput(keywords: string | undefined): string {
  return cutSearchInput(keywords ?? '').trim();
}

/** Names that are not people (departments, teams) match by name, full pinyin or initials. */
function matchesName(name: string, q: string): boolean {
  if (q === '') return true;
  const lower = q.toLowerCase();
  if (name.toLowerCase().includes(lower)) return true;
  const py = pinyinOf(name);
  const bare = lower.replace(/\s+/g, '');
  return py.full.includes(bare) || py.initials.includes(bare);
}

function paged<T>(items: T[], { offset, limit }: Page) {
  return {
    items: items.slice(offset, offset + limit),
    more: offset + limit < items.length,
    total: items.length,
  };
}

/**
 * The name-search calls of spec 000 §7 (search service, under /namesearch): departments, people of
 * departments, my groups, company users, a group's members. People match by name, pinyin (full
 * and initials), phone and email local part, case-insensitively (SQL over the stored pinyin);
 * departments and teams by name and pinyin. Input is cut to 30 characters; pages of 50.
 */
export function createNameSearchService({
  db,
  contacts,
  teams,
}: {
  db: Db;
  contacts: ContactService;
  teams: TeamService;
}) {
  async function people(rows: Awaited<ReturnType<typeof repo.findPeople>>, page: Page) {
    const members = await contacts.searchMembers(rows.slice(0, page.limit));
    return {
      members,
      users: members,
      offset: page.offset,
      limit: page.limit,
      more: rows.length > page.limit,
    };
  }

  async function matchingDepts(actor: Actor, q: string, groupId?: number): Promise<DeptBrief[]> {
    const all = groupId ? await teams.deptEntries(actor, groupId, true) : await contacts.deptTree(actor);
    return all.filter((d) => matchesName(d.name, q));
  }

  return {
    /** GET /namesearch/api/departments/find (keywords, groupid, limit, offset). */
    async departments(actor: Actor, keywords: string | undefined, groupId: number | undefined, page: Page) {
      contacts.requireCompany(actor);
      const found = paged(await matchingDepts(actor, searchInput(keywords), groupId), page);
      return {
        depts: found.items,
        total: found.total,
        offset: page.offset,
        limit: page.limit,
        more: found.more,
      };
    },

    /** POST /namesearch/api/departments/members/find: people of departments (and below) by name. */
    async departmentMembers(actor: Actor, body: { dept_ids: number[]; keywords?: string } & Page) {
      const companyId = contacts.requireCompany(actor);
      const q = searchInput(body.keywords);
      const deptIds = body.dept_ids.length
        ? (await contacts.deptSubtrees(companyId, body.dept_ids)).map((d) => d.id)
        : undefined;
      const rows = await repo.findPeople(db, q, { companyId, deptIds }, body.offset, body.limit + 1);
      return people(rows, body);
    },

    /** GET /namesearch/api/mygroups/find (limit, offset, keywords, allow_chat, count). */
    async myGroups(actor: Actor, keywords: string | undefined, allowChat: boolean, page: Page) {
      const q = searchInput(keywords);
      const all = await teams.myGroups(actor, { offset: 0, limit: 100_000 });
      const found = paged(
        all.groups.filter(
          (g: ContactGroup) => (allowChat || g.groupType !== TEAM_TYPE.chat) && matchesName(g.name, q),
        ),
        page,
      );
      const members = await teams.newestMembers(found.items.map((g) => g.id));
      return {
        groups: found.items.map((g): SearchTeamItem => ({ ...g, members: members.get(g.id) ?? [] })),
        total: found.total,
        offset: page.offset,
        limit: page.limit,
        more: found.more,
      };
    },

    /** GET /namesearch/api/{companyid}/users/find (limit, offset, keywords, ignore_depts, allow_chat). */
    async companyUsers(
      actor: Actor,
      companyId: number,
      keywords: string | undefined,
      ignoreDepts: boolean,
      page: Page,
    ) {
      if (!actor.companyId || companyId !== actor.companyId) throw new DomainError('notCompanyMember');
      const q = searchInput(keywords);
      const rows = await repo.findPeople(db, q, { companyId }, page.offset, page.limit + 1);
      const result = await people(rows, page);
      // Departments ride along on the first page unless ignore_depts asks for people only.
      const depts = ignoreDepts || page.offset > 0 || q === '' ? [] : await matchingDepts(actor, q);
      return { ...result, depts: depts.slice(0, page.limit) };
    },

    /** GET /namesearch/api/groups/{id}/members/find (limit, offset, keywords, allow_chat). */
    async groupMembers(actor: Actor, groupId: number, keywords: string | undefined, page: Page) {
      const ids = await teams.peopleIds(actor, groupId);
      const rows = await repo.findPeople(
        db,
        searchInput(keywords),
        { userIds: ids },
        page.offset,
        page.limit + 1,
      );
      return people(rows, page) as Promise<{
        members: SearchMember[];
        users: SearchMember[];
        offset: number;
        limit: number;
        more: boolean;
      }>;
    },
  };
}

export type NameSearchService = ReturnType<typeof createNameSearchService>;
