import { DEFAULT_SETTINGS, isSettingName, type SettingName, type Settings } from '@cirrus/shared';
import type { Db } from '../../db/index.ts';
import * as repo from './repo.ts';

/**
 * Effective settings: the shared defaults, then the environment (config.settingOverrides), then
 * what the administrator stored for the whole deployment (company 0), then for the company.
 * Read on every call, so a change reaches clients without a restart.
 */
export function createSettingsService({
  db,
  overrides,
  now,
}: {
  db: Db;
  overrides: Partial<Settings>;
  now: () => number;
}) {
  return {
    async get(companyId: number): Promise<Settings> {
      const rows = await repo.findSettings(db, companyId ? [0, companyId] : [0]);
      const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS, ...overrides };
      for (const row of rows) {
        if (isSettingName(row.name)) merged[row.name] = JSON.parse(row.value);
      }
      return merged as unknown as Settings;
    },

    async set<K extends SettingName>(companyId: number, name: K, value: Settings[K]): Promise<void> {
      await repo.upsertSetting(db, companyId, name, JSON.stringify(value), now());
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
