import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/actor.ts';
import { ApprovalBody, ApprovalParams, PageQuery, RejectBody, WaitingQuery } from './schema.ts';
import type { ApprovalService } from './service.ts';

/** Group-creation approval (spec 000 §7 "Approval"); contacts service, so also under /cts. */
export function approvalRoutes({ approvals }: { approvals: ApprovalService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/v1/companies/self/users/self/group_approvers',
      {
        schema: {
          description:
            'Who may approve my request; required tells whether I must ask before creating a group.',
        },
      },
      async (req) => approvals.approvers(actorOf(req)),
    );

    r.post('/v1/companies/self/group_approval', { schema: { body: ApprovalBody } }, async (req, reply) =>
      reply.status(201).send(await approvals.submit(actorOf(req), req.body)),
    );

    r.get(
      '/u/v1/companies/self/users/self/group_approval',
      { schema: { querystring: PageQuery } },
      async (req) => approvals.mine(actorOf(req), req.query.offset, req.query.limit),
    );

    r.delete(
      '/v1/companies/self/group_approval/:id',
      { schema: { params: ApprovalParams } },
      async (req, reply) => {
        await approvals.cancel(actorOf(req), req.params.id);
        return reply.status(204).send();
      },
    );

    r.get(
      '/v1/companies/self/group_approval',
      {
        schema: {
          querystring: WaitingQuery,
          description: 'Ours: requests sent to me as approver (state pending, decided or all).',
        },
      },
      async (req) => approvals.waiting(actorOf(req), req.query.state, req.query.offset, req.query.limit),
    );

    r.post(
      '/v1/companies/self/group_approval/:id/approve',
      {
        schema: {
          params: ApprovalParams,
          description:
            'Ours: approves; the team is created for the applicant with the requested members and settings.',
        },
      },
      async (req) => approvals.approve(actorOf(req), req.params.id),
    );

    r.post(
      '/v1/companies/self/group_approval/:id/reject',
      {
        schema: {
          params: ApprovalParams,
          body: RejectBody,
          description: 'Ours: rejects, with an optional reason for the applicant.',
        },
      },
      async (req) => approvals.reject(actorOf(req), req.params.id, req.body.reason),
    );
  };
}
