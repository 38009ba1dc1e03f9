import {
  type TemporaryPasswordAnswer,
  validateDeptName,
  validateEmail,
  validateNickname,
  validateUniqueName,
} from '@cirrus/shared';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Db, Trx } from '../../db/index.ts';
import { lockFirstCompany } from '../../db/locks.ts';
import { DomainError } from '../../http/errors.ts';
import { commandLineActor } from './policy.ts';
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

/** Someone (a sign-up, a console) took the account's name or address after the checks. */
async function inSetupTransaction<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (err) {
    if (isUniqueViolation(err)) throw new DomainError('accountInUse');
    throw err;
  }
}

/** A setup writes no team: nobody moves between teams (teams.followDepartments). */
const noTeams = async () => {};

/**
 * A deployment's first company without the demo (`npm run admin -- setup`): the company, its root
 * department (named as the company) and its administrator, who logs in with a temporary password
 * and must change it. Refused once the deployment has a company with an administrator. It is one
 * transaction, so a setup stopped at any point leaves nothing behind and can simply be run again.
 * A deployment that an earlier version's setup left half-made (the company, maybe its root
 * department and the administrator's account, but no administrator) is completed, the company
 * taking the name given this time; the account given is the half-made administrator's or a new one.
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
  // The temporary password is hashed before the transaction (no slow work inside it); a new
  // company has the deployment's settings.
  const person = await admin.people.prepareNew(0, body);
  const { actor, adminId } = await inSetupTransaction(db, async (trx) => {
    // With the first company's lock: the demo seeded meanwhile by a start counts as a company.
    await lockFirstCompany(trx);
    const existing = await trx
      .selectFrom('companies')
      .select(['id', 'admin_id'])
      .orderBy('id')
      .executeTakeFirst();
    if (existing?.admin_id) throw new DomainError('setupDone');
    if (existing)
      await trx.updateTable('companies').set({ name: company }).where('id', '=', existing.id).execute();
    const companyId =
      existing?.id ??
      (
        await trx
          .insertInto('companies')
          .values({ name: company, admin_id: null, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    // The first company's: the operator.
    const actor = commandLineActor(companyId, true);
    const root = await trx
      .selectFrom('departments')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .where('parent_id', 'is', null)
      .executeTakeFirst();
    const rootId =
      root?.id ?? (await admin.departments.insertIn(trx, actor, { name: company, parent_id: null }));
    if (root && root.name !== company)
      await admin.departments.updateIn(trx, actor, root.id, { name: company }, noTeams);
    const withRoot = { ...person, body: { ...body, dept_ids: [rootId] } };
    // An account of that name: the administrator a setup stopped half-way made, or someone else's.
    const taken = await trx
      .selectFrom('users')
      .select('id')
      .where('unique_name', '=', account)
      .executeTakeFirst();
    const id = taken
      ? await admin.people.completeNew(trx, actor, withRoot)
      : await admin.people.insertNew(trx, actor, withRoot, noTeams);
    await trx.updateTable('companies').set({ admin_id: id }).where('id', '=', companyId).execute();
    return { actor, adminId: id };
  });
  return {
    user: await admin.people.get(actor, adminId),
    temporary_password: person.password,
    companyId: actor.companyId,
  };
}
