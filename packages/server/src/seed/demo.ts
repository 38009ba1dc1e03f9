import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db, DbOrTrx } from '../db/index.ts';
import { lockFirstCompany } from '../db/locks.ts';
import { pinyinOf } from '../lib/pinyin.ts';
import { hashPassword } from '../modules/accounts/passwords.ts';

/**
 * The demo organisation created on the first start of an empty data dir (ARCHITECTURE.md "First
 * start"): a company with a three-level department tree, 33 people with Chinese and English
 * names (one synced from a directory), and one general user outside any company.
 */
interface DemoPerson {
  account: string;
  name: string;
  dept: string;
  title: string;
  sex: 0 | 1 | 2;
  source?: 'sync';
  roles?: string;
}

const COMPANY = '星云科技 Nebula Tech';

/** Departments as path -> parent path; the root is the company itself. */
const DEPARTMENTS: [string, string | null][] = [
  ['星云科技', null],
  ['研发中心', '星云科技'],
  ['后端组', '研发中心'],
  ['前端组', '研发中心'],
  ['测试组', '研发中心'],
  ['产品部', '星云科技'],
  ['设计组', '产品部'],
  ['市场部', '星云科技'],
  ['华东区', '市场部'],
  ['行政部', '星云科技'],
];

const PEOPLE: DemoPerson[] = [
  { account: 'admin', name: '系统管理员', dept: '行政部', title: 'IT Administrator', sex: 0, roles: 'admin' },
  { account: 'zhangwei', name: '张伟', dept: '研发中心', title: '研发总监', sex: 1 },
  { account: 'wangfang', name: '王芳', dept: '后端组', title: '后端工程师', sex: 2 },
  { account: 'lina', name: '李娜', dept: '后端组', title: '后端工程师', sex: 2 },
  { account: 'liuyang', name: '刘洋', dept: '后端组', title: '架构师', sex: 1 },
  { account: 'chenjing', name: '陈静', dept: '前端组', title: '前端工程师', sex: 2 },
  { account: 'yanglei', name: '杨磊', dept: '前端组', title: '前端负责人', sex: 1 },
  { account: 'zhaomin', name: '赵敏', dept: '测试组', title: '测试工程师', sex: 2 },
  { account: 'huangting', name: '黄婷', dept: '测试组', title: '测试负责人', sex: 2 },
  { account: 'zhoujie', name: '周杰', dept: '产品部', title: '产品总监', sex: 1 },
  { account: 'wuhao', name: '吴昊', dept: '产品部', title: '产品经理', sex: 1 },
  { account: 'xuli', name: '徐丽', dept: '设计组', title: '交互设计师', sex: 2 },
  { account: 'sunqiang', name: '孙强', dept: '设计组', title: '视觉设计师', sex: 1, source: 'sync' },
  { account: 'machao', name: '马超', dept: '市场部', title: '市场总监', sex: 1 },
  { account: 'zhulin', name: '朱琳', dept: '华东区', title: '客户经理', sex: 2 },
  { account: 'hubin', name: '胡斌', dept: '华东区', title: '销售代表', sex: 1 },
  { account: 'guojing', name: '郭靖', dept: '华东区', title: '销售代表', sex: 1 },
  { account: 'hexue', name: '何雪', dept: '行政部', title: '人事专员', sex: 2 },
  { account: 'gaoyuan', name: '高远', dept: '行政部', title: '财务主管', sex: 1 },
  { account: 'linfeng', name: '林峰', dept: '后端组', title: '运维工程师', sex: 1 },
  { account: 'luojia', name: '罗佳', dept: '前端组', title: '前端工程师', sex: 2 },
  { account: 'alice', name: 'Alice Walker', dept: '产品部', title: 'Product Designer', sex: 2 },
  { account: 'bob', name: 'Bob Chen', dept: '后端组', title: 'Backend Engineer', sex: 1 },
  { account: 'carol', name: 'Carol Smith', dept: '市场部', title: 'Marketing Manager', sex: 2 },
  { account: 'david', name: 'David Lee', dept: '测试组', title: 'QA Engineer', sex: 1 },
  { account: 'emma', name: 'Emma Brown', dept: '设计组', title: 'UX Researcher', sex: 2 },
  { account: 'frank', name: 'Frank Miller', dept: '行政部', title: 'Office Manager', sex: 1 },
  { account: 'grace', name: 'Grace Kim', dept: '前端组', title: 'Frontend Engineer', sex: 2 },
  { account: 'henry', name: 'Henry Wilson', dept: '研发中心', title: 'Engineering Manager', sex: 1 },
  { account: 'iris', name: 'Iris Zhang', dept: '华东区', title: 'Account Executive', sex: 2 },
  { account: 'jack', name: 'Jack Taylor', dept: '后端组', title: 'Site Reliability Engineer', sex: 1 },
  { account: 'kate', name: 'Kate Johnson', dept: '产品部', title: 'Product Manager', sex: 2 },
];

