/** Portal service: company settings and feature flags (spec 002 §7 "Other"). */
import type { SettingName, Settings } from '@cirrus/shared';
import { http } from './http';

export const portalApi = {
  /** Answers also when logged out (the login page needs account_suffix), so no login redirect. */
  getSettings: (names: readonly SettingName[]) =>
    http.get<{ settings: Partial<Settings> }>('/portal/v1/companies/encrypted_settings', {
      query: { names: names.join(',') },
      onSessionExpired: 'none',
    }),
};
