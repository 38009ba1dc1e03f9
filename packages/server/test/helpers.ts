import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CSRF_COOKIE, SESSION_COOKIE } from '@cirrus/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { type App, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type OpenedDb, openDb } from '../src/db/index.ts';
import { pinyinOf } from '../src/lib/pinyin.ts';
import { hashPassword } from '../src/modules/accounts/passwords.ts';
import { startTestS3, type TestS3 } from './s3.ts';

/**
 * Starts the real app in-process on a fresh temporary data dir with a fresh database: SQLite in
 * the data dir, or, when TEST_DATABASE_URL names a PostgreSQL server, a schema of its own there.
 * With TEST_BLOB_STORE=s3 the blobs go to an S3-compatible server of its own (test/s3.ts).
 */
export interface TestApp extends App {
  config: Config;
  database: OpenedDb;
  clock: { now: number; advance(seconds: number): void };
  close(): Promise<void>;
  makeUser(opts?: Partial<MakeUser>): Promise<TestUser>;
  makeCompany(name?: string): Promise<number>;
  login(account: string, password: string): Promise<Client>;
  anonymous(): Client;
  /** Whether the blob store holds these bytes (as a file or as a small blob in the database). */
  stored(data: Buffer): Promise<boolean>;
  /**
   * Another server process of the same deployment: its own data dir and connection, the same
   * database, settings and secret key (ARCHITECTURE "One picture": processes behind a load
   * balancer). Closed with this app.
   */
  sibling(env?: Record<string, string>): Promise<Sibling>;
}

export interface Sibling extends App {
  config: Config;
  /** A client of this process that carries `client`'s cookies: the same browser, sent elsewhere. */
  as(client: Client): Client;
  anonymous(): Client;
}

export interface MakeUser {
  account: string;
  name: string;
  password: string;
  companyId: number | null;
  roles: string;
  status: string;
}

export interface TestUser {
  id: number;
  account: string;
  password: string;
  client(): Promise<Client>;
}

export const TEST_PASSWORD = 'Correct-Horse-9';

