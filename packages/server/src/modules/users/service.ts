import {
  type BindStatus,
  type BindType,
  type CodeSent,
  type SelfUser,
  type UserBrief,
  validateAddress,
  validateEmail,
  validateExtPhone,
  validateNickname,
  validatePhone,
  validateSex,
} from '@cirrus/shared';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Db } from '../../db/index.ts';
import type { UserRow, UserUpdate } from '../../db/schema.ts';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import { pinyinOf } from '../../lib/pinyin.ts';
import type { SettingsService } from '../settings/service.ts';
import type { VerificationService } from '../verification/service.ts';
import { presentSelfUser, presentUserBrief } from './presenter.ts';
import * as repo from './repo.ts';
import type { UpdateSelfBody } from './schema.ts';

export interface UserServiceDeps {
  db: Db;
  settings: SettingsService;
  codes: VerificationService;
}

const IN_USE = { email: 'EmailAlreadyInUsed', phone: 'PhoneAlreadyInUsed' } as const;

export function createUserService({ db, settings, codes }: UserServiceDeps) {
  async function loadUser(actor: Actor): Promise<UserRow> {
    return (await repo.findUserById(db, actor.userId)) ?? actor.user;
  }

  /** A new address to bind: the spec's key when it is malformed, and its stored form. */
  async function normaliseAddress(actor: Actor, type: BindType, value: string): Promise<string> {
    const trimmed = value.trim();
    if (type === 'email') {
      if (validateEmail(trimmed)) throw new DomainError('InvalidEmail');
      return trimmed.toLowerCase();
    }
    const { IS_PRIVATIZATION } = await settings.get(actor.companyId);
    if (validatePhone(trimmed, { privatization: IS_PRIVATIZATION })) throw new DomainError('InvalidPhone');
    return trimmed;
  }

  async function assertFree(actor: Actor, type: BindType, address: string): Promise<void> {
    if (await repo.findOtherUserWith(db, type, address, actor.userId)) throw new DomainError(IN_USE[type]);
  }

  /**
   * Who may see whose card: oneself, colleagues of the same company, and people who share a team
   * (general users meet there). Anyone else answers userNotExist, as a missing user does.
   */
  async function visibleUser(actor: Actor, userId: number): Promise<UserRow> {
    const user = await repo.findUserById(db, userId);
    if (!user) throw new DomainError('userNotExist');
    if (user.id === actor.userId) return user;
    if (actor.companyId) {
      const membership = await repo.findMembership(db, user.id);
      if (membership?.company_id === actor.companyId) return user;
    }
    if (await repo.shareATeam(db, actor.userId, user.id)) return user;
    throw new DomainError('userNotExist');
  }

  const service = {
    async companyIdOf(userId: number): Promise<number> {
      return (await repo.findMembership(db, userId))?.company_id ?? 0;
    },

    /** The user's company and whether they are its administrator by companies.admin_id. */
    async membershipOf(userId: number): Promise<{ companyId: number; isAdminById: boolean }> {
      const membership = await repo.findMembership(db, userId);
      return { companyId: membership?.company_id ?? 0, isAdminById: membership?.admin_id === userId };
    },

    async getSelf(actor: Actor): Promise<SelfUser> {
      const [user, membership, depts] = await Promise.all([
        repo.findUserById(db, actor.userId),
        repo.findMembership(db, actor.userId),
        repo.findUserDepts(db, actor.userId),
      ]);
      return presentSelfUser(user ?? actor.user, membership, depts);
    },

    /**
     * PATCH /v1/users/self (spec 000 §4, §5): nickname, address and sex directly; a changed email
     * or phone only with the code sent to the new address (POST /p/bind/code).
     */
    async updateSelf(actor: Actor, body: UpdateSelfBody): Promise<SelfUser> {
      const user = await loadUser(actor);
      const patch: UserUpdate = {};
      if (body.nick_name !== undefined) {
        if (validateNickname(body.nick_name)) throw new DomainError('InvalidNickname');
        const nickName = body.nick_name.trim();
        if (nickName !== user.nick_name) {
          // spec 000 §5: member search matches pinyin, kept beside the name.
          const py = pinyinOf(nickName);
          Object.assign(patch, { nick_name: nickName, pinyin: py.full, pinyin_initials: py.initials });
        }
      }
      if (body.address !== undefined) {
        const error = validateAddress(body.address);
        if (error) throw new DomainError(error);
        patch.address = body.address.trim();
      }
      if (body.sex !== undefined) {
        if (validateSex(body.sex)) throw new DomainError('sex_err');
        patch.sex = Number(body.sex);
      }
      const bindings: { type: BindType; address: string }[] = [];
      const phone = body.phone_number ?? body.phone;
      for (const [type, value] of [
        ['email', body.email],
        ['phone', phone],
      ] as const) {
        if (value === undefined) continue;
        const address = await normaliseAddress(actor, type, value);
        if (address === (user[type] ?? '')) continue;
        await assertFree(actor, type, address);
        bindings.push({ type, address });
      }
      if (bindings.length > 1) throw new DomainError('badRequest'); // one code binds one address
      const binding = bindings[0];
      if (binding) {
        await codes.consume({
          purpose: 'bind',
          userId: actor.userId,
          address: binding.address,
          code: body.code ?? '',
        });
        patch[binding.type] = binding.address;
      }
      if (Object.keys(patch).length > 0) {
        try {
          await repo.updateUser(db, actor.userId, patch);
        } catch (err) {
          // Someone bound the same address between the check and now.
          if (binding && isUniqueViolation(err)) throw new DomainError(IN_USE[binding.type]);
          throw err;
        }
      }
      return service.getSelf(actor);
    },

    /** PATCH /v1/companies/self/members/self: the extension phone (empty clears it). */
    async updateExtPhone(actor: Actor, extPhone: string): Promise<SelfUser> {
      if (!actor.companyId) throw new DomainError('notCompanyMember');
      const value = extPhone.trim();
      if (value !== '' && validateExtPhone(value)) throw new DomainError('tel_phone_err');
      await repo.updateMemberExtPhone(db, actor.companyId, actor.userId, value);
      return service.getSelf(actor);
    },

    /** POST /p/bind/code: a code to the new address, after its format and owner are checked. */
    async requestBindCode(actor: Actor, type: BindType, value: string): Promise<CodeSent> {
      const address = await normaliseAddress(actor, type, value);
      await assertFree(actor, type, address);
      return codes.issue({ purpose: 'bind', userId: actor.userId, type, address });
    },

    /** GET /p/bind/status: which addresses the account has bound. */
    async bindStatus(actor: Actor): Promise<BindStatus> {
      const user = await loadUser(actor);
      return {
        email: user.email ?? '',
        phone: user.phone ?? '',
        email_bound: Boolean(user.email),
        phone_bound: Boolean(user.phone),
      };
    },

    /** Another user's card; `isFavorite` comes from the favourites module. */
    async brief(
      actor: Actor,
      userId: number,
      isFavorite: (id: number) => Promise<boolean>,
    ): Promise<UserBrief> {
      const user = await visibleUser(actor, userId);
      const [membership, depts, favorite] = await Promise.all([
        repo.findMembership(db, user.id),
        repo.findUserDepts(db, user.id),
        isFavorite(user.id),
      ]);
      return presentUserBrief(user, membership, depts, favorite);
    },

    /** GET /v1/companies/self/users/{id}/depts. */
    async depts(actor: Actor, userId: number) {
      const user = await visibleUser(actor, userId);
      const depts = await repo.findUserDepts(db, user.id);
      return {
        depts: depts.map((d) => ({
          id: d.id,
          display_name: d.name,
          display_path_name: d.display_path_name,
          path_name: d.display_path_name,
        })),
      };
    },

    /** Whether the actor may see the user (favourites check it before starring). */
    async canSee(actor: Actor, userId: number): Promise<boolean> {
      try {
        await visibleUser(actor, userId);
        return true;
      } catch (err) {
        if (err instanceof DomainError) return false;
        throw err;
      }
    },

    /** The deployment's first company: its administrators review general users' requests. */
    operatorCompanyId(): Promise<number> {
      return repo.firstCompanyId(db);
    },

    async companyOf(actor: Actor) {
      if (!actor.companyId) return undefined;
      const company = await repo.findCompany(db, actor.companyId);
      return company
        ? { companyid: company.id, adminid: company.admin_id ?? 0, name: company.name }
        : undefined;
    },
  };
  return service;
}

export type UserService = ReturnType<typeof createUserService>;
