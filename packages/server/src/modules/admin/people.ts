import {
  type AdminUser,
  type AdminUserPage,
  COMPANY_ROLES,
  generateTemporaryPassword,
  type Settings,
  type TemporaryPasswordAnswer,
  validateEmail,
  validateNickname,
  validatePhone,
  validateUniqueName,
  validateVipLevel,
} from '@cirrus/shared';
import { isUniqueViolation, isUniqueViolationOf } from '../../db/errors.ts';
import type { Db, DbOrTrx, Trx } from '../../db/index.ts';
import type { UserUpdate } from '../../db/schema.ts';
import { DomainError } from '../../http/errors.ts';
import { pinyinOf } from '../../lib/pinyin.ts';
import type { PasswordService } from '../accounts/password-service.ts';
import { hashPassword } from '../accounts/passwords.ts';
import type { AccountService } from '../accounts/service.ts';
import type { SettingsService } from '../settings/service.ts';
import type { QuotaService } from '../spaces/quota-service.ts';
import type { Moving, TeamService } from '../teams/service.ts';
import type { AuditLog } from './audit.ts';
import { type ConsoleActor, requireOperator } from './policy.ts';
import * as repo from './repo.ts';
import type { CreateUserBody, PeopleListQuery, SetDeptsBody, UpdateUserBody } from './schema.ts';

export interface PeopleDeps {
  db: Db;
  settings: SettingsService;
  quota: QuotaService;
  accounts: AccountService;
  passwords: PasswordService;
  audit: AuditLog;
  teams: Pick<TeamService, 'followDepartments'>;
  now: () => number;
}

/** The fields of a person a form or an import may set, checked and normalised. */
export interface PersonFields {
  nick_name?: string;
  email?: string | null;
  phone?: string | null;
  title?: string;
  employee_id?: string;
  vip_level?: number;
}

/** A temporary password by the rule in force (spec 002 §5: the private rule in a private deployment). */
export function temporaryPassword(s: Settings): string {
  return generateTemporaryPassword(s.IS_PRIVATIZATION ? s.private_password_rule : undefined);
}

/** Checks and normalises a person's fields: the same validators the console's forms use. */
export function checkPersonFields(input: PersonFields, s: Settings): PersonFields {
  const out: PersonFields = {};
  if (input.nick_name !== undefined) {
    if (validateNickname(input.nick_name)) throw new DomainError('InvalidNickname');
    out.nick_name = input.nick_name.trim();
  }
  if (input.email !== undefined) {
    const email = (input.email ?? '').trim().toLowerCase();
    if (email && validateEmail(email)) throw new DomainError('InvalidEmail');
    out.email = email || null;
  }
  if (input.phone !== undefined) {
    const phone = (input.phone ?? '').trim();
    if (phone && validatePhone(phone, { privatization: s.IS_PRIVATIZATION }))
      throw new DomainError('InvalidPhone');
    out.phone = phone || null;
  }
  if (input.title !== undefined) out.title = input.title.trim();
  if (input.employee_id !== undefined) out.employee_id = input.employee_id.trim();
  if (input.vip_level !== undefined) {
    if (validateVipLevel(input.vip_level)) throw new DomainError('badRequest');
    out.vip_level = input.vip_level;
  }
  return out;
}

/**
 * Writes a new member of a company: their account, with a temporary password to be changed at the
 * first login, and their membership; answers the id. Their departments are the caller's to write.
 */
export async function insertAccount(
  trx: DbOrTrx,
  companyId: number,
  p: {
    uniqueName: string;
    fields: PersonFields;
    roles?: string;
    passwordHash: string;
    mainDeptId: number | null;
    now: number;
  },
): Promise<number> {
  const { uniqueName, fields } = p;
  const py = pinyinOf(fields.nick_name ?? uniqueName);
  const id = await repo.insertUser(trx, {
    unique_name: uniqueName,
    nick_name: fields.nick_name ?? uniqueName,
    pinyin: py.full,
    pinyin_initials: py.initials,
    email: fields.email ?? null,
    phone: fields.phone ?? null,
    password_hash: p.passwordHash,
    vip_level: fields.vip_level ?? 0,
    roles: p.roles ?? '',
    must_change_password: 1,
    password_changed_at: p.now,
    created_at: p.now,
  });
  await repo.insertMember(trx, {
    company_id: companyId,
    user_id: id,
    title: fields.title ?? '',
    employee_id: fields.employee_id ?? '',
    main_dept_id: p.mainDeptId,
    created_at: p.now,
  });
  return id;
}

