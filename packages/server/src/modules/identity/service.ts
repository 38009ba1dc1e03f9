import {
  type IdentityRequest,
  type IdentityState,
  maskIdNumber,
  validateIdNumber,
  validateRealName,
} from '@cirrus/shared';
import type { Db } from '../../db/index.ts';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import type { AuditLog } from '../admin/audit.ts';
import { type ConsoleActor, consoleActorOf } from '../admin/policy.ts';
import type { OutboxService } from '../outbox/service.ts';
import type { SettingsService } from '../settings/service.ts';
import type { UserService } from '../users/service.ts';
import { reviewableCompanies } from './policy.ts';
import * as repo from './repo.ts';
import type { IdentityListQuery } from './schema.ts';

/** The real name shown back to its owner: the last character only (张** / ****r). */
function maskName(name: string): string {
  const chars = [...name];
  return chars.length <= 1 ? name : `${'*'.repeat(chars.length - 1)}${chars[chars.length - 1]}`;
}

function presentRequest(row: Awaited<ReturnType<typeof repo.findRequest>> & {}): IdentityRequest {
  return {
    id: row.id,
    user: { id: row.user_id, nick_name: row.nick_name, unique_name: row.unique_name },
    real_name: row.real_name,
    id_number: maskIdNumber(row.id_number),
    status: row.status,
    reason: row.reason,
    submitted_at: row.created_at,
    reviewed_at: row.reviewed_at,
  };
}

/**
 * Real-name verification (spec 002 §1, §5): where allow_real_name is on, a user submits a real
 * name and an identity number, an administrator approves or rejects it, and sharing waits for
 * `verified` (the sharing module reads `state`). The newest request of a user is their state.
 */
export function createIdentityService({
  db,
  settings,
  users,
  outbox,
  audit,
  now,
}: {
  db: Db;
  /** The console's audit log: every decision on a request is written there with it. */
  audit: AuditLog;
  settings: SettingsService;
  users: UserService;
  outbox: OutboxService;
  now: () => number;
}) {
  async function scope(actor: Actor): Promise<number[]> {
    const companies = reviewableCompanies(actor, await users.operatorCompanyId());
    if (!companies) throw new DomainError('permissionDenied');
    return companies;
  }

  /** A session's reviewer as the audit log names it. */
  async function reviewerOf(actor: Actor, ip: string): Promise<ConsoleActor> {
    const reviewer = await consoleActorOf(db, actor, ip);
    if (!reviewer) throw new DomainError('permissionDenied');
    return reviewer;
  }

  /** The companies whose requests a console actor reviews (the operator's include general users). */
  const consoleScope = (reviewer: ConsoleActor) =>
    reviewer.operator ? [reviewer.companyId, 0] : [reviewer.companyId];

  async function listIn(companyIds: number[], query: IdentityListQuery) {
    const rows = await repo.listRequests(db, { ...query, companyIds, limit: query.limit + 1 });
    return {
      identities: rows.slice(0, query.limit).map(presentRequest),
      offset: query.offset,
      limit: query.limit,
      more: rows.length > query.limit,
    };
  }

  /**
   * A decision on a pending request of one of `companies`, by `reviewer` (user 0 on the command
   * line), written to the console's audit log in the same transaction.
   */
  async function decide(
    reviewer: ConsoleActor,
    companies: number[],
    id: number,
    status: 'verified' | 'rejected',
    reason: string,
  ) {
    const row = await repo.findRequest(db, id);
    // Another company's request is as missing as one that does not exist.
    if (!row || !companies.includes(row.company_id)) throw new DomainError('notFound');
    await db.transaction().execute(async (trx) => {
      const decision = { status, reason, reviewerId: reviewer.userId, at: now() };
      if (!(await repo.review(trx, id, decision))) throw new DomainError('identityNotPending');
      await audit.record(
        reviewer,
        {
          action: status === 'verified' ? 'identity.approve' : 'identity.reject',
          targetType: 'user',
          targetId: row.user_id,
          targetName: row.nick_name,
          detail: reason ? { reason } : {},
          companyId: row.company_id,
        },
        trx,
      );
    });
    if (row.email) {
      const approved = status === 'verified';
      await outbox.send({
        channel: 'mail',
        to: row.email,
        subject: approved
          ? 'Your real-name verification was approved / 实名认证已通过'
          : 'Your real-name verification was not approved / 实名认证未通过',
        body: approved
          ? 'Your Cirrus account is now verified; you can share files by link.\n您的 Cirrus 账号已通过实名认证，现在可以分享文件。'
          : `Your real-name verification was not approved${reason ? `: ${reason}` : '.'} You may submit it again.\n您的实名认证未通过${reason ? `：${reason}` : '。'}您可以重新提交。`,
        kind: 'identity_result',
      });
    }
    const updated = await repo.findRequest(db, id);
    if (!updated) throw new DomainError('notFound');
    return presentRequest(updated);
  }

  const service = {
    /** GET /p/identity. */
    async state(actor: Actor): Promise<IdentityState> {
      const [{ allow_real_name }, latest] = await Promise.all([
        settings.get(actor.companyId),
        repo.latestOfUser(db, actor.userId),
      ]);
      return {
        required: allow_real_name,
        verified: latest?.status === 'verified',
        status: latest?.status ?? 'unverified',
        real_name: latest ? maskName(latest.real_name) : '',
        id_number: latest ? maskIdNumber(latest.id_number) : '',
        submitted_at: latest?.created_at ?? null,
        reviewed_at: latest?.reviewed_at ?? null,
        reason: latest?.reason ?? '',
      };
    },

    /** POST /p/identity: a new request, unless one is pending or already approved. */
    async submit(actor: Actor, input: { real_name: string; id_number: string }): Promise<IdentityState> {
      const { allow_real_name } = await settings.get(actor.companyId);
      if (!allow_real_name) throw new DomainError('identityNotRequired');
      const nameError = validateRealName(input.real_name);
      if (nameError) throw new DomainError(nameError);
      const numberError = validateIdNumber(input.id_number);
      if (numberError) throw new DomainError(numberError);
      const latest = await repo.latestOfUser(db, actor.userId);
      if (latest && latest.status !== 'rejected') throw new DomainError('identitySubmitted');
      await repo.insertRequest(db, {
        user_id: actor.userId,
        company_id: actor.companyId,
        real_name: input.real_name.trim(),
        id_number: input.id_number.trim().toUpperCase(),
        status: 'pending',
        reviewer_id: null,
        created_at: now(),
        reviewed_at: null,
      });
      return service.state(actor);
    },

    /** GET /admin/v1/identities: the review queue of the administrator's company. */
    async list(actor: Actor, query: IdentityListQuery) {
      return listIn(await scope(actor), query);
    },

    async approve(actor: Actor, id: number, ip = '') {
      return decide(await reviewerOf(actor, ip), await scope(actor), id, 'verified', '');
    },

    async reject(actor: Actor, id: number, reason: string, ip = '') {
      return decide(await reviewerOf(actor, ip), await scope(actor), id, 'rejected', reason);
    },

    /** The same queue for the command line (`npm run admin -- identities ...`). */
    console: {
      list: (reviewer: ConsoleActor, query: IdentityListQuery) => listIn(consoleScope(reviewer), query),
      approve: (reviewer: ConsoleActor, id: number) =>
        decide(reviewer, consoleScope(reviewer), id, 'verified', ''),
      reject: (reviewer: ConsoleActor, id: number, reason: string) =>
        decide(reviewer, consoleScope(reviewer), id, 'rejected', reason),
    },
  };
  return service;
}

export type IdentityService = ReturnType<typeof createIdentityService>;
