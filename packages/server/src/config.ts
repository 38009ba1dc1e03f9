import path from 'node:path';
import {
  DEFAULT_SETTINGS,
  FILE_LOCK_TTL_SECONDS,
  SETTING_NAMES,
  type SettingName,
  type Settings,
} from '@cirrus/shared';

/**
 * Typed configuration, read once from the environment. Every variable is listed in the README
 * with its default. Company settings and feature flags (ALLOW_FILE_LOCK, allow_chat ...) may be
 * given as environment variables of the same name; they seed the settings table's defaults.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** SQLite file in the data dir unless a postgres:// URL is given. */
  databaseUrl: string;
  blobStore: 'fs' | 's3';
  s3: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };
  redisUrl: string;
  redisChannel: string;
  demo: boolean;
  demoPassword: string;
  logLevel: string;
  /** Set the Secure flag on cookies (behind HTTPS). */
  cookieSecure: boolean;
  trustProxy: boolean;
  /** Where the built web app lives; served under /pcview. */
  webDist: string;
  /**
   * PUBLIC_URL: the address people open the product at, for links in mail (password reset). Never
   * taken from a request's Host header, which a stranger could set to their own site.
   */
  publicUrl: string;
  settingOverrides: Partial<Settings>;
  quotas: QuotaDefaults;
  /** Outgoing messages (modules/outbox); with neither set, messages are only stored in the outbox. */
  outbox: OutboxConfig;
  /** The durable job queue (src/jobs) and the jobs of issue 4. */
  jobs: JobsConfig;
  /** Previews (modules/preview). */
  preview: PreviewConfig;
  /** FILE_LOCK_TTL: seconds a file lock lasts unless its holder refreshes it (default 8 hours). */
  fileLockTtlSeconds: number;
  /**
   * SECRET_KEY: 32 bytes in base64 that encrypt link access codes and sign their tokens
   * (modules/links/secrets.ts); empty: DATA_DIR/secret.key, made on first start. Several server
   * processes must share one.
   */
  secretKey: string;
  /**
   * SEARCH_INDEX: keep the search index (on). Off, files are neither indexed nor read for text
   * and searches find nothing new; the maintenance job catches up once it is on again. For
   * measuring what indexing costs (bench: BENCH_NO_INDEX) and for drives that want no search.
   */
  searchIndex: boolean;
}

export interface PreviewConfig {
  /**
   * SOFFICE_PATH: LibreOffice's soffice, which converts office documents to PDF for previews.
   * Empty: looked up on PATH; "off": no conversion (the viewer offers the download instead).
   */
  soffice: string;
  /** PREVIEW_CONVERT_TIMEOUT: seconds one conversion may take before it is convertTimeout (120). */
  convertTimeoutSeconds: number;
  /**
   * PREVIEW_IMAGE_CONCURRENCY: pictures decoded at once for the viewer and list thumbnails (2);
   * more wait their turn, so a folder of photos scrolled into view does not take the machine.
   */
  imageConcurrency: number;
}

export interface JobsConfig {
  /** JOB_TICK_SECONDS: how often the scheduler queues periodic jobs and runs due ones (30). */
  tickSeconds: number;
  /**
   * BLOB_GC_GRACE_SECONDS: an unreferenced blob younger than this is kept (3600), because an
   * upload stores its blob a moment before the metadata that refers to it commits.
   */
  blobGraceSeconds: number;
}

export interface OutboxConfig {
  /** SMTP_URL: smtp://user:pass@host:587 or smtps://...; mail goes out through it when set. */
  smtpUrl: string;
  /** SMTP_FROM: the sender of outgoing mail. */
  smtpFrom: string;
  /** SMS_WEBHOOK_URL: text messages are POSTed there as JSON {to, body, kind} when set. */
  smsWebhookUrl: string;
}

/**
 * Default quotas (modules/spaces/quota.ts says which write hits which). Bytes for the space
 * totals, items (files and folders) for the file limits; 0 means unlimited. A row in the
 * space_quotas table overrides them for one user, team, department or company.
 */
export interface QuotaDefaults {
  /** PERSONAL_SPACE_QUOTA: my drive and uploaded files of one user together (10 GiB). */
  user: number;
  /** TEAM_SPACE_QUOTA: one team space (100 GiB). */
  group: number;
  /** DEPT_SPACE_QUOTA: a department's group space before its expand_self (unlimited). */
  dept: number;
  /** COMMON_SPACE_QUOTA: a company's pool for company teams without a department (unlimited). */
  common: number;
  /** COMPANY_SPACE_QUOTA: everything a company stores (unlimited). */
  company: number;
  /** PERSONAL_FILE_LIMIT, TEAM_FILE_LIMIT, COMPANY_FILE_LIMIT: items (unlimited). */
  userFiles: number;
  groupFiles: number;
  companyFiles: number;
}

const GiB = 1024 ** 3;

function count(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0)
    throw new Error(`${name} must be a whole number of bytes or items, got "${value}"`);
  return n;
}

