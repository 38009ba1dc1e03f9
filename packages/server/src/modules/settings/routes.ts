import { isSettingName } from '@cirrus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../http/errors.ts';
import { IdOrZero } from '../../http/params.ts';
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
const CompanyParams = z.object({ companyid: IdOrZero });

/** Reports an address may send an hour: a client sends one when installed; more only fill the log. */
const REPORTS_PER_HOUR = 20;

/** A count of reports per address in the current hour, in memory (it only guards the log). */
function reportLimiter(now: () => number = Date.now) {
  let hour = 0;
  let counts = new Map<string, number>();
  return (address: string): boolean => {
    const current = Math.floor(now() / 3_600_000);
    if (current !== hour) {
      hour = current;
      counts = new Map();
    }
    const n = (counts.get(address) ?? 0) + 1;
    counts.set(address, n);
    return n <= REPORTS_PER_HOUR;
  };
}

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
    const mayReport = reportLimiter();
    r.put(
      '/logclient/v1/companies/:companyid/client_installation',
      {
        schema: { params: CompanyParams, body: InstallationReport },
        config: { public: true },
        bodyLimit: 4096,
      },
      async (req, reply) => {
        if (!mayReport(req.ip)) throw new DomainError('apiRateLimitExceede', { seconds: 3600 });
        req.log.info(
          { companyid: req.params.companyid, userid: req.actor?.userId ?? null, report: req.body },
          'desktop client installed',
        );
        return reply.status(204).send();
      },
    );
  };
}
