import { DEFAULT_SETTINGS, isSettingName, type SettingName, type Settings } from '@cirrus/shared';
import type { Db } from '../../db/index.ts';
import { createReadCache, type WriteClock } from '../../db/write-clock.ts';
import * as repo from './repo.ts';

/**
 * Effective settings: the shared defaults, then the environment (config.settingOverrides), then
 * what the administrator stored for the whole deployment (company 0), then for the company.
 * Nearly every request reads them, so they are kept in a read cache until the next committed
 * write to the settings (db/write-clock.ts): a change still reaches clients at once, without a
 * restart.
 */
export function createSettingsService({
  db,
  writes,
  overrides,
  now,
}: {
  db: Db;
  writes: WriteClock;
  overrides: Partial<Settings>;
  now: () => number;
}) {
  const cache = createReadCache<number, Settings>(writes, { max: 1000, tables: ['settings'] });

  async function load(companyId: number): Promise<Settings> {
    const rows = await repo.findSettings(db, companyId ? [0, companyId] : [0]);
    const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS, ...overrides };
    for (const row of rows) {
      if (isSettingName(row.name)) merged[row.name] = JSON.parse(row.value);
    }
    return merged as unknown as Settings;
  }

  return {
    async get(companyId: number): Promise<Settings> {
      // A copy: callers may not change what the next request reads.
      return { ...(await cache.get(companyId, () => load(companyId))) };
    },

    async set<K extends SettingName>(companyId: number, name: K, value: Settings[K]): Promise<void> {
      await repo.upsertSetting(db, companyId, name, JSON.stringify(value), now());
    },

    /**
     * What a setting becomes once the value stored for the company (0: the deployment) goes: the
     * deployment's for a company, the environment's or the default for the deployment.
     */
    async fallback<K extends SettingName>(companyId: number, name: K): Promise<Settings[K]> {
      if (companyId > 0) return (await cache.get(0, () => load(0)))[name];
      return ({ ...DEFAULT_SETTINGS, ...overrides } as Settings)[name];
    },

    /** Forgets the value stored for the company (0: the deployment): the fallback applies again. */
    async unset(companyId: number, name: SettingName): Promise<void> {
      await repo.deleteSetting(db, companyId, name);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
