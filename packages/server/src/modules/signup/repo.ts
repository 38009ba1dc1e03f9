import crypto from 'node:crypto';
import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../db/index.ts';
import type { UsersTable } from '../../db/schema.ts';

export function findUserWith(db: DbOrTrx, field: 'email' | 'phone' | 'unique_name', value: string) {
  return db.selectFrom('users').select('id').where(field, '=', value).executeTakeFirst();
}

export async function insertUser(db: DbOrTrx, row: Insertable<UsersTable>): Promise<number> {
  const inserted = await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** A free unique name: the stem and a random suffix ("lucy_4f2a"); never an email or a phone. */
export async function freeUniqueName(db: DbOrTrx, stem: string): Promise<string> {
  const base =
    stem
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '')
      .slice(0, 20) || 'user';
  for (;;) {
    const candidate = `${/^[a-z]/.test(base) ? base : `u${base}`}_${crypto.randomBytes(2).toString('hex')}`;
    if (!(await findUserWith(db, 'unique_name', candidate))) return candidate;
  }
}
