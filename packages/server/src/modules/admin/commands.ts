// The administrator's console on the command line (issue 6): `npm run admin -- <command>`. Every
// screen of the console has a command here; each calls the same service as /admin/v1/..., with
// its body checked by the same zod schema, acting as the operator (the deployment's first
// company) unless --company says otherwise. Changes are written to the audit log as actor 0 via
// "cli". src/cli.ts opens the database and runs these; tests run them in-process.
import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import type { Db } from '../../db/index.ts';
import { DomainError } from '../../http/errors.ts';
import { IdentityListQuery, RejectBody } from '../identity/schema.ts';
import type { IdentityService } from '../identity/service.ts';
import { ReportsQuery } from '../moderation/routes.ts';
import { commandLineActor, operatorCompanyId } from './policy.ts';
import {
  CreateDeptBody,
  CreateUserBody,
  DefaultsBody,
  DeptSpaceBody,
  FeedbackQuery,
  OutboxQuery,
  UpdateUserBody,
  UsageQuery,
} from './schema.ts';
import type { AdminServices } from './service.ts';
import { setupCompany } from './setup.ts';

export const USAGE = `Usage: npm run admin -- <command> [options]

First start (without the demo)
  setup <company name> <account> <name> [--email x]   the company, its root department and its
                                    administrator; prints a temporary password, to be changed at the first login
People
  users list [--q text] [--dept id] [--status active|disabled] [--offset n] [--limit n]
  users show <id|account>
  users create <account> <name> [--email x] [--phone x] [--dept id] [--title x] [--vip n] [--quota size] [--role admin]
  users edit <id|account> [--name x] [--email x] [--phone x] [--title x] [--employee-id x] [--vip n] [--quota size|default] [--role r]
  users disable <id|account>        ends the user's sessions; they cannot log in
  users enable <id|account>
  users reset-password <id|account> prints a temporary password, to be changed at the next login
  users move <id|account> --dept id [--dept id ...]   the first --dept is the main department
  users sync <id|account> [--local]  marks the account as synced from a directory (or local again)
Departments
  depts list
  depts create <name> [--parent id]
  depts rename <id> <name>
  depts move <id> --parent id
  depts disable <id> | depts enable <id>
  depts space <id> --default size|default [--expand size]
Group-creation approvers
  approvers list                    the administrators (always) and the people named
  approvers add <user> [<user> ...] | approvers remove <user> [<user> ...]
Import
  import csv <file> [--dry-run]     columns: account,name,email,phone,department,title,employee_id,vip_level,quota_gb
Quotas
  quotas show
  quotas usage [--kind user|group|dept]
  quotas company <size|unlimited>
  quotas defaults [--user size] [--group size] [--dept size]   (size|unlimited each)
  quotas team <team id> <size|default>
Settings
  settings get [name]
  settings set <name> <value>       value as JSON (true, 20, "text", ["company","user"]) or plain text
  settings reset <name>             back to the default (or the environment's value)
Moderation and inboxes
  reports list [--status open|pending|appealed|blocked|dismissed|restored|all]
  reports dismiss|restore|uphold <id> [--note text]
  reports block-file|block-link <id> [--reason text]
  feedback list [--status open|handled|all]
  feedback handle|reopen <id>
  identities list [--status pending|verified|rejected]   real-name verification requests
  identities approve <id> | identities reject <id> [--reason text]
  outbox list [--recipient x] [--state stored|queued|sent|failed]
  audit list [--action x]

Sizes: bytes, or a number with K, M, G or T (1024 steps): 500M, 10G.
Options: --company id (default: the deployment's first company), --json (raw JSON output)`;

