import type { Db } from '../../db/index.ts';
import type { PasswordService } from '../accounts/password-service.ts';
import type { AccountService } from '../accounts/service.ts';
import type { ContactService } from '../contacts/service.ts';
import { createModerationService } from '../moderation/service.ts';
import type { OutboxService } from '../outbox/service.ts';
import type { SettingsService } from '../settings/service.ts';
import type { QuotaService } from '../spaces/quota-service.ts';
import type { SpaceService } from '../spaces/service.ts';
import type { TeamService } from '../teams/service.ts';
import { createApproverAdmin } from './approvers.ts';
import { createAuditLog } from './audit.ts';
import { createDepartmentService } from './departments.ts';
import { createImportService } from './import.ts';
import { createInboxes } from './inboxes.ts';
import { createPeopleService } from './people.ts';
import { createQuotaAdmin } from './quotas.ts';
import { createSettingsAdmin } from './settings.ts';

export interface AdminDeps {
  db: Db;
  settings: SettingsService;
  quota: QuotaService;
  spaces: SpaceService;
  contacts: ContactService;
  accounts: AccountService;
  passwords: PasswordService;
  outbox: OutboxService;
  /** Department entries bring people into teams: changes to departments tell those teams (modules/teams). */
  teams: Pick<TeamService, 'followDepartments'>;
  now: () => number;
}

/**
 * The administrator's console (issue 6), wired by hand: the HTTP routes (routes.ts) and the
 * command line (src/cli.ts) call these same services. Every change writes the audit log.
 */
export function createAdminServices(deps: AdminDeps) {
  const { db, settings, quota, spaces, contacts, accounts, passwords, outbox, teams, now } = deps;
  const audit = createAuditLog({ db, now });
  return {
    audit,
    people: createPeopleService({ db, settings, quota, accounts, passwords, audit, teams, now }),
    departments: createDepartmentService({ db, quota, contacts, audit, teams, now }),
    imports: createImportService({ db, settings, quota, audit, teams, now }),
    quotaAdmin: createQuotaAdmin({ db, quota, audit }),
    settingsAdmin: createSettingsAdmin({ db, settings, audit }),
    inboxes: createInboxes({ db, audit, now }),
    moderation: createModerationService({ db, spaces, outbox, audit, now }),
    approvers: createApproverAdmin({ db, audit }),
  };
}

export type AdminServices = ReturnType<typeof createAdminServices>;
