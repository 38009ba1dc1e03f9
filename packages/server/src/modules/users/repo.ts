import type { DbOrTrx } from '../../db/index.ts';
import type { CompanyRow, NewUser, UserRow, UserUpdate } from '../../db/schema.ts';

export function findUserById(db: DbOrTrx, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: DbOrTrx, user: NewUser): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findMembership(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('company_members')
    .innerJoin('companies', 'companies.id', 'company_members.company_id')
    .select([
      'company_members.company_id',
      'company_members.employee_id',
      'company_members.title',
      'company_members.ext_phone_number',
      'company_members.main_dept_id',
      'companies.name as company_name',
      'companies.admin_id',
    ])
    .where('company_members.user_id', '=', userId)
    .executeTakeFirst();
}

export function findCompany(db: DbOrTrx, id: number): Promise<CompanyRow | undefined> {
  return db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserDepts(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('dept_members')
    .innerJoin('departments', 'departments.id', 'dept_members.dept_id')
    .select(['departments.id', 'departments.name', 'departments.display_path_name'])
    .where('dept_members.user_id', '=', userId)
    .where('departments.status', '=', 'active')
    .orderBy('departments.id')
    .execute();
}

/** Another user holding this email (stored lower-case) or this phone, if any. */
export function findOtherUserWith(
  db: DbOrTrx,
  field: 'email' | 'phone',
  value: string,
  exceptUserId: number,
): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('users')
    .select('id')
    .where(field, '=', value)
    .where('id', '!=', exceptUserId)
    .executeTakeFirst();
}

export async function updateUser(db: DbOrTrx, id: number, patch: UserUpdate): Promise<void> {
  await db.updateTable('users').set(patch).where('id', '=', id).execute();
}

export async function updateMemberExtPhone(
  db: DbOrTrx,
  companyId: number,
  userId: number,
  extPhone: string,
): Promise<void> {
  await db
    .updateTable('company_members')
    .set({ ext_phone_number: extPhone })
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .execute();
}

/** Whether two users are members of one team (general users meet there rather than in a company). */
export async function shareATeam(db: DbOrTrx, a: number, b: number): Promise<boolean> {
  const row = await db
    .selectFrom('group_members as m1')
    .innerJoin('group_members as m2', 'm2.group_id', 'm1.group_id')
    .innerJoin('groups', 'groups.id', 'm1.group_id')
    .select('m1.group_id')
    .where('m1.user_id', '=', a)
    .where('m2.user_id', '=', b)
    .where('groups.type', '=', 'team')
    .where('groups.status', '=', 'active')
    .executeTakeFirst();
  return row !== undefined;
}

export async function firstCompanyId(db: DbOrTrx): Promise<number> {
  const row = await db.selectFrom('companies').select('id').orderBy('id').limit(1).executeTakeFirst();
  return row?.id ?? 0;
}
