import { DEFAULT_SETTINGS, SETTING_NAMES, type Settings } from '@cirrus/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '../../api/portal';

export const settingsKeys = {
  all: ['settings'] as const,
};

/** Company settings and feature flags; names the server does not answer keep their defaults. */
/** Shared by useSettingsQuery and the first screen's prefetch (app/prefetch.ts). */
export const settingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.all,
    queryFn: () => portalApi.getSettings(SETTING_NAMES),
    staleTime: 5 * 60_000,
  });

export function useSettingsQuery() {
  return useQuery({
    ...settingsQuery(),
    select: ({ settings }): Settings => ({ ...DEFAULT_SETTINGS, ...settings }),
  });
}

export function useSettings(): Settings {
  return useSettingsQuery().data ?? DEFAULT_SETTINGS;
}
