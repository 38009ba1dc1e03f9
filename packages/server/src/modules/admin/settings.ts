import {
  type AdminSetting,
  DEFAULT_SETTINGS,
  isSettingName,
  SETTING_HELP,
  SETTING_NAMES,
  type SettingName,
  type Settings,
  validateSettingValue,
} from '@cirrus/shared';
import type { Db } from '../../db/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { SettingsService } from '../settings/service.ts';
import type { AuditLog } from './audit.ts';
import { type ConsoleActor, requireOperator } from './policy.ts';

/**
 * Every setting and flag with its value, default and scope (the help texts live in
 * packages/shared/settings-help.ts). A change is stored in the settings table, which the settings
 * call reads on every request, so clients see it without a restart.
 */
export function createSettingsAdmin({
  db,
  settings,
  audit,
}: {
  db: Db;
  settings: SettingsService;
  audit: AuditLog;
}) {
  async function storedNames(companyIds: number[]): Promise<Set<string>> {
    const rows = await db
      .selectFrom('settings')
      .select('name')
      .where('company_id', 'in', companyIds)
      .execute();
    return new Set(rows.map((r) => r.name));
  }

  /** Deployment-wide settings are stored for company 0 and read by everyone not overriding them. */
  function companyFor(actor: ConsoleActor, name: SettingName): number {
    return SETTING_HELP[name].deployment ? 0 : actor.companyId;
  }

  /** The change in the audit log; answers the setting as the console lists it now. */
  async function recorded(
    actor: ConsoleActor,
    action: 'setting.set' | 'setting.reset',
    change: { name: SettingName; companyId: number; from: unknown; to: unknown },
  ): Promise<AdminSetting> {
    const { name, companyId, from, to } = change;
    await audit.record(actor, {
      action,
      targetType: 'setting',
      targetId: name,
      targetName: name,
      companyId,
      detail: { from, to },
    });
    const listed = (await service.list(actor)).settings.find((s) => s.name === name);
    if (!listed) throw new DomainError('notFound');
    return listed;
  }

  const service = {
    async list(actor: ConsoleActor): Promise<{ settings: AdminSetting[] }> {
      const [company, deployment, stored] = await Promise.all([
        settings.get(actor.companyId),
        settings.get(0),
        storedNames([0, actor.companyId]),
      ]);
      return {
        settings: SETTING_NAMES.map((name) => ({
          name,
          value: SETTING_HELP[name].deployment ? deployment[name] : company[name],
          default: DEFAULT_SETTINGS[name],
          customised: stored.has(name),
          scope: SETTING_HELP[name].deployment ? 'deployment' : 'company',
        })),
      };
    },

    async set(actor: ConsoleActor, name: string, value: unknown): Promise<AdminSetting> {
      if (!isSettingName(name)) throw new DomainError('notFound');
      if (SETTING_HELP[name].deployment) requireOperator(actor);
      const companyId = companyFor(actor, name);
      const current = await settings.get(companyId || actor.companyId);
      const normalised = typeof value === 'string' ? value.trim() : value;
      const reason = validateSettingValue(name, normalised, current);
      if (reason) throw new DomainError('settingInvalid', { reason });
      await settings.set(companyId, name, normalised as Settings[typeof name]);
      return recorded(actor, 'setting.set', { name, companyId, from: current[name], to: normalised });
    },

    /**
     * DELETE /admin/v1/settings/{name}: back to the default or the environment's value (for a
     * company: the deployment's), checked as a new value would be against the others.
     */
    async reset(actor: ConsoleActor, name: string): Promise<AdminSetting> {
      if (!isSettingName(name)) throw new DomainError('notFound');
      if (SETTING_HELP[name].deployment) requireOperator(actor);
      const companyId = companyFor(actor, name);
      const current = await settings.get(companyId || actor.companyId);
      const fallback = await settings.fallback(companyId, name);
      const reason = validateSettingValue(name, fallback, current);
      if (reason) throw new DomainError('settingInvalid', { reason });
      await settings.unset(companyId, name);
      return recorded(actor, 'setting.reset', { name, companyId, from: current[name], to: fallback });
    },
  };
  return service;
}

export type SettingsAdmin = ReturnType<typeof createSettingsAdmin>;