/** A general user who belongs to no company (spec 002 §5: vip level 10 without a company). */
const GENERAL_USER = { account: 'lucy', name: 'Lucy 路人', vip_level: 10 };

export const DEMO_EMAIL_DOMAIN = 'nebula.example';

/** A password that meets the standard rules (8-16 characters, three classes). */
export function randomDemoPassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyz';
  const pick = (set: string) => set[crypto.randomInt(set.length)];
  const lower = Array.from({ length: 5 }, () => pick(letters)).join('');
  return `${pick(letters.toUpperCase())}${lower}-${crypto.randomInt(1000, 10000)}`;
}

export interface DemoResult {
  created: boolean;
  /** The demo's teams and files are still to be seeded: just created, or a start stopped half-way. */
  pending: boolean;
  password: string;
  accounts: string[];
}

/** Stored (for the deployment, company 0) with the organisation, removed once the demo is complete. */
const DEMO_PENDING = 'demo.pending';

/**
 * How long a start's claim on the demo's seeding holds without being renewed: another process of
 * the deployment starting meanwhile waits for it; a start killed half-way is taken over after it.
 */
export const DEMO_CLAIM_SECONDS = 30;

/**
 * Claims the seeding of the pending demo for this start, or renews the claim: true when this start
 * is to seed (nobody else holds a fresh claim), false while another does.
 */
