import {
  GIB,
  IMPORT_COLUMNS,
  IMPORT_ROWS_MAX,
  type ImportReport,
  type ImportRowReport,
  type Settings,
  validateDeptName,
  validateUniqueName,
} from '@cirrus/shared';
import { parse } from 'csv-parse/sync';
import type { Db, DbOrTrx } from '../../db/index.ts';
import type { DepartmentRow, UserUpdate } from '../../db/schema.ts';
import { DomainError } from '../../http/errors.ts';
import { pinyinOf } from '../../lib/pinyin.ts';
import { hashPassword } from '../accounts/passwords.ts';
import type { SettingsService } from '../settings/service.ts';
import type { QuotaService } from '../spaces/quota-service.ts';
import type { Moving, TeamService } from '../teams/service.ts';
import type { AuditLog } from './audit.ts';
import { checkPersonFields, insertAccount, temporaryPassword } from './people.ts';
import type { ConsoleActor } from './policy.ts';
import * as repo from './repo.ts';

type Column = (typeof IMPORT_COLUMNS)[number];
type Cells = Partial<Record<Column, string>>;

interface RowPlan {
  report: ImportRowReport;
  cells: Cells;
  /** Set for a valid row: what to write. */
  userId?: number;
  deptPath?: string;
  user?: UserUpdate;
  member?: { title?: string; employee_id?: string };
  quota?: number;
}

interface Plan {
  rows: RowPlan[];
  /** Department display paths to create, parents first. */
  newDepts: string[];
}

/**
 * Reads the CSV with csv-parse (RFC 4180: quotes, embedded commas and line breaks, a BOM). The
 * header names the columns (IMPORT_COLUMNS, any order, account required); a malformed file as a
 * whole answers importInvalid with the parser's reason.
 */
export function readCsv(text: string): { line: number; cells: Cells }[] {
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: false,
    }) as string[][];
  } catch (err) {
    throw new DomainError('importInvalid', {}, { reason: err instanceof Error ? err.message : String(err) });
  }
  const [header, ...rows] = records;
  if (!header) throw new DomainError('importInvalid', {}, { reason: 'the file is empty' });
  const columns = header.map((h) => h.trim().toLowerCase());
  const unknown = columns.filter((c) => !(IMPORT_COLUMNS as readonly string[]).includes(c));
  if (unknown.length > 0 || !columns.includes('account') || new Set(columns).size !== columns.length)
    throw new DomainError(
      'importInvalid',
      {},
      { reason: `the header must name columns of: ${IMPORT_COLUMNS.join(', ')}` },
    );
  if (rows.length > IMPORT_ROWS_MAX)
    throw new DomainError('importInvalid', {}, { reason: `at most ${IMPORT_ROWS_MAX} rows` });
  return rows.map((record, i) => ({
    line: i + 2,
    cells: Object.fromEntries(columns.map((c, j) => [c, record[j] ?? ''])) as Cells,
  }));
}

/**
 * Imports people and departments from a CSV file: a dry run reports what each row would do; the
 * import applies all of it in one transaction or, when any row is wrong, nothing. Empty cells
 * leave a value as it is, so importing the same file again changes nothing.
 */
