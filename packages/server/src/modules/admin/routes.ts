import type { AdminMe } from '@cirrus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { Id } from '../../http/params.ts';
import type { ApproverAdmin } from './approvers.ts';
import type { AuditLog } from './audit.ts';
import type { DepartmentService } from './departments.ts';
import type { ImportService } from './import.ts';
import type { Inboxes } from './inboxes.ts';
import type { PeopleService } from './people.ts';
import { consoleOf } from './policy.ts';
import type { QuotaAdmin } from './quotas.ts';
import {
  ApproversBody,
  AuditQuery,
  CreateDeptBody,
  CreateUserBody,
  DefaultsBody,
  DeptSpaceBody,
  FeedbackQuery,
  IdParams,
  ImportBody,
  OutboxQuery,
  PeopleListQuery,
  SetDeptsBody,
  SettingBody,
  SettingParams,
  SourceBody,
  TotalBody,
  UpdateDeptBody,
  UpdateUserBody,
  UsageQuery,
} from './schema.ts';
import type { SettingsAdmin } from './settings.ts';

export interface AdminRouteDeps {
  db: Db;
  people: PeopleService;
  departments: DepartmentService;
  imports: ImportService;
  quotaAdmin: QuotaAdmin;
  settingsAdmin: SettingsAdmin;
  inboxes: Inboxes;
  audit: AuditLog;
  approvers: ApproverAdmin;
}

/**
 * The administrator's console API (issue 6), all under /admin/v1. The console guard (policy.ts)
 * has already answered 404 to anyone who may not open the console and 403 to a viewer's writes.
 */