type Env = Record<string, string | undefined>;

function port(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535)
    throw new Error(`PORT must be a port number (0-65535), got "${value}"`);
  return n;
}

function blobStore(value: string | undefined): 'fs' | 's3' {
  if (value === undefined || value === '' || value === 'fs') return 'fs';
  if (value === 's3') return 's3';
  throw new Error(`BLOB_STORE must be fs or s3, got "${value}"`);
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

/** Parses a setting given in the environment by the type of its default. */
function parseSetting(name: SettingName, raw: string): Settings[SettingName] {
  const fallback = DEFAULT_SETTINGS[name];
  if (typeof fallback === 'boolean') return bool(raw, fallback);
  if (typeof fallback === 'number') {
    const n = Number(raw);
    if (!Number.isFinite(n)) throw new Error(`${name} must be a number, got "${raw}"`);
    return n;
  }
  if (typeof fallback === 'string') return raw;
  if (Array.isArray(fallback) && !raw.trim().startsWith('['))
    return raw.split(',').map((s) => s.trim()) as Settings[SettingName];
  return JSON.parse(raw) as Settings[SettingName];
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const settingOverrides: Partial<Record<SettingName, unknown>> = {};
  for (const name of SETTING_NAMES) {
    const raw = env[name];
    if (raw !== undefined && raw !== '') settingOverrides[name] = parseSetting(name, raw);
  }
  // MAX_FILE_SIZE is the documented short name of the max_file_size setting.
  if (env.MAX_FILE_SIZE) settingOverrides.max_file_size = parseSetting('max_file_size', env.MAX_FILE_SIZE);
  return {
    port: port(env.PORT),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || `sqlite://${path.join(dataDir, 'cirrus.db')}`,
    blobStore: blobStore(env.BLOB_STORE),
    s3: {
      endpoint: env.S3_ENDPOINT || '',
      bucket: env.S3_BUCKET || '',
      region: env.S3_REGION || 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID || '',
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || '',
    },
    redisUrl: env.REDIS_URL || '',
    redisChannel: env.REDIS_CHANNEL || 'cirrus:realtime',
    demo: bool(env.DEMO, true),
    demoPassword: env.DEMO_PASSWORD || '',
    logLevel: env.LOG_LEVEL || 'info',
    cookieSecure: bool(env.COOKIE_SECURE, false),
    trustProxy: bool(env.TRUST_PROXY, false),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${env.PORT || 8080}`).replace(/\/+$/, ''),
    webDist: path.resolve(env.WEB_DIST || path.join(import.meta.dirname, '../../web/dist')),
    settingOverrides: settingOverrides as Partial<Settings>,
    outbox: {
      smtpUrl: env.SMTP_URL || '',
      smtpFrom: env.SMTP_FROM || 'Cirrus <no-reply@localhost>',
      smsWebhookUrl: env.SMS_WEBHOOK_URL || '',
    },
    preview: {
      soffice: env.SOFFICE_PATH || '',
      convertTimeoutSeconds: count(env.PREVIEW_CONVERT_TIMEOUT, 120, 'PREVIEW_CONVERT_TIMEOUT') || 120,
      imageConcurrency: count(env.PREVIEW_IMAGE_CONCURRENCY, 2, 'PREVIEW_IMAGE_CONCURRENCY') || 2,
    },
    fileLockTtlSeconds:
      count(env.FILE_LOCK_TTL, FILE_LOCK_TTL_SECONDS, 'FILE_LOCK_TTL') || FILE_LOCK_TTL_SECONDS,
    secretKey: env.SECRET_KEY || '',
    searchIndex: bool(env.SEARCH_INDEX, true),
    jobs: {
      tickSeconds: count(env.JOB_TICK_SECONDS, 30, 'JOB_TICK_SECONDS') || 30,
      blobGraceSeconds: count(env.BLOB_GC_GRACE_SECONDS, 3600, 'BLOB_GC_GRACE_SECONDS'),
    },
    quotas: {
      user: count(env.PERSONAL_SPACE_QUOTA, 10 * GiB, 'PERSONAL_SPACE_QUOTA'),
      group: count(env.TEAM_SPACE_QUOTA, 100 * GiB, 'TEAM_SPACE_QUOTA'),
      dept: count(env.DEPT_SPACE_QUOTA, 0, 'DEPT_SPACE_QUOTA'),
      common: count(env.COMMON_SPACE_QUOTA, 0, 'COMMON_SPACE_QUOTA'),
      company: count(env.COMPANY_SPACE_QUOTA, 0, 'COMPANY_SPACE_QUOTA'),
      userFiles: count(env.PERSONAL_FILE_LIMIT, 0, 'PERSONAL_FILE_LIMIT'),
      groupFiles: count(env.TEAM_FILE_LIMIT, 0, 'TEAM_FILE_LIMIT'),
      companyFiles: count(env.COMPANY_FILE_LIMIT, 0, 'COMPANY_FILE_LIMIT'),
    },
  };
}