export function createImportService({
  db,
  settings,
  quota,
  audit,
  teams,
  now,
}: {
  db: Db;
  settings: SettingsService;
  quota: QuotaService;
  audit: AuditLog;
  teams: Pick<TeamService, 'followDepartments'>;
  now: () => number;
}) {
  async function plan(
    actor: ConsoleActor,
    rows: { line: number; cells: Cells }[],
    s: Settings,
    dbx: DbOrTrx,
  ): Promise<Plan> {
    const depts = await repo.listDepts(dbx, actor.companyId);
    const byPath = new Map<string, (typeof depts)[number]>(depts.map((d) => [d.display_path_name, d]));
    const root = depts.find((d) => d.parent_id === null);
    const newDepts: string[] = [];
    const seen = { account: new Set<string>(), email: new Set<string>(), phone: new Set<string>() };

    /** A full display path; a path that does not start at the root is read below it. */
    function resolvePath(raw: string): { path?: string; error?: string } {
      const parts = raw
        .split('/')
        .map((p) => p.trim())
        .filter(Boolean);
      if (parts.length === 0) return {};
      if (parts.some((p) => validateDeptName(p))) return { error: 'illegalDeptName' };
      if (root && parts[0] !== root.name) parts.unshift(root.name);
      for (let i = 1; i <= parts.length; i++) {
        const path = parts.slice(0, i).join('/');
        const existing = byPath.get(path);
        if (existing && existing.status !== 'active') return { error: 'deptNotExist' };
        if (!existing && !newDepts.includes(path)) {
          if (i === 1 && root) return { error: 'deptNotExist' };
          newDepts.push(path);
        }
      }
      return { path: parts.join('/') };
    }

    const out: RowPlan[] = [];
    for (const { line, cells } of rows) {
      const account = (cells.account ?? '').trim().toLowerCase();
      const report: ImportRowReport = { line, account, action: 'unchanged', errors: [], changes: [] };
      const row: RowPlan = { report, cells };
      out.push(row);
      const fail = (key: string) => {
        if (!report.errors.includes(key)) report.errors.push(key);
      };
      if (validateUniqueName(account)) fail('InvalidAccount');
      else if (seen.account.has(account)) fail('accountInUse');
      seen.account.add(account);

      let fields: ReturnType<typeof checkPersonFields> = {};
      const given = (c: Column) => (cells[c] ?? '').trim() !== '';
      try {
        fields = checkPersonFields(
          {
            nick_name: given('name') ? cells.name : undefined,
            email: given('email') ? cells.email : undefined,
            phone: given('phone') ? cells.phone : undefined,
            title: given('title') ? cells.title : undefined,
            employee_id: given('employee_id') ? cells.employee_id : undefined,
            vip_level: given('vip_level') ? Number(cells.vip_level) : undefined,
          },
          s,
        );
      } catch (err) {
        if (err instanceof DomainError) fail(err.key);
        else throw err;
      }
      if (given('quota_gb')) {
        const gb = Number(cells.quota_gb);
        if (!Number.isFinite(gb) || gb < 0) fail('badRequest');
        else row.quota = Math.round(gb * GIB);
      }
      for (const field of ['email', 'phone'] as const) {
        const value = fields[field];
        if (!value) continue;
        if (seen[field].has(value)) fail(field === 'email' ? 'EmailAlreadyInUsed' : 'PhoneAlreadyInUsed');
        seen[field].add(value);
      }
      const dept = given('department') ? resolvePath(cells.department ?? '') : {};
      if (dept.error) fail(dept.error);
      row.deptPath = dept.path;
      if (report.errors.length > 0) continue;

      const existing = await repo.findUserByUniqueName(dbx, account);
      const person = existing ? await repo.findPerson(dbx, existing.id) : undefined;
      if (person && person.company_id !== actor.companyId) {
        fail('accountInUse');
        continue;
      }
      for (const field of ['email', 'phone'] as const) {
        const value = fields[field];
        const other = value ? await repo.findUserIdWith(dbx, field, value) : undefined;
        if (other && other.id !== person?.id)
          fail(field === 'email' ? 'EmailAlreadyInUsed' : 'PhoneAlreadyInUsed');
      }
      if (!person && !fields.nick_name) fail('InvalidNickname');
      if (report.errors.length > 0) continue;

      if (!person) {
        report.action = 'create';
        continue;
      }
      row.userId = person.id;
      const user: UserUpdate = {};
      const member: { title?: string; employee_id?: string } = {};
      if (fields.nick_name !== undefined && fields.nick_name !== person.nick_name) {
        const py = pinyinOf(fields.nick_name);
        Object.assign(user, { nick_name: fields.nick_name, pinyin: py.full, pinyin_initials: py.initials });
        report.changes.push('name');
      }
      for (const field of ['email', 'phone'] as const) {
        if (fields[field] !== undefined && fields[field] !== person[field]) {
          user[field] = fields[field];
          report.changes.push(field);
        }
      }
      if (fields.vip_level !== undefined && fields.vip_level !== person.vip_level) {
        user.vip_level = fields.vip_level;
        report.changes.push('vip_level');
      }
      if (fields.title !== undefined && fields.title !== (person.title ?? '')) {
        member.title = fields.title;
        report.changes.push('title');
      }
      if (fields.employee_id !== undefined && fields.employee_id !== (person.employee_id ?? '')) {
        member.employee_id = fields.employee_id;
        report.changes.push('employee_id');
      }
      if (row.deptPath) {
        const main = depts.find((d) => d.id === person.main_dept_id);
        if (main?.display_path_name !== row.deptPath) report.changes.push('department');
      }
      if (row.quota !== undefined && (await quota.info('user', person.id, dbx)).own_total !== row.quota)
        report.changes.push('quota');
      row.user = user;
      row.member = member;
      report.action = report.changes.length > 0 ? 'update' : 'unchanged';
    }
    for (const row of out) if (row.report.errors.length > 0) row.report.action = 'error';
    // Only departments some valid row needs are created.
    const needed = newDepts.filter((p) =>
      out.some(
        (r) =>
          r.report.action !== 'error' && r.deptPath && (r.deptPath === p || r.deptPath.startsWith(`${p}/`)),
      ),
    );
    return { rows: out, newDepts: needed };
  }

  function reportOf(
    p: Plan,
    dryRun: boolean,
    applied: boolean,
    passwords: ImportReport['passwords'],
  ): ImportReport {
    const count = (a: ImportRowReport['action']) => p.rows.filter((r) => r.report.action === a).length;
    return {
      dry_run: dryRun,
      applied,
      rows: p.rows.map((r) => r.report),
      new_departments: p.newDepts,
      summary: {
        create: count('create'),
        update: count('update'),
        unchanged: count('unchanged'),
        error: count('error'),
      },
      passwords,
    };
  }

  async function apply(
    actor: ConsoleActor,
    p: Plan,
    s: Settings,
    hashes: Map<string, string>,
    trx: DbOrTrx,
    moving: Moving,
  ): Promise<void> {
    const t = now();
    const ids = new Map<string, number>(
      (await repo.listDepts(trx, actor.companyId)).map((d) => [d.display_path_name, d.id]),
    );
    for (const path of p.newDepts) {
      const cut = path.lastIndexOf('/');
      const parentId = cut < 0 ? undefined : ids.get(path.slice(0, cut));
      const parent: DepartmentRow | null = parentId ? ((await repo.findDept(trx, parentId)) ?? null) : null;
      ids.set(
        path,
        await repo.insertDept(trx, {
          company_id: actor.companyId,
          parent,
          name: path.slice(cut + 1),
          now: t,
        }),
      );
    }
    for (const row of p.rows) {
      const { report, cells } = row;
      const deptId = row.deptPath ? ids.get(row.deptPath) : undefined;
      if (report.action === 'create') {
        const f = checkPersonFields(
          {
            nick_name: cells.name,
            email: cells.email || null,
            phone: cells.phone || null,
            title: cells.title ?? '',
            employee_id: cells.employee_id ?? '',
            vip_level: cells.vip_level ? Number(cells.vip_level) : 0,
          },
          s,
        );
        const id = await insertAccount(trx, actor.companyId, {
          uniqueName: report.account,
          fields: f,
          passwordHash: hashes.get(report.account) ?? '',
          mainDeptId: deptId ?? null,
          now: t,
        });
        if (deptId) {
          await moving([id]);
          await repo.replaceDeptMemberships(trx, id, [deptId]);
        }
        if (row.quota !== undefined) await quota.set('user', id, { total: row.quota }, trx);
      } else if (report.action === 'update' && row.userId) {
        const userId = row.userId;
        await repo.updateUser(trx, userId, row.user ?? {});
        await repo.updateMember(trx, actor.companyId, userId, row.member ?? {});
        if (report.changes.includes('department') && deptId) {
          // The new department replaces the old main one; other memberships stay.
          const person = await repo.findPerson(trx, userId);
          const current = (await repo.deptsOfUsers(trx, [userId])).map((d) => d.id);
          const kept = current.filter((id) => id !== person?.main_dept_id && id !== deptId);
          await moving([userId]);
          await repo.replaceDeptMemberships(trx, userId, [deptId, ...kept]);
          await quota.setMainDept(trx, actor.companyId, userId, deptId);
        }
        if (report.changes.includes('quota'))
          await quota.set('user', userId, { total: row.quota ?? null }, trx);
      }
    }
  }

  return {
    async run(actor: ConsoleActor, csv: string, dryRun: boolean): Promise<ImportReport> {
      const rows = readCsv(csv);
      const s = await settings.get(actor.companyId);
      const first = await plan(actor, rows, s, db);
      if (dryRun) return reportOf(first, true, false, []);
      if (first.rows.some((r) => r.report.action === 'error'))
        throw new DomainError('importInvalid', {}, { report: reportOf(first, false, false, []) });
      // Passwords are hashed before the transaction: no slow work while it is open.
      const creates = first.rows.filter((r) => r.report.action === 'create').map((r) => r.report.account);
      const passwords = creates.map((account) => ({ account, temporary_password: temporaryPassword(s) }));
      const hashes = new Map<string, string>();
      for (const p of passwords) hashes.set(p.account, await hashPassword(p.temporary_password));
      // People moved into departments come into (or leave) their teams (teams.followDepartments).
      const final = await teams.followDepartments(async (trx, moving) => {
        // Planned again inside the transaction: what someone else changed meanwhile counts.
        const again = await plan(actor, rows, s, trx);
        const againCreates = again.rows
          .filter((r) => r.report.action === 'create')
          .map((r) => r.report.account);
        if (again.rows.some((r) => r.report.action === 'error') || againCreates.join() !== creates.join())
          throw new DomainError('importInvalid', {}, { report: reportOf(again, false, false, []) });
        await apply(actor, again, s, hashes, trx, moving);
        const report = reportOf(again, false, true, passwords);
        if (report.summary.create + report.summary.update + again.newDepts.length > 0)
          await audit.record(
            actor,
            {
              action: 'import.people',
              targetType: 'import',
              detail: { ...report.summary, new_departments: again.newDepts },
            },
            trx,
          );
        return report;
      });
      return final;
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
