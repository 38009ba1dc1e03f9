import { DEFAULT_SETTINGS, SETTING_NAMES, type Settings } from '@cirrus/shared';
import { useQuery } from '@tanstack/react-query';
import { portalApi } from '../../api/portal';

export const settingsKeys = {
  all: ['settings'] as const,
};

/** Company settings and feature flags; names the server does not answer keep their defaults. */
export function useSettingsQuery() {
  return useQuery({
    queryKey: settingsKeys.all,
    queryFn: () => portalApi.getSettings(SETTING_NAMES),
    select: ({ settings }): Settings => ({ ...DEFAULT_SETTINGS, ...settings }),
    staleTime: 5 * 60_000,
  });
}

export function useSettings(): Settings {
  return useSettingsQuery().data ?? DEFAULT_SETTINGS;
}
