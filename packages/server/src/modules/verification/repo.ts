import type { Insertable, Selectable } from 'kysely';
import type { DbOrTrx } from '../../db/index.ts';
import type { VerificationCodesTable } from '../../db/schema.ts';

export type CodeRow = Selectable<VerificationCodesTable>;
export type CodePurpose = VerificationCodesTable['purpose'];

export async function insertCode(db: DbOrTrx, row: Insertable<VerificationCodesTable>): Promise<number> {
  const inserted = await db
    .insertInto('verification_codes')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Codes sent to an address (any purpose) since a time, newest first. */
export function codesToAddressSince(db: DbOrTrx, address: string, since: number) {
  return db
    .selectFrom('verification_codes')
    .select(['id', 'purpose', 'created_at'])
    .where('address', '=', address)
    .where('created_at', '>', since)
    .orderBy('id', 'desc')
    .execute();
}

export async function countCodesOfUserSince(db: DbOrTrx, userId: number, since: number): Promise<number> {
  const row = await db
    .selectFrom('verification_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The newest live code for the purpose, user and address. */
export function findLiveCode(
  db: DbOrTrx,
  q: { purpose: CodePurpose; userId: number; address: string; now: number },
): Promise<CodeRow | undefined> {
  return db
    .selectFrom('verification_codes')
    .selectAll()
    .where('purpose', '=', q.purpose)
    .where('user_id', '=', q.userId)
    .where('address', '=', q.address)
    .where('used_at', 'is', null)
    .where('expires_at', '>', q.now)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function addAttempt(db: DbOrTrx, id: number): Promise<void> {
  await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Marks a code used, if no one else did first; answers whether this call did. */
export async function useCode(db: DbOrTrx, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('verification_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
