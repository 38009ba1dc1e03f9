import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * What the e2e server sent: its outbox table, read from its SQLite file (e2e/server.mjs notes the
 * data dir per port). The product has no test-only routes; this is how a person without a mail
 * server would read the message too, through the console.
 */
function dataDir(): string {
  const port = process.env.E2E_PORT || '8091';
  return fs.readFileSync(path.join(import.meta.dirname, '.tmp', `data-dir-${port}`), 'utf8').trim();
}

export function lastMessageTo(
  recipient: string,
): { body: string; kind: string; channel: string } | undefined {
  const db = new Database(path.join(dataDir(), 'cirrus.db'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare('SELECT body, kind, channel FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1')
      .get(recipient) as { body: string; kind: string; channel: string } | undefined;
  } finally {
    db.close();
  }
}

export function lastCodeTo(recipient: string): string {
  const code = lastMessageTo(recipient)?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${recipient}`);
  return code;
}

/** The path and query of the reset link in the newest mail to the address. */
export function lastResetLinkTo(recipient: string): string {
  const link = lastMessageTo(recipient)?.body.match(/https?:\/\/\S+\/cts\/reset\?token=\S+/)?.[0];
  if (!link) throw new Error(`no reset link was sent to ${recipient}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