export async function makeTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-test-'));
  const pgUrl = process.env.TEST_DATABASE_URL;
  const schema = pgUrl ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
  const s3: TestS3 | undefined =
    process.env.TEST_BLOB_STORE === 's3' && !env.BLOB_STORE ? await startTestS3() : undefined;
  const baseEnv = { DEMO: '0', LOG_LEVEL: 'silent', ...s3?.env, ...env };
  const config = loadConfig({ DATA_DIR: dataDir, ...baseEnv });
  const database = await openDb(pgUrl ?? config.databaseUrl, { schema });
  const clock = {
    now: Math.floor(Date.now() / 1000),
    advance(seconds: number) {
      clock.now += seconds;
    },
  };
  const built = await buildApp({ config, database, now: () => clock.now, logger: false });
  await built.app.ready();
  let userSeq = 0;
  const { db } = database;
  const siblings: { app: App['app']; database: OpenedDb; dataDir: string }[] = [];

  const t: TestApp = {
    ...built,
    config,
    database,
    clock,
    async close() {
      for (const other of siblings) {
        await other.app.close();
        fs.rmSync(other.dataDir, { recursive: true, force: true });
      }
      await built.app.close();
      if (pgUrl && schema) {
        const client = new pg.Client({ connectionString: pgUrl });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      }
      await s3?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async makeCompany(name = 'Test Co') {
      const row = await db
        .insertInto('companies')
        .values({ name, admin_id: null, created_at: clock.now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async makeUser(opts = {}) {
      userSeq++;
      const account = (
        opts.account ?? `user${userSeq}_${crypto.randomBytes(3).toString('hex')}`
      ).toLowerCase();
      const password = opts.password ?? TEST_PASSWORD;
      const name = opts.name ?? `User ${userSeq}`;
      const py = pinyinOf(name);
      const row = await db
        .insertInto('users')
        .values({
          unique_name: account,
          nick_name: name,
          pinyin: py.full,
          pinyin_initials: py.initials,
          email: `${account}@test.example`,
          phone: null,
          password_hash: await hashPassword(password),
          roles: opts.roles ?? '',
          status: opts.status ?? 'active',
          password_changed_at: clock.now,
          created_at: clock.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (opts.companyId) {
        await db
          .insertInto('company_members')
          .values({ company_id: opts.companyId, user_id: row.id, main_dept_id: null, created_at: clock.now })
          .execute();
      }
      return { id: row.id, account, password, client: () => t.login(account, password) };
    },
    async login(account, password) {
      const res = await built.app.inject({ method: 'POST', url: '/p/login', payload: { account, password } });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return new Client(built, cookiesOf(res));
    },
    anonymous() {
      return new Client(built, {});
    },
    stored(data) {
      return built.services.blobs.has(crypto.createHash('sha256').update(data).digest('hex'));
    },
    async sibling(extra = {}) {
      const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-test-'));
      const otherConfig = loadConfig({
        ...baseEnv,
        DATA_DIR: otherDir,
        DATABASE_URL: config.databaseUrl,
        SECRET_KEY: fs.readFileSync(path.join(dataDir, 'secret.key'), 'utf8').trim(),
        ...extra,
      });
      const otherDb = await openDb(pgUrl ?? otherConfig.databaseUrl, { schema });
      const other = await buildApp({
        config: otherConfig,
        database: otherDb,
        now: () => clock.now,
        logger: false,
      });
      await other.app.ready();
      siblings.push({ app: other.app, database: otherDb, dataDir: otherDir });
      return {
        ...other,
        config: otherConfig,
        as: (client) => new Client(other, { ...client.cookies }),
        anonymous: () => new Client(other, {}),
      };
    },
  };
  return t;
}

function cookiesOf(res: LightMyRequestResponse): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const c of res.cookies) jar[c.name] = c.value;
  return jar;
}

/** A browser-like client: keeps cookies and sends the csrf header on writes. */
export class Client {
  constructor(
    private readonly built: App,
    public cookies: Record<string, string>,
  ) {}

  get csrf(): string {
    return this.cookies[CSRF_COOKIE] ?? '';
  }

  get session(): string | undefined {
    return this.cookies[SESSION_COOKIE];
  }

  async request(opts: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const method = (opts.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) };
    if (method !== 'GET' && method !== 'HEAD' && opts.csrf !== false && this.csrf)
      headers['x-csrf-token'] = this.csrf;
    const res = await this.built.app.inject({ ...opts, headers, cookies: this.cookies });
    for (const c of res.cookies) {
      if (c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now())) delete this.cookies[c.name];
      else this.cookies[c.name] = c.value;
    }
    return res;
  }

  get(url: string, opts: Omit<InjectOptions, 'url' | 'method'> = {}) {
    return this.request({ ...opts, method: 'GET', url });
  }
  post(
    url: string,
    payload?: unknown,
    opts: Omit<InjectOptions, 'url' | 'method' | 'payload'> & { csrf?: boolean } = {},
  ) {
    return this.request({ ...opts, method: 'POST', url, payload: payload as InjectOptions['payload'] });
  }
  put(
    url: string,
    payload?: unknown,
    opts: Omit<InjectOptions, 'url' | 'method' | 'payload'> & { csrf?: boolean } = {},
  ) {
    return this.request({ ...opts, method: 'PUT', url, payload: payload as InjectOptions['payload'] });
  }
  patch(
    url: string,
    payload?: unknown,
    opts: Omit<InjectOptions, 'url' | 'method' | 'payload'> & { csrf?: boolean } = {},
  ) {
    return this.request({ ...opts, method: 'PATCH', url, payload: payload as InjectOptions['payload'] });
  }
  delete(
    url: string,
    payload?: unknown,
    opts: Omit<InjectOptions, 'url' | 'method' | 'payload'> & { csrf?: boolean } = {},
  ) {
    return this.request({ ...opts, method: 'DELETE', url, payload: payload as InjectOptions['payload'] });
  }
}
