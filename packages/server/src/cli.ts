// The administrator's console on the command line: `npm run admin -- <command>`. It opens the
// same database as the server (DATA_DIR, DATABASE_URL) and calls the same services as
// /admin/v1/..., acting as the operator (the deployment's first company) unless --company says
// otherwise. Changes are written to the audit log as actor 0 via "cli".
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDb } from './db/index.ts';
import { DomainError } from './http/errors.ts';
import { type ConsoleActor, operatorCompanyId } from './modules/admin/policy.ts';

const USAGE = `Usage: npm run admin -- <command> [options]

  users list [--q text] [--dept id] [--status active|disabled] [--offset n] [--limit n]
  users show <id|account>
  users create <account> <name> [--email x] [--phone x] [--dept id] [--title x] [--vip n] [--role admin]
  users disable <id|account>        ends the user's sessions; they cannot log in
  users enable <id|account>
  users reset-password <id|account> prints a temporary password, to be changed at the next login
  users move <id|account> --dept id [--dept id ...]
  users sync <id|account> [--local]  marks the account as synced from a directory (or local again)
  depts list
  depts create <name> --parent id
  depts rename <id> <name>
  depts move <id> --parent id
  depts disable <id> | depts enable <id>
  settings get [name]
  settings set <name> <value>       value as JSON (true, 20, "text", ["company","user"]) or plain text
  import csv <file> [--dry-run]     columns: account,name,email,phone,department,title,employee_id,vip_level,quota_gb
  quotas usage [--kind user|group|dept]
  reports list [--status open|pending|appealed|blocked|dismissed|restored|all]
  feedback list [--status open|handled|all]
  outbox list [--recipient x] [--state stored|queued|sent|failed]
  audit list [--action x]

Options: --company id (default: the deployment's first company), --json (raw JSON output)`;

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    q: { type: 'string' },
    dept: { type: 'string', multiple: true },
    status: { type: 'string' },
    offset: { type: 'string' },
    limit: { type: 'string' },
    email: { type: 'string' },
    phone: { type: 'string' },
    title: { type: 'string' },
    vip: { type: 'string' },
    role: { type: 'string', multiple: true },
    parent: { type: 'string' },
    local: { type: 'boolean' },
    kind: { type: 'string' },
    recipient: { type: 'string' },
    state: { type: 'string' },
    action: { type: 'string' },
    company: { type: 'string' },
    'dry-run': { type: 'boolean' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});

const [area, command, ...args] = positionals;
if (opts.help || !area || !command) {
  console.log(USAGE);
  process.exit(area || opts.help ? 0 : 1);
}

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DEMO: '0' });
const database = await openDb(config.databaseUrl);
const { app, services } = await buildApp({ config, database, logger: false });
const { admin } = services;

