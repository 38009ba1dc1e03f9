import { ADMIN_PAGE_SIZE, MODERATION_TEXT_MAX } from '@cirrus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/actor.ts';
import { Id, Offset, pageSize } from '../../http/params.ts';
import { consoleOf } from '../admin/policy.ts';
import type { ModerationService } from './service.ts';

export const ReportsQuery = z.object({
  status: z.enum(['open', 'pending', 'appealed', 'dismissed', 'blocked', 'restored', 'all']).default('open'),
  offset: Offset,
  limit: pageSize(ADMIN_PAGE_SIZE, 200),
});
const ReportParams = z.object({ id: Id });
const DecisionBody = z.object({ note: z.string().trim().max(MODERATION_TEXT_MAX).default('') });
const BlockBody = z.object({ reason: z.string().trim().max(MODERATION_TEXT_MAX).default('') });
export const AppealBody = z.object({ reason: z.string().trim().min(1).max(MODERATION_TEXT_MAX) });

/** The console's review queue (behind the console guard of modules/admin). */
export function moderationAdminRoutes({ moderation }: { moderation: ModerationService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/admin/v1/reports', { schema: { querystring: ReportsQuery } }, async (req) =>
      moderation.list(consoleOf(req), req.query),
    );
    r.post(
      '/admin/v1/reports/:id/dismiss',
      { schema: { params: ReportParams, body: DecisionBody } },
      async (req) => moderation.dismiss(consoleOf(req), req.params.id, req.body.note),
    );
    r.post(
      '/admin/v1/reports/:id/block-file',
      { schema: { params: ReportParams, body: BlockBody } },
      async (req) => moderation.blockFile(consoleOf(req), req.params.id, req.body.reason),
    );
    r.post(
      '/admin/v1/reports/:id/block-link',
      { schema: { params: ReportParams, body: BlockBody } },
      async (req) => moderation.blockLink(consoleOf(req), req.params.id, req.body.reason),
    );
    r.post(
      '/admin/v1/reports/:id/restore',
      { schema: { params: ReportParams, body: DecisionBody } },
      async (req) => moderation.restore(consoleOf(req), req.params.id, req.body.note),
    );
    r.post(
      '/admin/v1/reports/:id/uphold',
      { schema: { params: ReportParams, body: DecisionBody } },
      async (req) => moderation.uphold(consoleOf(req), req.params.id, req.body.note),
    );
  };
}

/** spec 001 §7: POST /api/v3/{kind}/{id}/appeal, for a blocked file (files/{fileid}) or link (links/{sid}). */
export function appealRoutes({ moderation }: { moderation: ModerationService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/api/v3/files/:id/appeal',
      { schema: { params: z.object({ id: Id }), body: AppealBody } },
      async (req) => moderation.appeal(actorOf(req), 'files', String(req.params.id), req.body.reason),
    );
    r.post(
      '/api/v3/links/:id/appeal',
      { schema: { params: z.object({ id: z.string().min(1).max(64) }), body: AppealBody } },
      async (req) => moderation.appeal(actorOf(req), 'links', req.params.id, req.body.reason),
    );
  };
}
