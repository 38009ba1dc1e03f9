import type { QuotaDefaults } from '../../config.ts';
import type { Db, DbOrTrx, Dialect } from '../../db/index.ts';
import type { GroupRow } from '../../db/schema.ts';
import { DomainError } from '../../http/errors.ts';
import {
  limitsOf,
  overflowKey,
  type QuotaScope,
  type QuotaTarget,
  quotaTargets,
  type SpaceAccount,
  type Usage,
} from './quota.ts';
import * as repo from './repo.ts';

/** A change of usage in one space: positive when a write adds, negative when content leaves. */
export interface UsageChange extends Usage {
  space: GroupRow;
}

export interface SpaceUsage {
  /** Bytes; 0 is unlimited. */
  total: number;
  used: number;
}

/**
 * Quotas (see quota.ts for which write hits which key). Checks up front read the counters;
 * charges add to them inside the caller's metadata transaction and fail it when a limit breaks,
 * so a refused write leaves nothing behind.
 */
export function createQuotaService({
  db,
  defaults: configured,
  dialect = 'sqlite',
}: {
  db: Db;
  defaults: QuotaDefaults;
  /** On PostgreSQL a charge reads the owner's membership with a shared lock (setMainDept). */
  dialect?: Dialect;
}) {
  /**
   * The defaults in force: the configuration's, unless the administrator's console set a
   * deployment-wide default for personal, team or department spaces (a row of that scope with id 0;
   * real ids start at 1).
   */
  async function defaultsOf(dbx: DbOrTrx): Promise<QuotaDefaults> {
    const rows = await repo.findDefaultQuotas(dbx);
    const merged = { ...configured };
    for (const row of rows) {
      if (row.total === null) continue;
      if (row.scope === 'user' || row.scope === 'group' || row.scope === 'dept')
        merged[row.scope] = row.total;
    }
    return merged;
  }

  async function accountOf(dbx: DbOrTrx, space: GroupRow, charging = false): Promise<SpaceAccount> {
    if (space.type === 'team') {
      return {
        kind: 'team',
        groupId: space.id,
        ownerId: space.owner_id,
        companyId: space.company_id,
        deptId: space.dept_id,
        teamType: space.team_type,
      };
    }
    // A personal space counts against its owner's current company and main department.
    // Charging on PostgreSQL, where transactions run side by side: a move of the owner's main
    // department waits for this charge, or this charge for the move, never the two at once.
    const membership =
      charging && dialect === 'postgres'
        ? await repo.findCompanyMembershipShared(dbx, space.owner_id)
        : await repo.findCompanyMembership(dbx, space.owner_id);
    return {
      kind: 'personal',
      groupId: space.id,
      ownerId: space.owner_id,
      companyId: membership?.company_id ?? 0,
      deptId: membership?.main_dept_id ?? null,
      teamType: 0,
    };
  }

  async function targetsOf(
    dbx: DbOrTrx,
    space: GroupRow,
    actorId: number,
    charging = false,
  ): Promise<QuotaTarget[]> {
    return quotaTargets(await accountOf(dbx, space, charging), actorId);
  }

  async function usageOf(dbx: DbOrTrx, scope: QuotaScope, id: number): Promise<SpaceUsage> {
    const row = await repo.findQuota(dbx, scope, id);
    return { total: limitsOf(scope, row, await defaultsOf(dbx)).total, used: row?.used ?? 0 };
  }

  return {
    /** Refuses a write of `delta` into `space` up front, with the key of the first full scope. */
    async check(actorId: number, space: GroupRow, delta: Usage, dbx: DbOrTrx = db): Promise<void> {
      if (delta.bytes <= 0 && delta.files <= 0) return;
      const defaults = await defaultsOf(dbx);
      for (const target of await targetsOf(dbx, space, actorId)) {
        const row = await repo.findQuota(dbx, target.scope, target.id);
        const after = { bytes: (row?.used ?? 0) + delta.bytes, files: (row?.file_count ?? 0) + delta.files };
        const key = overflowKey(target, limitsOf(target.scope, row, defaults), after, delta);
        if (key) throw new DomainError(key);
      }
    },

    /**
     * Applies usage changes inside the metadata transaction `trx`. Rows are updated in one fixed
     * order (scope, id) so that concurrent writers cannot deadlock; the update returns the new
     * value, so two writers racing for the last bytes cannot both pass.
     */
    async charge(trx: DbOrTrx, actorId: number, changes: UsageChange[]): Promise<void> {
      const merged = new Map<string, { target: QuotaTarget; delta: Usage }>();
      for (const change of changes) {
        for (const target of await targetsOf(trx, change.space, actorId, true)) {
          const key = `${target.scope}:${target.id}`;
          const entry = merged.get(key) ?? { target, delta: { bytes: 0, files: 0 } };
          entry.delta.bytes += change.bytes;
          entry.delta.files += change.files;
          merged.set(key, entry);
        }
      }
      const ordered = [...merged.values()].sort(
        (a, b) => a.target.scope.localeCompare(b.target.scope) || a.target.id - b.target.id,
      );
      const defaults = await defaultsOf(trx);
      // The most specific scope names the error when several overflow (quota.ts order).
      let refusal: { rank: number; key: DomainError['key'] } | undefined;
      for (const { target, delta } of ordered) {
        if (delta.bytes === 0 && delta.files === 0) continue;
        const row = await repo.addUsage(trx, target.scope, target.id, delta.bytes, delta.files);
        const key = overflowKey(
          target,
          limitsOf(target.scope, row, defaults),
          { bytes: row.used, files: row.file_count },
          delta,
        );
        const rank = SCOPE_RANK[target.scope];
        if (key && (!refusal || rank < refusal.rank)) refusal = { rank, key };
      }
      if (refusal) throw new DomainError(refusal.key);
    },

    /** Total and used of the scope that a space shows as its own (user for personal, group for teams). */
    async spaceOf(space: GroupRow, dbx: DbOrTrx = db): Promise<SpaceUsage> {
      return space.type === 'team' ? usageOf(dbx, 'group', space.id) : usageOf(dbx, 'user', space.owner_id);
    },

    usageOf: (scope: QuotaScope, id: number) => usageOf(db, scope, id),

    /** The limits of a department's group space (GET /space/v1/depts/{id}/info). */
    async deptSpace(deptId: number) {
      const row = await repo.findQuota(db, 'dept', deptId);
      const defaults = await defaultsOf(db);
      return {
        default: row?.total ?? defaults.dept,
        expand_self: row?.expand_self ?? 0,
        total: limitsOf('dept', row, defaults).total,
        used: row?.used ?? 0,
      };
    },

    /**
     * Makes `to` a person's main department, in the caller's transaction: what their personal
     * spaces hold counted against the old one (quota.ts: my drive and uploads charge the owner's
     * main department) and counts against the new one from now on. The membership row is locked
     * first, so a charge of their spaces under way (which reads it with a shared lock) is counted
     * before the move, or after it against the new department. Nothing is refused: the console
     * moves people; a department now over its limit refuses their next upload.
     */
    async setMainDept(trx: DbOrTrx, companyId: number, userId: number, to: number | null) {
      const replaced = await repo.replaceMainDept(trx, companyId, userId, to);
      if (!replaced || replaced.before === to) return;
      const bytes = (await repo.findQuota(trx, 'user', userId))?.used ?? 0;
      if (bytes === 0) return;
      if (replaced.before) await repo.addUsage(trx, 'dept', replaced.before, -bytes, 0);
      if (to) await repo.addUsage(trx, 'dept', to, bytes, 0);
    },

    /** Sets a scope's own limits (the administrator's console; tests). */
    set(scope: QuotaScope, id: number, settings: repo.QuotaSettings, dbx: DbOrTrx = db) {
      return repo.upsertQuota(dbx, scope, id, settings);
    },

    /** The defaults in force (the configuration's, or the console's deployment-wide ones). */
    defaults: () => defaultsOf(db),

    /** Sets the deployment-wide default of personal, team or department spaces; null: the configuration's. */
    setDefault(scope: 'user' | 'group' | 'dept', total: number | null) {
      return repo.upsertQuota(db, scope, 0, { total });
    },

    /** A scope's own row, its limit in force and its usage (the console's tables). */
    async info(scope: QuotaScope, id: number, dbx: DbOrTrx = db) {
      const row = await repo.findQuota(dbx, scope, id);
      const limits = limitsOf(scope, row, await defaultsOf(dbx));
      return {
        own_total: row?.total ?? null,
        expand_self: row?.expand_self ?? 0,
        total: limits.total,
        used: row?.used ?? 0,
        file_count: row?.file_count ?? 0,
      };
    },

    /** The limit in force of a scope's row as the console's usage query read it. */
    async limitOf(scope: QuotaScope, row: { total: number | null; expand_self: number } | undefined) {
      const full = row ? { ...row, used: 0, max_files: null, file_count: 0 } : undefined;
      return limitsOf(scope, full, await defaultsOf(db)).total;
    },
  };
}

const SCOPE_RANK: Record<QuotaScope, number> = { user: 0, group: 0, dept: 1, common: 1, company: 2 };

export type QuotaService = ReturnType<typeof createQuotaService>;
