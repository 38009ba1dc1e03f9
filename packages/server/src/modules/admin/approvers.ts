import type { ConsoleApprover } from '@cirrus/shared';
import type { Db } from '../../db/index.ts';
import { lockRow } from '../../db/locks.ts';
import { DomainError } from '../../http/errors.ts';
import type { AuditLog } from './audit.ts';
import type { ConsoleActor } from './policy.ts';

/**
 * Who approves group creation (spec 000 §4 "approve create group", issue 5): the company
 * administrator and people with the admin role always do; the console names the others. The
 * approval module reads the same group_approvers rows (approvals/repo.ts findApproverIds).
 */
export function createApproverAdmin({ db, audit }: { db: Db; audit: AuditLog }) {
  async function list(actor: ConsoleActor): Promise<{ approvers: ConsoleApprover[] }> {
    const [company, members] = await Promise.all([
      db.selectFrom('companies').select('admin_id').where('id', '=', actor.companyId).executeTakeFirst(),
      db
        .selectFrom('company_members')
        .innerJoin('users', 'users.id', 'company_members.user_id')
        .leftJoin('group_approvers', (join) =>
          join
            .onRef('group_approvers.user_id', '=', 'users.id')
            .on('group_approvers.company_id', '=', actor.companyId),
        )
        .select([
          'users.id',
          'users.unique_name',
          'users.nick_name',
          'users.roles',
          'group_approvers.user_id as named',
        ])
        .where('company_members.company_id', '=', actor.companyId)
        .where('users.status', '=', 'active')
        .orderBy('users.id')
        .execute(),
    ]);
    const approvers: ConsoleApprover[] = [];
    for (const m of members) {
      const isAdmin = m.id === company?.admin_id || (m.roles ?? '').split(',').includes('admin');
      if (!isAdmin && m.named === null) continue;
      approvers.push({
        id: m.id,
        unique_name: m.unique_name,
        nick_name: m.nick_name,
        source: isAdmin ? 'admin' : 'named',
      });
    }
    return { approvers };
  }

  return {
    list,

    /** Replaces the named approvers; each must be an active member of the company (notCompanyMember). */
    async set(actor: ConsoleActor, userIds: number[]): Promise<{ approvers: ConsoleApprover[] }> {
      const ids = [...new Set(userIds)];
      const found = ids.length
        ? await db
            .selectFrom('company_members')
            .innerJoin('users', 'users.id', 'company_members.user_id')
            .select(['users.id', 'users.unique_name'])
            .where('company_members.company_id', '=', actor.companyId)
            .where('users.status', '=', 'active')
            .where('users.id', 'in', ids)
            .execute()
        : [];
      if (found.length !== ids.length) throw new DomainError('notCompanyMember');
      await db.transaction().execute(async (trx) => {
        await lockRow(trx, 'companies', actor.companyId);
        await trx.deleteFrom('group_approvers').where('company_id', '=', actor.companyId).execute();
        if (ids.length) {
          await trx
            .insertInto('group_approvers')
            .values(ids.map((user_id) => ({ company_id: actor.companyId, user_id })))
            .execute();
        }
        await audit.record(
          actor,
          {
            action: 'approvers.set',
            targetType: 'company',
            targetId: actor.companyId,
            detail: { users: found.map((u) => u.unique_name) },
          },
          trx,
        );
      });
      return list(actor);
    },
  };
}

export type ApproverAdmin = ReturnType<typeof createApproverAdmin>;
