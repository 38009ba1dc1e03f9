import { hotQuery } from '../../db/hot.ts';
import type { DbOrTrx } from '../../db/index.ts';

const settingsOf = hotQuery((db, companyIds: number[]) =>
  db
    .selectFrom('settings')
    .select(['company_id', 'name', 'value'])
    .where('company_id', 'in', companyIds)
    .orderBy('company_id'),
);

export function findSettings(db: DbOrTrx, companyIds: number[]) {
  return settingsOf.all(db, companyIds);
}

export async function deleteSetting(db: DbOrTrx, companyId: number, name: string) {
  await db.deleteFrom('settings').where('company_id', '=', companyId).where('name', '=', name).execute();
}

export async function upsertSetting(
  db: DbOrTrx,
  companyId: number,
  name: string,
  value: string,
  now: number,
) {
  await db
    .insertInto('settings')
    .values({ company_id: companyId, name, value, updated_at: now })
    .onConflict((oc) => oc.columns(['company_id', 'name']).doUpdateSet({ value, updated_at: now }))
    .execute();
}
