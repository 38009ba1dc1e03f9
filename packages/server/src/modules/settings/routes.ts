import { isSettingName } from '@cirrus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SettingsService } from './service.ts';

export const SettingsQuery = z.object({
  /** Comma-separated setting names; all of them when absent. */
  names: z.string().max(2000).optional(),
});

export function settingsRoutes({ settings }: { settings: SettingsService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // Public: the login page needs account_suffix before anyone is logged in.
    r.get(
      '/portal/v1/companies/encrypted_settings',
      { schema: { querystring: SettingsQuery }, config: { public: true } },
      async (req) => {
        const all = await settings.get(req.actor?.companyId ?? 0);
        const names = req.query.names
          ? req.query.names
              .split(',')
              .map((n) => n.trim())
              .filter(isSettingName)
          : (Object.keys(all) as (keyof typeof all)[]);
        return { settings: Object.fromEntries(names.map((n) => [n, all[n]])) };
      },
    );
  };
}