export function adminRoutes(deps: AdminRouteDeps) {
  const { db, people, departments, imports, quotaAdmin, settingsAdmin, inboxes, audit, approvers } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/admin/v1/me', async (req): Promise<AdminMe> => {
      const actor = consoleOf(req);
      const company = await db
        .selectFrom('companies')
        .select(['id', 'name'])
        .where('id', '=', actor.companyId)
        .executeTakeFirst();
      return {
        access: actor.access,
        operator: actor.operator,
        company: { id: actor.companyId, name: company?.name ?? '' },
      };
    });

    // People
    r.get('/admin/v1/users', { schema: { querystring: PeopleListQuery } }, async (req) =>
      people.list(consoleOf(req), req.query),
    );
    r.post('/admin/v1/users', { schema: { body: CreateUserBody } }, async (req, reply) =>
      reply.status(201).send(await people.create(consoleOf(req), req.body)),
    );
    r.get('/admin/v1/users/:id', { schema: { params: IdParams } }, async (req) =>
      people.get(consoleOf(req), req.params.id),
    );
    r.patch('/admin/v1/users/:id', { schema: { params: IdParams, body: UpdateUserBody } }, async (req) =>
      people.update(consoleOf(req), req.params.id, req.body),
    );
    r.post('/admin/v1/users/:id/disable', { schema: { params: IdParams } }, async (req) =>
      people.setStatus(consoleOf(req), req.params.id, 'disabled'),
    );
    r.post('/admin/v1/users/:id/enable', { schema: { params: IdParams } }, async (req) =>
      people.setStatus(consoleOf(req), req.params.id, 'active'),
    );
    r.post('/admin/v1/users/:id/reset-password', { schema: { params: IdParams } }, async (req) =>
      people.resetPassword(consoleOf(req), req.params.id),
    );
    r.put('/admin/v1/users/:id/depts', { schema: { params: IdParams, body: SetDeptsBody } }, async (req) =>
      people.setDepts(consoleOf(req), req.params.id, req.body),
    );
    r.put('/admin/v1/users/:id/source', { schema: { params: IdParams, body: SourceBody } }, async (req) =>
      people.setSource(consoleOf(req), req.params.id, req.body.source),
    );

    // Departments
    r.get('/admin/v1/depts', async (req) => departments.list(consoleOf(req)));
    r.post('/admin/v1/depts', { schema: { body: CreateDeptBody } }, async (req, reply) =>
      reply.status(201).send(await departments.create(consoleOf(req), req.body)),
    );
    r.patch('/admin/v1/depts/:id', { schema: { params: IdParams, body: UpdateDeptBody } }, async (req) =>
      departments.update(consoleOf(req), req.params.id, req.body),
    );
    r.post('/admin/v1/depts/:id/disable', { schema: { params: IdParams } }, async (req) =>
      departments.setStatus(consoleOf(req), req.params.id, 'disabled'),
    );
    r.post('/admin/v1/depts/:id/enable', { schema: { params: IdParams } }, async (req) =>
      departments.setStatus(consoleOf(req), req.params.id, 'active'),
    );
    r.put('/admin/v1/depts/:id/space', { schema: { params: IdParams, body: DeptSpaceBody } }, async (req) =>
      departments.setSpace(consoleOf(req), req.params.id, req.body),
    );

    // CSV import: a dry run, then the import (all or nothing)
    r.post('/admin/v1/import/people', { schema: { body: ImportBody } }, async (req) =>
      imports.run(consoleOf(req), req.body.csv, req.body.dry_run),
    );

    // Quotas and usage
    r.get('/admin/v1/quotas', async (req) => quotaAdmin.overview(consoleOf(req)));
    r.get('/admin/v1/quotas/usage', { schema: { querystring: UsageQuery } }, async (req) =>
      quotaAdmin.usage(consoleOf(req), req.query),
    );
    r.put('/admin/v1/quotas/company', { schema: { body: TotalBody } }, async (req) =>
      quotaAdmin.setCompanyTotal(consoleOf(req), req.body.total),
    );
    r.put('/admin/v1/quotas/defaults', { schema: { body: DefaultsBody } }, async (req) =>
      quotaAdmin.setDefaults(consoleOf(req), req.body),
    );
    r.put(
      '/admin/v1/teams/:id/quota',
      { schema: { params: z.object({ id: Id }), body: TotalBody } },
      async (req) => quotaAdmin.setTeamTotal(consoleOf(req), req.params.id, req.body.total),
    );

    // Settings and flags
    r.get('/admin/v1/settings', async (req) => settingsAdmin.list(consoleOf(req)));
    r.delete(
      '/admin/v1/settings/:name',
      { schema: { params: SettingParams, description: 'Back to the default or the environment’s value.' } },
      async (req) => settingsAdmin.reset(consoleOf(req), req.params.name),
    );
    r.put('/admin/v1/settings/:name', { schema: { params: SettingParams, body: SettingBody } }, async (req) =>
      settingsAdmin.set(consoleOf(req), req.params.name, req.body.value),
    );

    // Who approves group creation (issue 5): the administrators always; the others named here.
    r.get('/admin/v1/group_approvers', async (req) => approvers.list(consoleOf(req)));
    r.put(
      '/admin/v1/group_approvers',
      {
        schema: {
          body: ApproversBody,
          description: 'Replaces the named approvers of group creation (company members); answers the list.',
        },
      },
      async (req) => approvers.set(consoleOf(req), req.body.user_ids),
    );

    // Inboxes and the audit log
    r.get('/admin/v1/feedback', { schema: { querystring: FeedbackQuery } }, async (req) =>
      inboxes.feedback(consoleOf(req), req.query),
    );
    r.post('/admin/v1/feedback/:id/handle', { schema: { params: IdParams } }, async (req) =>
      inboxes.handleFeedback(consoleOf(req), req.params.id, true),
    );
    r.post('/admin/v1/feedback/:id/reopen', { schema: { params: IdParams } }, async (req) =>
      inboxes.handleFeedback(consoleOf(req), req.params.id, false),
    );
    r.get('/admin/v1/outbox', { schema: { querystring: OutboxQuery } }, async (req) =>
      inboxes.outbox(consoleOf(req), req.query),
    );
    r.get('/admin/v1/audit', { schema: { querystring: AuditQuery } }, async (req) =>
      audit.list(consoleOf(req), req.query),
    );
  };
}
