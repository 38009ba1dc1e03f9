import type { ShareLink } from '@cirrus/shared';
import { expect } from 'vitest';
import { myDrive, upload } from '../../../test/drive.ts';
import type { Client, TestApp, TestUser } from '../../../test/helpers.ts';

/** Small factories for the share-link API tests. */

export const BYTES = Buffer.from('the shared bytes\n'.repeat(20));

/** A user with a file in their own drive. */
export async function ownerWithFile(t: TestApp, opts: { companyId?: number; name?: string } = {}) {
  const user = await t.makeUser({ companyId: opts.companyId ?? null });
  const c = await user.client();
  const gid = await myDrive(c);
  const file = await upload(c, gid, 0, opts.name ?? 'report.txt', BYTES);
  return { user, c, gid, file };
}

/** Creates a link for a file and answers it. */
export async function share(
  c: Client,
  fileid: number,
  settings: Record<string, unknown> = {},
): Promise<ShareLink> {
  const res = await c.post('/api/v3/links', { fileid, ...settings });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The key and status of an error answer. */
export function failure(res: { statusCode: number; json(): unknown }) {
  return { status: res.statusCode, result: (res.json() as { result?: string }).result };
}

export async function clientOf(user: TestUser): Promise<Client> {
  return user.client();
}

/** A request from a given address (the throttles count per address). */
export const from = (ip: string) => ({ remoteAddress: ip });