const OPTIONS = {
  q: { type: 'string' },
  dept: { type: 'string', multiple: true },
  status: { type: 'string' },
  offset: { type: 'string' },
  limit: { type: 'string' },
  name: { type: 'string' },
  email: { type: 'string' },
  phone: { type: 'string' },
  title: { type: 'string' },
  'employee-id': { type: 'string' },
  vip: { type: 'string' },
  quota: { type: 'string' },
  role: { type: 'string', multiple: true },
  parent: { type: 'string' },
  local: { type: 'boolean' },
  kind: { type: 'string' },
  recipient: { type: 'string' },
  state: { type: 'string' },
  action: { type: 'string' },
  note: { type: 'string' },
  reason: { type: 'string' },
  default: { type: 'string' },
  expand: { type: 'string' },
  user: { type: 'string' },
  group: { type: 'string' },
  company: { type: 'string' },
  'dry-run': { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export interface CommandContext {
  db: Db;
  admin: AdminServices;
  /** The real-name verification queue (its console screen's calls). */
  identity: Pick<IdentityService, 'console'>;
  /** Where output lines go (stdout for the command line, an array in tests). */
  print: (line: string) => void;
  /** Where error lines go. */
  printError: (line: string) => void;
  /** Reads a file named on the command line (import csv). */
  readFile: (path: string) => string;
  /** Seconds since the epoch (the tests' clock). */
  now?: () => number;
}

/** A refusal as one line: the catalogue key and what it was about, or what the input got wrong. */
function failureLine(err: unknown): string {
  if (err instanceof DomainError) {
    // The key, then what it was about: its parameters (a refused setting's reason) and details.
    const about = { ...err.params, ...err.debug };
    return `error: ${err.key}${Object.keys(about).length > 0 ? ` ${JSON.stringify(about)}` : ''}`;
  }
  if (err instanceof ZodError) {
    return `error: ${err.issues.map((i) => `${i.path.join('.') || 'value'}: ${i.message}`).join('; ')}`;
  }
  return `error: ${err instanceof Error ? err.message : String(err)}`;
}

const UNITS: Record<string, number> = { '': 1, B: 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3, T: 1024 ** 4 };

/**
 * A size for a quota: bytes or a number with a unit (500M, 10G, 1.5T); `unlimited`, `default` or
 * `none` is null, which the quota service reads as "no own limit" (the default applies, or none).
 */
export function parseSize(raw: string | undefined, what: string): number | null {
  if (raw === undefined) throw new Error(`give ${what}`);
  if (/^(unlimited|default|none)$/i.test(raw)) return null;
  const m = /^(\d+(?:\.\d+)?)\s*([BKMGT]?)(?:i?B)?$/i.exec(raw.trim());
  if (!m) throw new Error(`${what} must be a size such as 500M or 10G`);
  return Math.round(Number(m[1]) * UNITS[m[2].toUpperCase()]);
}

/** Runs one command; answers the exit code (0 done, 1 refused or wrong usage). */
export async function runAdminCommand(argv: string[], ctx: CommandContext): Promise<number> {
  const { db, admin, identity, print, printError } = ctx;
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  } catch (err) {
    printError(`error: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  const { values: opts, positionals } = parsed;
  const [area, command, ...args] = positionals;
  if (opts.help || !area || !command) {
    print(USAGE);
    return opts.help ? 0 : 1;
  }

  if (area === 'setup') {
    const [account, name] = args;
    if (!account || !name) {
      printError('usage: setup <company name> <account> <name> [--email x]');
      return 1;
    }
    try {
      const now = ctx.now?.() ?? Math.floor(Date.now() / 1000);
      const res = await setupCompany(db, admin, { company: command, account, name, email: opts.email }, now);
      print(
        `created company ${command.trim()} (id ${res.companyId}) and its administrator ${res.user.unique_name}`,
      );
      print(`temporary password: ${res.temporary_password}  (shown once; to be changed at the first login)`);
      return 0;
    } catch (err) {
      printError(failureLine(err));
      return 1;
    }
  }

  const operator = await operatorCompanyId(db);
  const companyId = opts.company ? Number(opts.company) : operator;
  if (!companyId) {
    printError(
      'No company in this database yet: create it with `npm run admin -- setup <company name> <account> <name>`.',
    );
    return 1;
  }
  const actor = commandLineActor(companyId, companyId === operator);

  const page = { offset: Number(opts.offset ?? 0), limit: Number(opts.limit ?? 50) };
  const num = (value: string | undefined, what: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`${what} must be a number`);
    return n;
  };

  /** A user by id or account name. */
  async function userId(ref: string | undefined): Promise<number> {
    if (!ref) throw new Error('name a user by id or account');
    if (/^\d+$/.test(ref)) return Number(ref);
    const row = await db
      .selectFrom('users')
      .select('id')
      .where('unique_name', '=', ref.toLowerCase())
      .executeTakeFirst();
    if (!row) throw new DomainError('userNotExist');
    return row.id;
  }

  function parseValue(raw: string | undefined): unknown {
    if (raw === undefined) throw new Error('give a value');
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  }

  type Row = Record<string, unknown>;
  function table(rows: Row[], columns: string[]): void {
    if (opts.json) return void print(JSON.stringify(rows, null, 2));
    const cell = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v ?? ''));
    const widths = columns.map((c) =>
      Math.min(40, Math.max(c.length, ...rows.map((r) => cell(r[c]).length))),
    );
    const line = (vals: string[]) =>
      vals
        .map((v, i) => v.slice(0, 40).padEnd(widths[i]))
        .join('  ')
        .trimEnd();
    print(line(columns));
    for (const r of rows) print(line(columns.map((c) => cell(r[c]))));
  }
  const show = (value: unknown) => print(JSON.stringify(value, null, 2));
  const reportLine = (r: {
    id: number;
    status: string;
    file_blocked: boolean;
    link: { blocked: string } | null;
  }) =>
    print(
      `report ${r.id}: ${r.status}${r.file_blocked ? ', file blocked' : ''}${r.link?.blocked ? `, link ${r.link.blocked}` : ''}`,
    );

  async function run(): Promise<void> {
    const key = `${area} ${command}`;
    switch (key) {
      case 'users list': {
        const res = await admin.people.list(actor, {
          ...page,
          q: opts.q,
          dept_id: opts.dept?.[0] ? Number(opts.dept[0]) : undefined,
          status: opts.status as 'active' | 'disabled' | undefined,
          scope: 'company',
        });
        table(
          res.users.map((u) => ({ ...u, depts: u.depts.map((d) => d.display_path_name).join('; ') })),
          ['id', 'unique_name', 'nick_name', 'email', 'status', 'source', 'vip_level', 'depts'],
        );
        if (!opts.json) print(`${res.total} in all`);
        return;
      }
      case 'users show':
        return show(await admin.people.get(actor, await userId(args[0])));
      case 'users create': {
        const [account, name] = args;
        if (!account || !name) throw new Error('users create <account> <name>');
        const res = await admin.people.create(
          actor,
          CreateUserBody.parse({
            unique_name: account,
            nick_name: name,
            email: opts.email ?? null,
            phone: opts.phone ?? null,
            title: opts.title,
            dept_ids: (opts.dept ?? []).map((d) => num(d, '--dept')),
            vip_level: opts.vip ? Number(opts.vip) : undefined,
            roles: opts.role,
            quota: opts.quota === undefined ? undefined : parseSize(opts.quota, '--quota'),
          }),
        );
        print(`created ${res.user.unique_name} (id ${res.user.id})`);
        print(
          `temporary password: ${res.temporary_password}  (shown once; to be changed at the first login)`,
        );
        return;
      }
      case 'users edit': {
        const id = await userId(args[0]);
        const body = UpdateUserBody.parse({
          nick_name: opts.name,
          email: opts.email,
          phone: opts.phone,
          title: opts.title,
          employee_id: opts['employee-id'],
          vip_level: opts.vip === undefined ? undefined : Number(opts.vip),
          roles: opts.role,
          quota: opts.quota === undefined ? undefined : parseSize(opts.quota, '--quota'),
        });
        if (Object.values(body).every((v) => v === undefined)) {
          throw new Error(
            'users edit: give at least one of --name --email --phone --title --employee-id --vip --quota --role',
          );
        }
        const res = await admin.people.update(actor, id, body);
        if (opts.json) return show(res);
        const quota = res.quota.own_total === null ? 'default' : String(res.quota.own_total);
        print(`${res.unique_name}: ${res.nick_name}, vip ${res.vip_level}, quota ${quota}`);
        return;
      }
      case 'users disable':
      case 'users enable': {
        const res = await admin.people.setStatus(
          actor,
          await userId(args[0]),
          command === 'disable' ? 'disabled' : 'active',
        );
        print(`${res.unique_name}: ${res.status}`);
        return;
      }
      case 'users reset-password': {
        const res = await admin.people.resetPassword(actor, await userId(args[0]));
        print(`temporary password for ${res.user.unique_name}: ${res.temporary_password}  (shown once)`);
        return;
      }
      case 'users move': {
        const depts = (opts.dept ?? []).map((d) => num(d, '--dept'));
        const res = await admin.people.setDepts(actor, await userId(args[0]), {
          dept_ids: depts,
          main_dept_id: depts[0] ?? null,
        });
        print(
          `${res.unique_name}: ${res.depts.map((d) => d.display_path_name).join('; ') || '(no department)'}`,
        );
        return;
      }
      case 'users sync': {
        const res = await admin.people.setSource(actor, await userId(args[0]), opts.local ? 'local' : 'sync');
        print(`${res.unique_name}: ${res.source}`);
        return;
      }
      case 'depts list': {
        const { depts } = await admin.departments.list(actor);
        return table(
          depts.map((d) => ({
            ...d,
            space: d.space.total ? `${d.space.used}/${d.space.total}` : `${d.space.used}/unlimited`,
          })),
          ['id', 'parent_id', 'display_path_name', 'status', 'member_count', 'space'],
        );
      }
      case 'depts create': {
        const res = await admin.departments.create(
          actor,
          CreateDeptBody.parse({
            name: args[0] ?? '',
            parent_id: opts.parent ? num(opts.parent, '--parent') : null,
          }),
        );
        print(`created ${res.display_path_name} (id ${res.id})`);
        return;
      }
      case 'depts rename':
      case 'depts move': {
        const id = num(args[0], 'the department id');
        const res = await admin.departments.update(
          actor,
          id,
          command === 'rename' ? { name: args[1] ?? '' } : { parent_id: num(opts.parent, '--parent') },
        );
        print(`${res.id}: ${res.display_path_name}`);
        return;
      }
      case 'depts disable':
      case 'depts enable': {
        const res = await admin.departments.setStatus(
          actor,
          num(args[0], 'the department id'),
          command === 'disable' ? 'disabled' : 'active',
        );
        print(`${res.display_path_name}: ${res.status}`);
        return;
      }
      case 'depts space': {
        const res = await admin.departments.setSpace(
          actor,
          num(args[0], 'the department id'),
          DeptSpaceBody.parse({
            default: parseSize(opts.default, '--default'),
            expand_self: opts.expand === undefined ? 0 : (parseSize(opts.expand, '--expand') ?? 0),
          }),
        );
        if (opts.json) return show(res);
        print(
          `${res.display_path_name}: ${res.space.total ? `${res.space.used} of ${res.space.total} bytes` : `${res.space.used} bytes, unlimited`}`,
        );
        return;
      }
      case 'settings get': {
        const { settings } = await admin.settingsAdmin.list(actor);
        const chosen = args[0] ? settings.filter((s) => s.name === args[0]) : settings;
        if (args[0] && chosen.length === 0) throw new DomainError('notFound');
        return table(chosen as unknown as Row[], ['name', 'value', 'default', 'customised', 'scope']);
      }
      case 'settings set': {
        const res = await admin.settingsAdmin.set(actor, args[0] ?? '', parseValue(args[1]));
        print(`${res.name} = ${JSON.stringify(res.value)}`);
        return;
      }
      case 'settings reset': {
        const res = await admin.settingsAdmin.reset(actor, args[0] ?? '');
        print(`${res.name} = ${JSON.stringify(res.value)}`);
        return;
      }
      case 'approvers list': {
        const { approvers } = await admin.approvers.list(actor);
        return table(approvers as unknown as Row[], ['id', 'unique_name', 'nick_name', 'source']);
      }
      case 'approvers add':
      case 'approvers remove': {
        if (args.length === 0) throw new Error(`approvers ${command} <user> [<user> ...]`);
        const given = await Promise.all(args.map(userId));
        const named = (await admin.approvers.list(actor)).approvers
          .filter((a) => a.source === 'named')
          .map((a) => a.id);
        const next = command === 'add' ? [...named, ...given] : named.filter((id) => !given.includes(id));
        const { approvers } = await admin.approvers.set(actor, next);
        return table(approvers as unknown as Row[], ['id', 'unique_name', 'nick_name', 'source']);
      }
      case 'import csv': {
        if (!args[0]) throw new Error('import csv <file>');
        const report = await admin.imports.run(actor, ctx.readFile(args[0]), Boolean(opts['dry-run']));
        if (opts.json) return show(report);
        table(report.rows as unknown as Row[], ['line', 'account', 'action', 'errors', 'changes']);
        if (report.new_departments.length) print(`new departments: ${report.new_departments.join(', ')}`);
        const s = report.summary;
        print(
          `${report.dry_run ? 'dry run: ' : 'imported: '}${s.create} new, ${s.update} updated, ${s.unchanged} unchanged, ${s.error} with errors`,
        );
        for (const p of report.passwords)
          print(`temporary password for ${p.account}: ${p.temporary_password}`);
        return;
      }
      case 'quotas show':
        return show(await admin.quotaAdmin.overview(actor));
      case 'quotas usage': {
        const res = await admin.quotaAdmin.usage(
          actor,
          UsageQuery.parse({ ...page, kind: opts.kind ?? 'user' }),
        );
        return table(res.rows as unknown as Row[], [
          'kind',
          'id',
          'name',
          'detail',
          'used',
          'total',
          'file_count',
        ]);
      }
      case 'quotas company': {
        const total = parseSize(args[0], 'the company total');
        await admin.quotaAdmin.setCompanyTotal(actor, total);
        print(`company total: ${total ?? 'unlimited'}`);
        return;
      }
      case 'quotas defaults': {
        const size = (raw: string | undefined, what: string) =>
          raw === undefined ? undefined : parseSize(raw, what);
        const body = DefaultsBody.parse({
          user: size(opts.user, '--user'),
          group: size(opts.group, '--group'),
          dept: size(opts.dept?.[0], '--dept'),
        });
        await admin.quotaAdmin.setDefaults(actor, body);
        return show((await admin.quotaAdmin.overview(actor)).defaults);
      }
      case 'quotas team': {
        const id = num(args[0], 'the team id');
        const total = parseSize(args[1], 'the team quota');
        await admin.quotaAdmin.setTeamTotal(actor, id, total);
        print(`team ${id}: ${total ?? 'default'}`);
        return;
      }
      case 'reports list': {
        const res = await admin.moderation.list(actor, ReportsQuery.parse({ ...page, status: opts.status }));
        return table(
          res.reports.map((r) => ({ ...r, file: r.file?.name ?? '', link: r.link?.sid ?? '' })),
          ['id', 'kind', 'status', 'file', 'link', 'reason', 'reason_detail'],
        );
      }
      case 'reports dismiss':
      case 'reports restore':
      case 'reports uphold': {
        const id = num(args[0], 'the report id');
        const note = (opts.note ?? '').trim();
        const res =
          command === 'dismiss'
            ? await admin.moderation.dismiss(actor, id, note)
            : command === 'restore'
              ? await admin.moderation.restore(actor, id, note)
              : await admin.moderation.uphold(actor, id, note);
        return opts.json ? show(res) : reportLine(res);
      }
      case 'reports block-file':
      case 'reports block-link': {
        const id = num(args[0], 'the report id');
        const reason = (opts.reason ?? '').trim();
        const res =
          command === 'block-file'
            ? await admin.moderation.blockFile(actor, id, reason)
            : await admin.moderation.blockLink(actor, id, reason);
        return opts.json ? show(res) : reportLine(res);
      }
      case 'feedback list': {
        const res = await admin.inboxes.feedback(
          actor,
          FeedbackQuery.parse({ ...page, status: opts.status }),
        );
        return table(
          res.feedback.map((f) => ({ ...f, user: f.user.unique_name })),
          ['id', 'user', 'content', 'created_at'],
        );
      }
      case 'feedback handle':
      case 'feedback reopen': {
        const id = num(args[0], 'the feedback id');
        await admin.inboxes.handleFeedback(actor, id, command === 'handle');
        print(`feedback ${id}: ${command === 'handle' ? 'handled' : 'open'}`);
        return;
      }
      case 'identities list': {
        const res = await identity.console.list(
          actor,
          IdentityListQuery.parse({ ...page, status: opts.status }),
        );
        return table(
          res.identities.map((r) => ({ ...r, user: r.user.unique_name })),
          ['id', 'user', 'real_name', 'id_number', 'status', 'reason'],
        );
      }
      case 'identities approve':
      case 'identities reject': {
        const id = num(args[0], 'the request id');
        const res =
          command === 'approve'
            ? await identity.console.approve(actor, id)
            : await identity.console.reject(actor, id, RejectBody.parse({ reason: opts.reason }).reason);
        return opts.json ? show(res) : print(`request ${res.id}: ${res.status}`);
      }
      case 'outbox list': {
        const res = await admin.inboxes.outbox(
          actor,
          OutboxQuery.parse({ ...page, recipient: opts.recipient, state: opts.state }),
        );
        return table(res.messages as unknown as Row[], [
          'id',
          'channel',
          'recipient',
          'kind',
          'state',
          'subject',
        ]);
      }
      case 'audit list': {
        const res = await admin.audit.list(actor, { ...page, action: opts.action });
        return table(
          res.entries.map((e) => ({
            ...e,
            actor: `${e.actor.name} (${e.actor.via})`,
            when: new Date(e.created_at * 1000).toISOString(),
          })),
          ['id', 'when', 'actor', 'action', 'target_type', 'target_name'],
        );
      }
      default:
        throw new Error(`Unknown command: ${key}\n\n${USAGE}`);
    }
  }

  try {
    await run();
    return 0;
  } catch (err) {
    printError(failureLine(err));
    return 1;
  }
}