export async function claimDemoSeeding(db: Db, now: number, mine: string): Promise<boolean> {
  const res = await db
    .updateTable('settings')
    .set({ value: JSON.stringify(mine), updated_at: now })
    .where('company_id', '=', 0)
    .where('name', '=', DEMO_PENDING)
    .where((eb) =>
      eb.or([
        eb('value', '=', 'true'),
        eb('value', '=', JSON.stringify(mine)),
        eb('updated_at', '<', now - DEMO_CLAIM_SECONDS),
      ]),
    )
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Whether the demo still waits for its teams and files. */
export async function demoPending(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('settings')
    .select('name')
    .where('company_id', '=', 0)
    .where('name', '=', DEMO_PENDING)
    .executeTakeFirst();
  return row !== undefined;
}

/** The demo's teams and files are all there: later starts leave the demo alone. */
export async function markDemoComplete(db: Db): Promise<void> {
  await db.deleteFrom('settings').where('company_id', '=', 0).where('name', '=', DEMO_PENDING).execute();
}

/**
 * The demo organisation on the first start of an empty deployment; undefined for a deployment
 * made without it (`npm run admin -- setup`): its company is real and gets no demo beside it.
 */
export async function seedDemo(
  db: Db,
  opts: { dataDir: string; password?: string; now: () => number },
): Promise<DemoResult | undefined> {
  // The demo's administrator has the demo's address: an `admin` made by setup is not the demo.
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('unique_name', '=', 'admin')
    .where('email', '=', `admin@${DEMO_EMAIL_DOMAIN}`)
    .executeTakeFirst();
  const loginsFile = path.join(opts.dataDir, 'demo-logins.txt');
  if (!existing && (await anyCompany(db))) return undefined;
  if (existing) {
    const password = readPassword(loginsFile) ?? '(see demo-logins.txt)';
    return { created: false, pending: await demoPending(db), password, accounts: [] };
  }
  // The logins are written first: a start stopped before the organisation was committed uses the
  // same password the next time, so what it printed stays true.
  const password = opts.password || readPassword(loginsFile) || randomDemoPassword();
  const t = opts.now();
  const accounts = [...PEOPLE.map((p) => p.account), GENERAL_USER.account];
  writeLogins(loginsFile, password, accounts);

  // Hash before the transaction: no slow work while it is open.
  const hashes = await Promise.all(accounts.map(() => hashPassword(password)));

  const made = await db.transaction().execute(async (trx) => {
    // A company made meanwhile (setup from the command line while the passwords were hashed): no demo.
    await lockFirstCompany(trx);
    if (await anyCompany(trx)) return false;
    await trx
      .insertInto('settings')
      .values({ company_id: 0, name: DEMO_PENDING, value: 'true', updated_at: t })
      .execute();
    const company = await trx
      .insertInto('companies')
      .values({ name: COMPANY, admin_id: null, created_at: t })
      .returning('id')
      .executeTakeFirstOrThrow();

    const deptIds = new Map<string, { id: number; path: string; display: string }>();
    for (const [name, parent] of DEPARTMENTS) {
      const up = parent ? deptIds.get(parent) : undefined;
      const display = up ? `${up.display}/${name}` : name;
      const row = await trx
        .insertInto('departments')
        .values({
          company_id: company.id,
          parent_id: up?.id ?? null,
          name,
          status: 'active',
          path: '',
          display_path_name: display,
          sort: deptIds.size,
          created_at: t,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const deptPath = `${up?.path ?? '/'}${row.id}/`;
      await trx.updateTable('departments').set({ path: deptPath }).where('id', '=', row.id).execute();
      deptIds.set(name, { id: row.id, path: deptPath, display });
    }

    let i = 0;
    for (const person of PEOPLE) {
      const py = pinyinOf(person.name);
      const user = await trx
        .insertInto('users')
        .values({
          unique_name: person.account,
          nick_name: person.name,
          pinyin: py.full,
          pinyin_initials: py.initials,
          email: `${person.account}@${DEMO_EMAIL_DOMAIN}`,
          phone: `1380013${String(i).padStart(4, '0')}`,
          password_hash: hashes[i],
          sex: person.sex,
          source: person.source ?? 'local',
          roles: person.roles ?? '',
          password_changed_at: t,
          created_at: t,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const dept = deptIds.get(person.dept)!;
      await trx
        .insertInto('company_members')
        .values({
          company_id: company.id,
          user_id: user.id,
          employee_id: `NB${String(1001 + i)}`,
          title: person.title,
          ext_phone_number: `0571-8${String(7000000 + i * 13)}`.slice(0, 13),
          main_dept_id: dept.id,
          created_at: t,
        })
        .execute();
      await trx.insertInto('dept_members').values({ dept_id: dept.id, user_id: user.id }).execute();
      if (person.account === 'admin') {
        await trx.updateTable('companies').set({ admin_id: user.id }).where('id', '=', company.id).execute();
      }
      i++;
    }

    const py = pinyinOf(GENERAL_USER.name);
    await trx
      .insertInto('users')
      .values({
        unique_name: GENERAL_USER.account,
        nick_name: GENERAL_USER.name,
        pinyin: py.full,
        pinyin_initials: py.initials,
        email: `${GENERAL_USER.account}@example.org`,
        phone: null,
        password_hash: hashes[i],
        vip_level: GENERAL_USER.vip_level,
        password_changed_at: t,
        created_at: t,
      })
      .execute();
    return true;
  });
  if (!made) {
    fs.rmSync(loginsFile, { force: true });
    return undefined;
  }
  return { created: true, pending: true, password, accounts };
}

async function anyCompany(db: DbOrTrx): Promise<boolean> {
  return (await db.selectFrom('companies').select('id').executeTakeFirst()) !== undefined;
}

function writeLogins(file: string, password: string, accounts: string[]): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const lines = [
    'Cirrus demo logins (all demo users share this password)',
    `password: ${password}`,
    `administrator: admin`,
    `users: ${accounts.filter((a) => a !== 'admin').join(', ')}`,
    '',
  ];
  fs.writeFileSync(file, lines.join('\n'), { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}

function readPassword(file: string): string | undefined {
  try {
    return /^password: (.+)$/m.exec(fs.readFileSync(file, 'utf8'))?.[1];
  } catch {
    return undefined;
  }
}
