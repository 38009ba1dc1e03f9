import { isSettingName } from '@cirrus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SettingsService } from './service.ts';

export const SettingsQuery = z.object({
  /** Comma-separated setting names; all of them when absent. */
  names: z.string().max(2000).optional(),
});

/**
 * spec 002 §7: the desktop client's report of an installation ("a report body", its fields not
 * shown; the client ignores failures). Scalars only, and small: it is written to the log.
 */
const InstallationReport = z.record(
  z.string().max(64),
  z.union([z.string().max(256), z.number(), z.boolean(), z.null()]),
);
const CompanyParams = z.object({ companyid: z.coerce.number().int().min(0) });

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
    // Public, like the settings above: a client reports once installed, maybe before a login.
    r.put(
      '/logclient/v1/companies/:companyid/client_installation',
      {
        schema: { params: CompanyParams, body: InstallationReport },
        config: { public: true },
        bodyLimit: 4096,
      },
      async (req, reply) => {
        req.log.info(
          { companyid: req.params.companyid, userid: req.actor?.userId ?? null, report: req.body },
          'desktop client installed',
        );
        return reply.status(204).send();
      },
    );
  };
}
