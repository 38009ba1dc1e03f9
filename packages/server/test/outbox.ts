import type { TestApp } from './helpers.ts';

/** The newest message the product sent to an address (tests read codes and links from it). */
export async function lastMessageTo(t: TestApp, recipient: string) {
  return t.database.db
    .selectFrom('outbox')
    .selectAll()
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The 6-digit code of the newest message to an address. */
export async function lastCodeTo(t: TestApp, recipient: string): Promise<string> {
  const message = await lastMessageTo(t, recipient);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${recipient}`);
  return code;
}

/** The reset link's token of the newest message to an address. */
export async function lastResetTokenTo(t: TestApp, recipient: string): Promise<string> {
  const message = await lastMessageTo(t, recipient);
  const token = message?.body.match(/\/cts\/reset\?token=([\w%-]+)/)?.[1];
  if (!token) throw new Error(`no reset link was sent to ${recipient}`);
  return decodeURIComponent(token);
}