/** A new member checked and their temporary password hashed, before the transaction that writes them. */
export interface NewPerson {
  body: CreateUserBody;
  uniqueName: string;
  fields: PersonFields;
  /** Checked and joined: "admin,auditor". */
  roles: string;
  password: string;
  passwordHash: string;
}

/** People in the console: list and search, create, edit, disable, reset password, quota, departments, sync mark. */
export function createPeopleService({
  db,
  settings,
  quota,
  accounts,
  passwords,
  audit,
  teams,
  now,
}: PeopleDeps) {
  async function present(rows: repo.PersonRow[], dbx: DbOrTrx = db): Promise<AdminUser[]> {
    const depts = await repo.deptsOfUsers(
      dbx,
      rows.map((r) => r.id),
    );
    return Promise.all(
      rows.map(async (r) => {
        const q = await quota.info('user', r.id, dbx);
        return {
          id: r.id,
          unique_name: r.unique_name,
          nick_name: r.nick_name,
          pinyin: r.pinyin,
          email: r.email ?? '',
          phone: r.phone ?? '',
          status: r.status === 'disabled' ? 'disabled' : 'active',
          source: r.source === 'sync' ? 'sync' : 'local',
          vip_level: r.vip_level,
          roles: r.roles ? r.roles.split(',') : [],
          must_change_password: r.must_change_password === 1,
          company_id: r.company_id ?? 0,
          title: r.title ?? '',
          employee_id: r.employee_id ?? '',
          main_dept_id: r.main_dept_id ?? null,
          depts: depts
            .filter((d) => d.user_id === r.id)
            .map((d) => ({ id: d.id, name: d.name, display_path_name: d.display_path_name })),
          quota: { total: q.total, used: q.used, own_total: q.own_total },
          created_at: r.created_at,
        } satisfies AdminUser;
      }),
    );
  }

  /** A person the actor administers: their company's, or a general user for the operator; else userNotExist. */
  async function load(actor: ConsoleActor, userId: number, dbx: DbOrTrx = db): Promise<repo.PersonRow> {
    const row = await repo.findPerson(dbx, userId);
    if (!row) throw new DomainError('userNotExist');
    const companyId = row.company_id ?? 0;
    if (companyId === 0 ? !actor.operator : companyId !== actor.companyId)
      throw new DomainError('userNotExist');
    return row;
  }

  async function presentOne(actor: ConsoleActor, userId: number): Promise<AdminUser> {
    const [user] = await present([await load(actor, userId)]);
    return user;
  }

  /** The departments, all of the actor's company and active; the main one among them. */
  async function checkDepts(actor: ConsoleActor, deptIds: number[], dbx: DbOrTrx = db): Promise<number[]> {
    const unique = [...new Set(deptIds)];
    const found = await repo.findDeptsByIds(dbx, actor.companyId, unique);
    if (found.length !== unique.length || found.some((d) => d.status !== 'active'))
      throw new DomainError('deptNotExist');
    return unique;
  }

  async function assertFree(
    dbx: DbOrTrx,
    field: 'email' | 'phone',
    value: string | null | undefined,
    self?: number,
  ) {
    if (!value) return;
    const other = await repo.findUserIdWith(dbx, field, value);
    if (other && other.id !== self)
      throw new DomainError(field === 'email' ? 'EmailAlreadyInUsed' : 'PhoneAlreadyInUsed');
  }

  function checkRoles(roles: string[]): string {
    const unique = [...new Set(roles.map((r) => r.trim()).filter(Boolean))];
    if (!unique.every((r) => (COMPANY_ROLES as readonly string[]).includes(r)))
      throw new DomainError('badRequest');
    return unique.join(',');
  }

  /**
   * A new member's request checked, with a temporary password by the company's rule and its hash:
   * the slow part, done before the transaction that writes them (insertNew).
   */
  async function prepareNew(companyId: number, body: CreateUserBody): Promise<NewPerson> {
    const s = await settings.get(companyId);
    const uniqueName = body.unique_name.trim().toLowerCase();
    if (validateUniqueName(uniqueName)) throw new DomainError('InvalidAccount');
    const fields = checkPersonFields(
      {
        nick_name: body.nick_name,
        email: body.email ?? null,
        phone: body.phone ?? null,
        title: body.title ?? '',
        employee_id: body.employee_id ?? '',
        vip_level: body.vip_level ?? 0,
      },
      s,
    );
    const roles = checkRoles(body.roles ?? []);
    const password = temporaryPassword(s);
    return { body, uniqueName, fields, roles, password, passwordHash: await hashPassword(password) };
  }

  /**
   * Writes a prepared new member of the actor's company in the caller's transaction: the account
   * and addresses free, the departments the company's; answers their id. `moving` is told before
   * their departments are written (teams.followDepartments).
   */
  async function insertNew(
    trx: Trx,
    actor: ConsoleActor,
    person: NewPerson,
    moving: Moving,
  ): Promise<number> {
    const { body, uniqueName, fields, roles } = person;
    const deptIds = await checkDepts(actor, body.dept_ids ?? [], trx);
    const mainDeptId = body.main_dept_id ?? deptIds[0] ?? null;
    if (mainDeptId !== null && !deptIds.includes(mainDeptId)) throw new DomainError('deptNotExist');
    if (await repo.findUserByUniqueName(trx, uniqueName)) throw new DomainError('accountInUse');
    await assertFree(trx, 'email', fields.email);
    await assertFree(trx, 'phone', fields.phone);
    const id = await insertAccount(trx, actor.companyId, {
      uniqueName,
      fields,
      roles,
      passwordHash: person.passwordHash,
      mainDeptId,
      now: now(),
    });
    await moving([id]);
    await repo.replaceDeptMemberships(trx, id, deptIds);
    if (body.quota !== undefined) await quota.set('user', id, { total: body.quota }, trx);
    await audit.record(
      actor,
      {
        action: 'user.create',
        targetType: 'user',
        targetId: id,
        targetName: uniqueName,
        detail: { nick_name: fields.nick_name, dept_ids: deptIds, roles },
      },
      trx,
    );
    return id;
  }

  /**
   * Completes, in the caller's transaction, a new member that an earlier run wrote but did not
   * finish (npm run admin -- setup stopped half-way before setup was one transaction): the
   * account of the actor's company that nobody has chosen a password for yet. They take the name,
   * address, roles and temporary password prepared now, and the departments asked for if they
   * have none. Any other account answers accountInUse: someone else has it.
   */
  async function completeNew(trx: Trx, actor: ConsoleActor, person: NewPerson): Promise<number> {
    const { body, uniqueName, fields } = person;
    const found = await repo.findUserByUniqueName(trx, uniqueName);
    const row = found && (await repo.findPerson(trx, found.id));
    // What that setup left: an active administrator of the company who has never chosen a
    // password. Anyone else (a person made or imported with no admin role, one disabled) is someone's.
    const halfMade =
      row &&
      row.company_id === actor.companyId &&
      row.must_change_password === 1 &&
      row.status === 'active' &&
      (row.roles ?? '').split(',').includes('admin');
    if (!halfMade) throw new DomainError('accountInUse');
    await assertFree(trx, 'email', fields.email, row.id);
    const py = pinyinOf(fields.nick_name ?? uniqueName);
    const roles = checkRoles([...(row.roles ? row.roles.split(',') : []), ...person.roles.split(',')]);
    await repo.updateUser(trx, row.id, {
      nick_name: fields.nick_name ?? uniqueName,
      pinyin: py.full,
      pinyin_initials: py.initials,
      ...(fields.email ? { email: fields.email } : {}),
      roles,
    });
    await passwords.setTemporaryIn(trx, row.id, person.passwordHash);
    if ((await repo.deptsOfUsers(trx, [row.id])).length === 0) {
      const deptIds = await checkDepts(actor, body.dept_ids ?? [], trx);
      await repo.replaceDeptMemberships(trx, row.id, deptIds);
      await quota.setMainDept(trx, actor.companyId, row.id, body.main_dept_id ?? deptIds[0] ?? null);
    }
    await audit.record(
      actor,
      {
        action: 'user.complete',
        targetType: 'user',
        targetId: row.id,
        targetName: uniqueName,
        detail: { nick_name: fields.nick_name, roles },
      },
      trx,
    );
    return row.id;
  }

  const service = {
    present,
    load,

    async list(actor: ConsoleActor, q: PeopleListQuery): Promise<AdminUserPage> {
      if (q.scope === 'general') requireOperator(actor);
      let deptPath: string | undefined;
      if (q.dept_id) {
        const [dept] = await repo.findDeptsByIds(db, actor.companyId, [q.dept_id]);
        if (!dept) throw new DomainError('deptNotExist');
        deptPath = dept.path;
      }
      const { rows, total } = await repo.searchPeople(db, {
        companyId: q.scope === 'general' ? 0 : actor.companyId,
        q: q.q?.trim() || undefined,
        deptPath,
        status: q.status,
        offset: q.offset,
        limit: q.limit,
      });
      return {
        users: await present(rows),
        total,
        offset: q.offset,
        limit: q.limit,
        more: q.offset + rows.length < total,
      };
    },

    get: presentOne,

    prepareNew,
    insertNew,
    completeNew,

    /**
     * A new member of the actor's company with a temporary password from the shared generator,
     * answered this once; must_change_password makes the first login ask for a new one.
     */
    async create(actor: ConsoleActor, body: CreateUserBody): Promise<TemporaryPasswordAnswer> {
      const person = await prepareNew(actor.companyId, body);
      let id = 0;
      try {
        // Departments bring the newcomer into their teams (teams.followDepartments).
        id = await teams.followDepartments((trx, moving) => insertNew(trx, actor, person, moving));
      } catch (err) {
        // Someone took the name or address between the check and the insert.
        if (isUniqueViolation(err)) throw new DomainError('accountInUse');
        throw err;
      }
      return { user: await presentOne(actor, id), temporary_password: person.password };
    },

    /** Name, email, phone, title, employee id, vip level, roles and personal quota. */
    async update(actor: ConsoleActor, userId: number, body: UpdateUserBody): Promise<AdminUser> {
      const row = await load(actor, userId);
      const s = await settings.get(actor.companyId);
      const fields = checkPersonFields(body, s);
      const patch: UserUpdate = {};
      const changed: Record<string, unknown> = {};
      if (fields.nick_name !== undefined && fields.nick_name !== row.nick_name) {
        const py = pinyinOf(fields.nick_name);
        Object.assign(patch, { nick_name: fields.nick_name, pinyin: py.full, pinyin_initials: py.initials });
        changed.nick_name = fields.nick_name;
      }
      for (const field of ['email', 'phone'] as const) {
        if (fields[field] !== undefined && fields[field] !== row[field]) {
          patch[field] = fields[field];
          changed[field] = fields[field];
        }
      }
      if (fields.vip_level !== undefined && fields.vip_level !== row.vip_level) {
        patch.vip_level = fields.vip_level;
        changed.vip_level = fields.vip_level;
      }
      if (body.roles !== undefined) {
        const roles = checkRoles(body.roles);
        // An administrator cannot take away their own administration by mistake.
        if (
          userId === actor.userId &&
          !roles.split(',').includes('admin') &&
          row.roles.split(',').includes('admin')
        )
          throw new DomainError('permissionDenied');
        if (roles !== row.roles) {
          patch.roles = roles;
          changed.roles = roles;
        }
      }
      const member: { title?: string; employee_id?: string } = {};
      if (fields.title !== undefined && fields.title !== (row.title ?? ''))
        member.title = changed.title = fields.title;
      if (fields.employee_id !== undefined && fields.employee_id !== (row.employee_id ?? ''))
        member.employee_id = changed.employee_id = fields.employee_id;
      if (body.quota !== undefined) changed.quota = body.quota;
      try {
        await db.transaction().execute(async (trx) => {
          await assertFree(trx, 'email', patch.email as string | null | undefined, userId);
          await assertFree(trx, 'phone', patch.phone as string | null | undefined, userId);
          await repo.updateUser(trx, userId, patch);
          if (row.company_id) await repo.updateMember(trx, row.company_id, userId, member);
          if (body.quota !== undefined) await quota.set('user', userId, { total: body.quota }, trx);
          if (Object.keys(changed).length > 0)
            await audit.record(
              actor,
              {
                action: 'user.update',
                targetType: 'user',
                targetId: userId,
                targetName: row.unique_name,
                detail: changed,
              },
              trx,
            );
        });
      } catch (err) {
        // Another change took the phone or email meanwhile (both are checked before).
        if (isUniqueViolationOf(err, 'users', 'phone')) throw new DomainError('PhoneAlreadyInUsed');
        if (isUniqueViolation(err)) throw new DomainError('EmailAlreadyInUsed');
        throw err;
      }
      return presentOne(actor, userId);
    },

    /** Disabled people cannot log in, and every session of theirs ends at once. */
    async setStatus(actor: ConsoleActor, userId: number, status: 'active' | 'disabled'): Promise<AdminUser> {
      const row = await load(actor, userId);
      if (status === 'disabled' && userId === actor.userId) throw new DomainError('cannotDisableSelf');
      if (row.status !== status) {
        // Only active accounts count as team members: their teams' member lists hear of it.
        await teams.followDepartments(async (trx, moving) => {
          await moving([userId]);
          await repo.updateUser(trx, userId, { status });
          await audit.record(
            actor,
            {
              action: status === 'disabled' ? 'user.disable' : 'user.enable',
              targetType: 'user',
              targetId: userId,
              targetName: row.unique_name,
            },
            trx,
          );
        });
      }
      if (status === 'disabled') await accounts.endAllSessions(userId);
      return presentOne(actor, userId);
    },

    /** A new temporary password, shown this once; the user must change it at the next login. */
    async resetPassword(actor: ConsoleActor, userId: number): Promise<TemporaryPasswordAnswer> {
      const row = await load(actor, userId);
      const password = temporaryPassword(await settings.get(row.company_id ?? 0));
      await passwords.setTemporary(userId, password);
      await audit.record(actor, {
        action: 'user.reset_password',
        targetType: 'user',
        targetId: userId,
        targetName: row.unique_name,
      });
      return { user: await presentOne(actor, userId), temporary_password: password };
    },

    /**
     * Moves a person between departments: exactly these departments, the main one among them.
     * Company teams follow (their department entries are resolved on every read).
     */
    async setDepts(actor: ConsoleActor, userId: number, body: SetDeptsBody): Promise<AdminUser> {
      const row = await load(actor, userId);
      if (!row.company_id) throw new DomainError('notCompanyMember');
      const deptIds = await checkDepts(actor, body.dept_ids);
      const main = body.main_dept_id ?? deptIds[0] ?? null;
      if (main !== null && !deptIds.includes(main)) throw new DomainError('deptNotExist');
      // In and out of the teams their departments' entries bring them into (teams.followDepartments).
      await teams.followDepartments(async (trx, moving) => {
        await moving([userId]);
        await repo.replaceDeptMemberships(trx, userId, deptIds);
        await quota.setMainDept(trx, actor.companyId, userId, main);
        await audit.record(
          actor,
          {
            action: 'user.move',
            targetType: 'user',
            targetId: userId,
            targetName: row.unique_name,
            detail: { dept_ids: deptIds, main_dept_id: main },
          },
          trx,
        );
      });
      return presentOne(actor, userId);
    },

    /** Marks an account as synced from a directory (its directory owns the password) or local again. */
    async setSource(actor: ConsoleActor, userId: number, source: 'local' | 'sync'): Promise<AdminUser> {
      const row = await load(actor, userId);
      if (row.source !== source) {
        await db.transaction().execute(async (trx) => {
          await repo.updateUser(trx, userId, { source });
          await audit.record(
            actor,
            {
              action: 'user.source',
              targetType: 'user',
              targetId: userId,
              targetName: row.unique_name,
              detail: { source },
            },
            trx,
          );
        });
      }
      return presentOne(actor, userId);
    },
  };
  return service;
}

export type PeopleService = ReturnType<typeof createPeopleService>;
