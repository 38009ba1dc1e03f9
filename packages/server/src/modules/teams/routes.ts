import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/actor.ts';
import {
  BatchMembersBody,
  BriefQuery,
  ChatMemberBody,
  ConversationParams,
  CreateChatBody,
  CreateTeamBody,
  CreateTeamQuery,
  DeleteMemberQuery,
  GidParams,
  GroupsBatchBody,
  ImPushBody,
  InviteCodeParams,
  MemberParams,
  MembersQuery,
  MyGroupsQuery,
  PatchMemberBody,
  PinBody,
  SwitchStateBody,
  SwitchStateQuery,
  TeamMemberParams,
  TeamParams,
  TeamQuery,
  UpdateTeamBody,
} from './schema.ts';
import type { TeamService } from './service.ts';

const parseTypes = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n): n is 1 | 2 | 3 => n === 1 || n === 2 || n === 3);

/** Drive-service team calls (spec 000 §7 "Drive service"), the chat calls and the convertor switch. */
export function teamRoutes({ teams }: { teams: TeamService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/v3/groups',
      {
        schema: {
          querystring: CreateTeamQuery,
          body: CreateTeamBody,
          description:
            'Creates a general team (type 3), or a company team (type 2 with dept_id) by a company administrator; answers the team. 403 approvalRequired when group creation needs approval.',
        },
      },
      async (req) => teams.create(actorOf(req), req.body),
    );

    r.get(
      '/api/v3/groups/:id',
      {
        schema: {
          params: TeamParams,
          querystring: TeamQuery,
          description: 'A space; teams answer their details (owner, department, settings, recent_members).',
        },
      },
      async (req) => {
        const actor = actorOf(req);
        const access = await teams.requireSpace(actor, req.params.id);
        return access.space.type === 'team'
          ? teams.details(actor, req.params.id)
          : teams.spaceRecord(actor, req.params.id);
      },
    );

    r.put('/api/v3/groups/:id', { schema: { params: TeamParams, body: UpdateTeamBody } }, async (req) =>
      teams.update(actorOf(req), req.params.id, req.body),
    );

    r.delete('/api/v3/groups/:id', { schema: { params: TeamParams } }, async (req, reply) => {
      await teams.remove(actorOf(req), req.params.id);
      return reply.status(204).send();
    });

    r.delete(
      '/api/v3/groups/:id/members/:userid',
      {
        schema: {
          params: TeamMemberParams,
          description: 'Leaves the team (userid = self); another id removes that member.',
        },
      },
      async (req, reply) => {
        await teams.exit(actorOf(req), req.params.id, req.params.userid);
        return reply.status(204).send();
      },
    );

    r.get(
      '/api/v3/groups/:id/members',
      { schema: { params: TeamParams, querystring: MembersQuery } },
      async (req) => teams.members(actorOf(req), req.params.id, req.query),
    );

    r.get('/api/v3/groups/:id/invite_info', { schema: { params: TeamParams } }, async (req) =>
      teams.inviteInfo(actorOf(req), req.params.id),
    );

    r.put(
      '/api/v3/mine/team/:id/link',
      {
        schema: {
          params: TeamParams,
          description: 'Resets the invite link: the old code answers teamLinkNotExist.',
        },
      },
      async (req) => teams.inviteInfo(actorOf(req), req.params.id, true),
    );

    r.put(
      '/api/v3/mine/team/:id/top',
      {
        schema: {
          params: TeamParams,
          body: PinBody,
          description: 'Ours: pins (is_top true) or unpins a team for me.',
        },
      },
      async (req) => teams.pin(actorOf(req), req.params.id, req.body.is_top),
    );

    r.get(
      '/api/v3/team/link/:code',
      {
        schema: {
          params: InviteCodeParams,
          description: 'Ours: what an invite link leads to (the join page).',
        },
      },
      async (req) => teams.linkInfo(actorOf(req), req.params.code),
    );

    r.post(
      '/api/v3/team/link/:code/join',
      {
        schema: {
          params: InviteCodeParams,
          description: 'Ours: joins the team of an invite link as a member.',
        },
      },
      async (req) => teams.join(actorOf(req), req.params.code),
    );

    r.get('/api/v3/yun/contacts/:id/group', { schema: { params: TeamParams } }, async (req) =>
      teams.details(actorOf(req), req.params.id),
    );

    r.get('/api/v3/yun/contacts/:id/im_push', { schema: { params: TeamParams } }, async (req) =>
      teams.imPush(actorOf(req), req.params.id),
    );

    r.put(
      '/api/v3/yun/contacts/:id/im_push',
      { schema: { params: TeamParams, body: ImPushBody } },
      async (req) => teams.setImPush(actorOf(req), req.params.id, req.body.im_push),
    );

    r.post('/api/v3/yun_msg/groups', { schema: { body: CreateChatBody } }, async (req) =>
      teams.createChat(actorOf(req), req.body),
    );

    r.post(
      '/api/v3/yun_msg/groups/:id/members',
      { schema: { params: TeamParams, body: ChatMemberBody } },
      async (req) => {
        const ids = Array.isArray(req.body.userid) ? req.body.userid : [req.body.userid];
        return teams.addToChat(actorOf(req), req.params.id, ids);
      },
    );

    r.post(
      '/api/v3/yun_msg/groups/:id/upgrade',
      {
        schema: {
          params: TeamParams,
          description: 'Ours: upgrades a multi-person chat to a general team with a random avatar.',
        },
      },
      async (req) => teams.upgradeChat(actorOf(req), req.params.id),
    );

    r.get(
      '/api/v3/yun_msg/conversation/:type/:id/info',
      { schema: { params: ConversationParams } },
      async (req) => teams.conversation(actorOf(req), req.params.id),
    );

    r.get(
      '/convertor/v1/switch_state',
      {
        schema: {
          querystring: SwitchStateQuery,
          description: 'Per-group secure state: 2 open when auto_convert_state is 1 or 2, else 0 closed.',
        },
      },
      async (req) => teams.switchStates(actorOf(req), req.query.group_ids),
    );

    r.put(
      '/convertor/v1/switch_state',
      {
        schema: {
          body: SwitchStateBody,
          description: 'state 2 turns auto-convert on (auto_convert_state 1), anything else off (0).',
        },
      },
      async (req) => teams.setSwitchState(actorOf(req), req.body.groupid, req.body.state),
    );
  };
}