const companyId = opts.company ? Number(opts.company) : await operatorCompanyId(database.db);
if (!companyId) {
  console.error('No company in this database yet (start the server once, or create one).');
  process.exit(1);
}
const actor: ConsoleActor = {
  userId: 0,
  name: 'command line',
  companyId,
  access: 'manage',
  operator: companyId === (await operatorCompanyId(database.db)),
  via: 'cli',
  ip: '',
};

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
  const row = await database.db
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
  if (opts.json) return void console.log(JSON.stringify(rows, null, 2));
  const cell = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v ?? ''));
  const widths = columns.map((c) => Math.min(40, Math.max(c.length, ...rows.map((r) => cell(r[c]).length))));
  const line = (vals: string[]) => vals.map((v, i) => v.slice(0, 40).padEnd(widths[i])).join('  ');
  console.log(line(columns));
  for (const r of rows) console.log(line(columns.map((c) => cell(r[c]))));
}
const show = (value: unknown) => console.log(JSON.stringify(value, null, 2));

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
      if (!opts.json) console.log(`${res.total} in all`);
      return;
    }
    case 'users show':
      return show(await admin.people.get(actor, await userId(args[0])));
    case 'users create': {
      const [account, name] = args;
      if (!account || !name) throw new Error('users create <account> <name>');
      const res = await admin.people.create(actor, {
        unique_name: account,
        nick_name: name,
        email: opts.email ?? null,
        phone: opts.phone ?? null,
        title: opts.title,
        dept_ids: (opts.dept ?? []).map((d) => num(d, '--dept')),
        vip_level: opts.vip ? Number(opts.vip) : undefined,
        roles: opts.role,
      });
      console.log(`created ${res.user.unique_name} (id ${res.user.id})`);
      console.log(
        `temporary password: ${res.temporary_password}  (shown once; to be changed at the first login)`,
      );
      return;
    }
    case 'users disable':
    case 'users enable': {
      const res = await admin.people.setStatus(
        actor,
        await userId(args[0]),
        command === 'disable' ? 'disabled' : 'active',
      );
      console.log(`${res.unique_name}: ${res.status}`);
      return;
    }
    case 'users reset-password': {
      const res = await admin.people.resetPassword(actor, await userId(args[0]));
      console.log(`temporary password for ${res.user.unique_name}: ${res.temporary_password}  (shown once)`);
      return;
    }
    case 'users move': {
      const depts = (opts.dept ?? []).map((d) => num(d, '--dept'));
      const res = await admin.people.setDepts(actor, await userId(args[0]), {
        dept_ids: depts,
        main_dept_id: depts[0] ?? null,
      });
      console.log(
        `${res.unique_name}: ${res.depts.map((d) => d.display_path_name).join('; ') || '(no department)'}`,
      );
      return;
    }
    case 'users sync': {
      const res = await admin.people.setSource(actor, await userId(args[0]), opts.local ? 'local' : 'sync');
      console.log(`${res.unique_name}: ${res.source}`);
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
      const res = await admin.departments.create(actor, {
        name: args[0] ?? '',
        parent_id: opts.parent ? num(opts.parent, '--parent') : null,
      });
      console.log(`created ${res.display_path_name} (id ${res.id})`);
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
      console.log(`${res.id}: ${res.display_path_name}`);
      return;
    }
    case 'depts disable':
    case 'depts enable': {
      const res = await admin.departments.setStatus(
        actor,
        num(args[0], 'the department id'),
        command === 'disable' ? 'disabled' : 'active',
      );
      console.log(`${res.display_path_name}: ${res.status}`);
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
      console.log(`${res.name} = ${JSON.stringify(res.value)}`);
      return;
    }
    case 'import csv': {
      if (!args[0]) throw new Error('import csv <file>');
      const report = await admin.imports.run(
        actor,
        fs.readFileSync(args[0], 'utf8'),
        Boolean(opts['dry-run']),
      );
      if (opts.json) return show(report);
      table(report.rows as unknown as Row[], ['line', 'account', 'action', 'errors', 'changes']);
      if (report.new_departments.length) console.log(`new departments: ${report.new_departments.join(', ')}`);
      const s = report.summary;
      console.log(
        `${report.dry_run ? 'dry run: ' : 'imported: '}${s.create} new, ${s.update} updated, ${s.unchanged} unchanged, ${s.error} with errors`,
      );
      for (const p of report.passwords)
        console.log(`temporary password for ${p.account}: ${p.temporary_password}`);
      return;
    }
    case 'quotas usage': {
      const res = await admin.quotaAdmin.usage(actor, {
        ...page,
        kind: (opts.kind ?? 'user') as 'user' | 'group' | 'dept',
      });
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
    case 'reports list': {
      const res = await admin.moderation.list(actor, { ...page, status: (opts.status ?? 'open') as 'open' });
      return table(
        res.reports.map((r) => ({ ...r, file: r.file?.name ?? '', link: r.link?.sid ?? '' })),
        ['id', 'kind', 'status', 'file', 'link', 'reason', 'reason_detail'],
      );
    }
    case 'feedback list': {
      const res = await admin.inboxes.feedback(actor, { ...page, status: (opts.status ?? 'open') as 'open' });
      return table(
        res.feedback.map((f) => ({ ...f, user: f.user.unique_name })),
        ['id', 'user', 'content', 'created_at'],
      );
    }
    case 'outbox list': {
      const res = await admin.inboxes.outbox(actor, {
        ...page,
        recipient: opts.recipient,
        state: opts.state as 'stored' | undefined,
      });
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
      console.error(`Unknown command: ${key}\n\n${USAGE}`);
      process.exitCode = 1;
  }
}

try {
  await run();
} catch (err) {
  if (err instanceof DomainError) {
    console.error(`error: ${err.key}${err.debug ? ` ${JSON.stringify(err.debug)}` : ''}`);
  } else {
    console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
  }
  process.exitCode = 1;
} finally {
  await app.close();
}
