import type { Insertable, Selectable } from 'kysely';
import type { DbOrTrx } from '../../db/index.ts';
import type { IdentityRequestsTable } from '../../db/schema.ts';

export type IdentityRow = Selectable<IdentityRequestsTable>;

export function latestOfUser(db: DbOrTrx, userId: number): Promise<IdentityRow | undefined> {
  return db
    .selectFrom('identity_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertRequest(db: DbOrTrx, row: Insertable<IdentityRequestsTable>): Promise<number> {
  const inserted = await db
    .insertInto('identity_requests')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export function findRequest(db: DbOrTrx, id: number) {
  return db
    .selectFrom('identity_requests')
    .innerJoin('users', 'users.id', 'identity_requests.user_id')
    .selectAll('identity_requests')
    .select(['users.nick_name', 'users.unique_name', 'users.email'])
    .where('identity_requests.id', '=', id)
    .executeTakeFirst();
}

export function listRequests(
  db: DbOrTrx,
  q: { companyIds: number[]; status?: IdentityRow['status']; offset: number; limit: number },
) {
  let query = db
    .selectFrom('identity_requests')
    .innerJoin('users', 'users.id', 'identity_requests.user_id')
    .selectAll('identity_requests')
    .select(['users.nick_name', 'users.unique_name', 'users.email'])
    .where('identity_requests.company_id', 'in', q.companyIds)
    .orderBy('identity_requests.id', 'desc')
    .offset(q.offset)
    .limit(q.limit);
  if (q.status) query = query.where('identity_requests.status', '=', q.status);
  return query.execute();
}

/** Reviews a pending request; answers whether it was still pending. */
export async function review(
  db: DbOrTrx,
  id: number,
  r: { status: 'verified' | 'rejected'; reason: string; reviewerId: number; at: number },
): Promise<boolean> {
  const result = await db
    .updateTable('identity_requests')
    .set({ status: r.status, reason: r.reason, reviewer_id: r.reviewerId, reviewed_at: r.at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
