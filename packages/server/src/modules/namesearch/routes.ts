import { PAGE_SIZE_MEMBERS } from '@cirrus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/actor.ts';
import { Id, IdOrZero, Offset, pageSize, QueryBool } from '../../http/params.ts';
import type { NameSearchService } from './service.ts';

const Page = { offset: Offset, limit: pageSize(PAGE_SIZE_MEMBERS, 200) };
const Keywords = z.string().max(500).optional();

const DepartmentsQuery = z.object({ ...Page, keywords: Keywords, groupid: Id.optional() });
const DeptMembersBody = z.object({
  ...Page,
  keywords: Keywords,
  /** Departments to look in (with their sub-departments); the whole company when empty. */
  dept_ids: z.array(Id).max(1000).optional().default([]),
});
const MyGroupsQuery = z.object({ ...Page, keywords: Keywords, allow_chat: QueryBool, count: QueryBool });
const UsersParams = z.object({ companyid: IdOrZero });
const UsersQuery = z.object({ ...Page, keywords: Keywords, ignore_depts: QueryBool, allow_chat: QueryBool });
const GroupParams = z.object({ id: Id });
const GroupMembersQuery = z.object({ ...Page, keywords: Keywords, allow_chat: QueryBool });

const MATCHING =
  'Matches name, pinyin (full and initials), phone and email local part, case-insensitively; keywords cut to 30 characters; pages of 50.';

/** The search service's name-search calls (spec 000 §7 "Search service"). */
export function nameSearchRoutes({ namesearch }: { namesearch: NameSearchService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/namesearch/api/departments/find',
      {
        schema: {
          querystring: DepartmentsQuery,
          description:
            'Departments of my company by name or pinyin; groupid: within a team’s department entries.',
        },
      },
      async (req) => namesearch.departments(actorOf(req), req.query.keywords, req.query.groupid, req.query),
    );
    r.post(
      '/namesearch/api/departments/members/find',
      { schema: { body: DeptMembersBody, description: `People of departments. ${MATCHING}` } },
      async (req) => namesearch.departmentMembers(actorOf(req), req.body),
    );
    r.get(
      '/namesearch/api/mygroups/find',
      {
        schema: {
          querystring: MyGroupsQuery,
          description: 'My teams (and chats with allow_chat) by name or pinyin.',
        },
      },
      async (req) => namesearch.myGroups(actorOf(req), req.query.keywords, req.query.allow_chat, req.query),
    );
    r.get(
      '/namesearch/api/:companyid/users/find',
      {
        schema: {
          params: UsersParams,
          querystring: UsersQuery,
          description: `People of the company. ${MATCHING}`,
        },
      },
      async (req) =>
        namesearch.companyUsers(
          actorOf(req),
          req.params.companyid,
          req.query.keywords,
          req.query.ignore_depts,
          req.query,
        ),
    );
    r.get(
      '/namesearch/api/groups/:id/members/find',
      {
        schema: {
          params: GroupParams,
          querystring: GroupMembersQuery,
          description: `People of a team. ${MATCHING}`,
        },
      },
      async (req) => namesearch.groupMembers(actorOf(req), req.params.id, req.query.keywords, req.query),
    );
  };
}
