import {
  type TemporaryPasswordAnswer,
  validateDeptName,
  validateEmail,
  validateNickname,
  validateUniqueName,
} from '@cirrus/shared';
import type { Db } from '../../db/index.ts';
import { lockFirstCompany } from '../../db/locks.ts';
import { DomainError } from '../../http/errors.ts';
import type { ConsoleActor } from './policy.ts';
import { CreateUserBody } from './schema.ts';
import type { AdminServices } from './service.ts';

export interface SetupInput {
  company: string;
  account: string;
  name: string;
  email?: string;
}

export interface SetupAnswer extends TemporaryPasswordAnswer {
  companyId: number;
}

/**
 * A deployment's first company without the demo (`npm run admin -- setup`): the company, its root
 * department (named as the company) and its administrator, who logs in with a temporary password
 * and must change it. Refused once the deployment has a company with an administrator. Everything
 * the administrator's record is checked against is checked before anything is written; a setup
 * that stopped half-way all the same (the company there, its administrator not) is completed, and
 * the company takes the name given this time.
 */
export async function setupCompany(
  db: Db,
  admin: Pick<AdminServices, 'people' | 'departments'>,
  input: SetupInput,
  now: number,
): Promise<SetupAnswer> {
  const company = input.company.trim();
  const account = input.account.trim().toLowerCase();
  const email = input.email?.trim().toLowerCase() || null;
  if (validateDeptName(company)) throw new DomainError('illegalDeptName');
  if (validateUniqueName(account)) throw new DomainError('InvalidAccount');
  if (validateNickname(input.name)) throw new DomainError('InvalidNickname');
  if (email && validateEmail(email)) throw new DomainError('InvalidEmail');
  const body = CreateUserBody.parse({
    unique_name: account,
    nick_name: input.name,
    email,
    phone: null,
    roles: ['admin'],
  });
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('unique_name', '=', account), ...(email ? [eb('email', '=', email)] : [])]))
    .executeTakeFirst();
  if (taken) throw new DomainError('accountInUse');

  // With the first company's lock: the demo seeded meanwhile by a start counts as a company.
  const companyId = await db.transaction().execute(async (trx) => {
    await lockFirstCompany(trx);
    const existing = await trx
      .selectFrom('companies')
      .select(['id', 'admin_id'])
      .orderBy('id')
      .executeTakeFirst();
    if (existing?.admin_id) throw new DomainError('setupDone');
    if (existing) {
      await trx.updateTable('companies').set({ name: company }).where('id', '=', existing.id).execute();
      return existing.id;
    }
    const row = await trx
      .insertInto('companies')
      .values({ name: company, admin_id: null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  const actor: ConsoleActor = {
    userId: 0,
    name: 'command line',
    companyId,
    access: 'manage',
    operator: true,
    via: 'cli',
    ip: '',
  };
  const root = await db
    .selectFrom('departments')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('parent_id', 'is', null)
    .executeTakeFirst();
  const rootId = root?.id ?? (await admin.departments.create(actor, { name: company, parent_id: null })).id;
  if (root && root.name !== company) await admin.departments.update(actor, root.id, { name: company });
  const created = await admin.people.create(actor, { ...body, dept_ids: [rootId] });
  await db.updateTable('companies').set({ admin_id: created.user.id }).where('id', '=', companyId).execute();
  return { ...created, companyId };
}
