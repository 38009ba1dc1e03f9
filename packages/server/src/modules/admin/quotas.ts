import type { QuotaOverview, UsageRow } from '@cirrus/shared';
import type { Db } from '../../db/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { QuotaService } from '../spaces/quota-service.ts';
import type { AuditLog } from './audit.ts';
import { type ConsoleActor, requireOperator } from './policy.ts';
import * as repo from './repo.ts';
import type { DefaultsBody, UsageQuery } from './schema.ts';

/**
 * Quotas in the console: the company's total, the deployment's default personal, team and
 * department spaces, one team's quota, and the usage of people, teams and departments, largest
 * first. Personal quotas are set on the person, department spaces on the department.
 */
export function createQuotaAdmin({ db, quota, audit }: { db: Db; quota: QuotaService; audit: AuditLog }) {
  return {
    async overview(actor: ConsoleActor): Promise<QuotaOverview> {
      const [company, defaults] = await Promise.all([
        quota.info('company', actor.companyId),
        quota.defaults(),
      ]);
      return {
        company: { total: company.total, used: company.used, own_total: company.own_total },
        defaults: { user: defaults.user, group: defaults.group, dept: defaults.dept },
      };
    },

    async usage(
      actor: ConsoleActor,
      q: UsageQuery,
    ): Promise<{ rows: UsageRow[]; offset: number; limit: number; more: boolean }> {
      const fetch = q.limit + 1;
      let rows: UsageRow[];
      if (q.kind === 'user') {
        const found = await repo.usageOfPeople(db, actor.companyId, q.offset, fetch);
        rows = await Promise.all(
          found.map(async (r) => ({
            kind: 'user' as const,
            id: r.id,
            name: r.name,
            detail: r.detail,
            used: Number(r.used ?? 0),
            total: await quota.limitOf('user', { total: r.total, expand_self: 0 }),
            file_count: Number(r.file_count ?? 0),
          })),
        );
      } else if (q.kind === 'group') {
        const found = await repo.usageOfTeams(db, actor.companyId, q.offset, fetch);
        rows = await Promise.all(
          found.map(async (r) => ({
            kind: 'group' as const,
            id: r.id,
            name: r.name,
            detail: String(r.team_type),
            used: Number(r.used ?? 0),
            total: await quota.limitOf('group', { total: r.total, expand_self: 0 }),
            file_count: Number(r.file_count ?? 0),
          })),
        );
      } else {
        const found = await repo.usageOfDepts(db, actor.companyId, q.offset, fetch);
        rows = await Promise.all(
          found.map(async (r) => ({
            kind: 'dept' as const,
            id: r.id,
            name: r.name,
            detail: r.detail,
            used: Number(r.used ?? 0),
            total: await quota.limitOf('dept', { total: r.total, expand_self: Number(r.expand_self ?? 0) }),
            file_count: Number(r.file_count ?? 0),
          })),
        );
      }
      return { rows: rows.slice(0, q.limit), offset: q.offset, limit: q.limit, more: rows.length > q.limit };
    },

    /** Everything the company stores (null: the configuration's default). */
    async setCompanyTotal(actor: ConsoleActor, total: number | null) {
      await quota.set('company', actor.companyId, { total });
      await audit.record(actor, {
        action: 'quota.company',
        targetType: 'company',
        targetId: actor.companyId,
        detail: { total },
      });
      return this.overview(actor);
    },

    /** Deployment-wide defaults of personal, team and department spaces: the operator's. */
    async setDefaults(actor: ConsoleActor, body: DefaultsBody) {
      requireOperator(actor);
      for (const scope of ['user', 'group', 'dept'] as const) {
        if (body[scope] !== undefined) await quota.setDefault(scope, body[scope] ?? null);
      }
      await audit.record(actor, {
        action: 'quota.defaults',
        targetType: 'deployment',
        companyId: 0,
        detail: body,
      });
      return this.overview(actor);
    },

    /** One team's space (null: the default). */
    async setTeamTotal(actor: ConsoleActor, groupId: number, total: number | null) {
      const team = await repo.findTeam(db, groupId);
      if (team?.type !== 'team' || team.company_id !== actor.companyId)
        throw new DomainError('groupNotExist');
      await quota.set('group', groupId, { total });
      await audit.record(actor, {
        action: 'quota.team',
        targetType: 'team',
        targetId: groupId,
        targetName: team.name,
        detail: { total },
      });
      return quota.info('group', groupId);
    },
  };
}

export type QuotaAdmin = ReturnType<typeof createQuotaAdmin>;
