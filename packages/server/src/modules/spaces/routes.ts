import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/actor.ts';
import type { TeamService } from '../teams/service.ts';
import {
  DeptParams,
  GroupIdParams,
  GroupsBatchBody,
  GroupsQuery,
  RoleMasksBody,
  TmpQuery,
  VolumesQuery,
} from './schema.ts';
import type { SpaceService } from './service.ts';

/** Spaces and their storage (spec 001 §7 "Teams and spaces"). */
export function spaceRoutes({
  spaces,
  teams,
}: {
  spaces: SpaceService;
  teams: Pick<TeamService, 'setRoleMasks'>;
}) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/v3/groups/special', async (req) => spaces.personalRecord(actorOf(req), 'special'));
    r.get('/api/v3/groups/tmp', { schema: { querystring: TmpQuery } }, async (req) =>
      spaces.personalRecord(actorOf(req), 'tmp'),
    );

    r.get('/api/v3/groups', { schema: { querystring: GroupsQuery } }, async (req) => {
      const ignore = (req.query.ignore ?? '').split(',').map((s) => s.trim());
      return { groups: await spaces.list(actorOf(req), { ignore, includeChats: req.query.multi_included }) };
    });

    // GET /api/v3/groups/{id} is answered by modules/teams (a team's details extend the record).

    r.get('/api/cooper/users/self/volumes', { schema: { querystring: VolumesQuery } }, async (req) =>
      spaces.volumes(actorOf(req), req.query.offset, req.query.limit),
    );

    r.post('/api/cooper/contacts/groups/batch', { schema: { body: GroupsBatchBody } }, async (req) =>
      spaces.batch(actorOf(req), req.body.contactsids, { private: req.body.private, tmp: req.body.tmp }),
    );

    r.get('/api/v3/groups/:id/files/0/permission', { schema: { params: GroupIdParams } }, async (req) => ({
      permissions: await spaces.roleMasks(actorOf(req), req.params.id),
    }));

    r.put(
      '/api/v3/groups/:id/files/0/permission',
      { schema: { params: GroupIdParams, body: RoleMasksBody } },
      async (req) => ({
        permissions: await teams.setRoleMasks(actorOf(req), req.params.id, req.body.permissions),
      }),
    );

    r.get('/api/v3/spaces', async (req) => spaces.overview(actorOf(req)));
    r.get('/api/cooper/space/groups/:id', { schema: { params: GroupIdParams } }, async (req) =>
      spaces.groupSpace(actorOf(req), req.params.id),
    );
    r.get('/space/v1/depts/:id/info', { schema: { params: DeptParams } }, async (req) =>
      spaces.deptInfo(actorOf(req), req.params.id),
    );
  };
}
