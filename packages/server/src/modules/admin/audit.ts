import type { AuditEntry } from '@cirrus/shared';
import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../../db/index.ts';
import { containsPattern } from '../../db/like.ts';
import type { ConsoleActor } from './policy.ts';

export interface AuditRecord {
  action: string;
  targetType: string;
  targetId?: string | number;
  targetName?: string;
  detail?: Record<string, unknown>;
  /** Deployment-wide changes are logged under company 0; else the actor's company. */
  companyId?: number;
}

/** The audit log of administrative actions: who changed what, when (the console's Audit screen). */
export function createAuditLog({ db, now }: { db: Db; now: () => number }) {
  return {
    /** Writes an entry; inside the change's transaction when given one, so both commit or neither. */
    async record(actor: ConsoleActor, entry: AuditRecord, dbx: DbOrTrx = db): Promise<void> {
      await dbx
        .insertInto('audit_log')
        .values({
          company_id: entry.companyId ?? actor.companyId,
          actor_id: actor.userId,
          actor_name: actor.name,
          via: actor.via,
          action: entry.action,
          target_type: entry.targetType,
          target_id: entry.targetId === undefined ? '' : String(entry.targetId),
          target_name: entry.targetName ?? '',
          detail: JSON.stringify(entry.detail ?? {}),
          ip: actor.ip,
          created_at: now(),
        })
        .execute();
    },

    async list(
      actor: ConsoleActor,
      q: { offset: number; limit: number; action?: string; q?: string },
    ): Promise<{ entries: AuditEntry[]; offset: number; limit: number; more: boolean }> {
      let query = db
        .selectFrom('audit_log')
        .selectAll()
        .where('company_id', 'in', actor.operator ? [actor.companyId, 0] : [actor.companyId])
        .orderBy('id', 'desc')
        .offset(q.offset)
        .limit(q.limit + 1);
      if (q.action) query = query.where('action', '=', q.action);
      if (q.q) {
        const like = containsPattern(q.q.toLowerCase());
        query = query.where(
          sql<boolean>`(lower(actor_name) like ${like} escape '\\' or lower(target_name) like ${like} escape '\\')`,
        );
      }
      const rows = await query.execute();
      return {
        entries: rows.slice(0, q.limit).map((r) => ({
          id: r.id,
          actor: { id: r.actor_id, name: r.actor_name, via: r.via },
          action: r.action,
          target_type: r.target_type,
          target_id: r.target_id,
          target_name: r.target_name,
          detail: JSON.parse(r.detail) as Record<string, unknown>,
          ip: r.ip,
          created_at: r.created_at,
        })),
        offset: q.offset,
        limit: q.limit,
        more: rows.length > q.limit,
      };
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