/** Contacts-service group and member calls (spec 000 §7 "Contacts service"); also under /cts. */
export function groupContactRoutes({ teams }: { teams: TeamService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/u/v1/groups/:gid/members/brief',
      { schema: { params: GidParams, querystring: BriefQuery } },
      async (req) => teams.brief(actorOf(req), req.params.gid, req.query),
    );

    r.get('/v1/groups/:gid/members/self', { schema: { params: GidParams } }, async (req) =>
      teams.self(actorOf(req), req.params.gid),
    );

    r.get(
      '/v1/groups/:gid/members',
      { schema: { params: GidParams, querystring: MembersQuery } },
      async (req) => teams.members(actorOf(req), req.params.gid, req.query),
    );

    r.post(
      '/v1/groups/:gid/members/batch',
      {
        schema: {
          params: GidParams,
          body: BatchMembersBody,
          description: 'Adds (put) and removes (delete) ids of one type (1 user, 2 department); 204.',
        },
      },
      async (req, reply) => {
        await teams.batch(actorOf(req), req.params.gid, req.body);
        return reply.status(204).send();
      },
    );

    r.patch(
      '/v1/groups/:gid/members/:id',
      {
        schema: {
          params: MemberParams,
          body: PatchMemberBody,
          description: 'Sets team_role; team_role 1 transfers ownership.',
        },
      },
      async (req) => teams.setRole(actorOf(req), req.params.gid, req.params.id, req.body.team_role),
    );

    r.get('/v1/groups/:gid/members/:id', { schema: { params: MemberParams } }, async (req) =>
      teams.member(actorOf(req), req.params.gid, req.params.id),
    );

    r.delete(
      '/v1/groups/:gid/members/:id',
      {
        schema: {
          params: MemberParams,
          querystring: DeleteMemberQuery,
          description: 'Removes a member (type 1) or a department entry (type 2); 204.',
        },
      },
      async (req, reply) => {
        await teams.removeOne(actorOf(req), req.params.gid, req.params.id, req.query.type);
        return reply.status(204).send();
      },
    );

    // The spec's "DELETE group member" without a path: the company-scoped twin of the call above.
    r.delete(
      '/v1/companies/self/groups/:gid/members/:id',
      {
        schema: {
          params: MemberParams,
          querystring: DeleteMemberQuery,
          description:
            'Ours for the spec’s pathless "DELETE group member"; as DELETE /v1/groups/{gid}/members/{id}.',
        },
      },
      async (req, reply) => {
        await teams.removeOne(actorOf(req), req.params.gid, req.params.id, req.query.type);
        return reply.status(204).send();
      },
    );

    r.get('/v1/groups/:id', { schema: { params: TeamParams } }, async (req) =>
      teams.details(actorOf(req), req.params.id),
    );

    // The spec's "PATCH and DELETE on a group by id" without a path: twins of PUT/DELETE /api/v3/groups/{id}.
    r.patch(
      '/v1/groups/:id',
      {
        schema: {
          params: TeamParams,
          body: UpdateTeamBody,
          description: 'Ours for the spec’s pathless group PATCH; as PUT /api/v3/groups/{id}.',
        },
      },
      async (req) => teams.update(actorOf(req), req.params.id, req.body),
    );

    r.delete(
      '/v1/groups/:id',
      {
        schema: {
          params: TeamParams,
          description: 'Ours for the spec’s pathless group DELETE; as DELETE /api/v3/groups/{id}.',
        },
      },
      async (req, reply) => {
        await teams.remove(actorOf(req), req.params.id);
        return reply.status(204).send();
      },
    );

    r.get(
      '/v1/groups/:id/meta',
      {
        schema: {
          params: TeamParams,
          description: 'Ours for the spec’s pathless "group meta": counts, limits and settings.',
        },
      },
      async (req) => teams.meta(actorOf(req), req.params.id),
    );

    r.get('/u/v1/companies/self/users/self/groups/list', async (req) =>
      teams.myGroups(actorOf(req), { offset: 0, limit: 100_000 }),
    );

    r.get(
      '/v1/companies/self/users/self/groups',
      {
        schema: {
          querystring: MyGroupsQuery,
          description: 'My teams and chats; type narrows (1,2,3), owned keeps those I own or created.',
        },
      },
      async (req) =>
        teams.myGroups(actorOf(req), {
          offset: req.query.offset,
          limit: req.query.limit,
          types: parseTypes(req.query.type),
          owned: req.query.owned,
        }),
    );

    r.post('/v1/companies/self/groups/batch', { schema: { body: GroupsBatchBody } }, async (req) =>
      teams.groupsBatch(actorOf(req), req.body.get),
    );
  };
}
