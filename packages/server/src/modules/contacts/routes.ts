import { PAGE_SIZE_DEPTS } from '@cirrus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/actor.ts';
import { Id, IdList, IdOrZero, Offset, pageSize, QueryBool } from '../../http/params.ts';
import type { TeamService } from '../teams/service.ts';
import type { ContactService } from './service.ts';

const DeptParams = z.object({ id: Id });
const DeptListParams = z.object({ id: z.union([z.literal('root'), Id]) });
const DeptListQuery = z.object({ offset: Offset, limit: pageSize(PAGE_SIZE_DEPTS, 200) });
const DeptsQuery = z.object({ group_id: Id.optional(), recursive: QueryBool });
const UsersBatchBody = z.object({ get: IdList });
const RecentQuery = z.object({ limit: pageSize(50, 50) });
const CorpParams = z.object({ id: IdOrZero });
const CorpMemberQuery = z.object({ attrs: z.string().max(100).optional() });

/** The company directory of the contacts service (spec 000 §7); also under /cts. */
export function contactRoutes({ contacts, teams }: { contacts: ContactService; teams: TeamService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/v1/companies/self', async (req) => contacts.company(actorOf(req)));

    r.get(
      '/v1/companies/self/depts',
      {
        schema: {
          querystring: DeptsQuery,
          description:
            'All departments (flat, parentid links the tree); group_id: a team’s department entries, recursive: with their sub-departments.',
        },
      },
      async (req) => {
        const actor = actorOf(req);
        const { group_id, recursive } = req.query;
        return {
          depts: group_id
            ? await teams.deptEntries(actor, group_id, recursive)
            : await contacts.deptTree(actor),
        };
      },
    );

    r.get('/v1/depts/:id/depts', { schema: { params: DeptParams } }, async (req) => ({
      depts: await contacts.subDepts(actorOf(req), req.params.id),
    }));

    r.get(
      '/u/v1/companies/self/depts/:id/list',
      {
        schema: {
          params: DeptListParams,
          querystring: DeptListQuery,
          description: 'A department’s sub-departments (first page) and its people, paged (50).',
        },
      },
      async (req) => contacts.deptList(actorOf(req), req.params.id, req.query.offset, req.query.limit),
    );

    r.post('/v1/companies/self/users/batch', { schema: { body: UsersBatchBody } }, async (req) => ({
      users: await contacts.usersBatch(actorOf(req), req.body.get),
    }));

    r.get(
      '/u/v1/users/self/recent_contacts',
      {
        schema: {
          querystring: RecentQuery,
          description: 'Ours: the contact picker’s recent tab (people, teams and chats last picked).',
        },
      },
      async (req) => contacts.recent(actorOf(req), req.query.limit),
    );
  };
}

/** The drive service's own-company calls (spec 000 §7 GET /api/v3/mine/corp/{id}/member and /dept). */
export function corpRoutes({ contacts }: { contacts: ContactService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/v3/mine/corp/:id/member',
      { schema: { params: CorpParams, querystring: CorpMemberQuery } },
      async (req) => contacts.myMember(actorOf(req), req.params.id),
    );
    r.get('/api/v3/mine/corp/:id/dept', { schema: { params: CorpParams } }, async (req) => ({
      depts: await contacts.myDepts(actorOf(req), req.params.id),
    }));
  };
}
