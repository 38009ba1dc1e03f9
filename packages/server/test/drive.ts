import crypto from 'node:crypto';
import type { FileRecord, TeamRole, TeamType } from '@cirrus/shared';
import { TEAM_TYPE } from '@cirrus/shared';
import { expect } from 'vitest';
import type { Client, TestApp, TestUser } from './helpers.ts';

/** Small factories for the drive's API tests. */

export async function myDrive(client: Client): Promise<number> {
  const res = await client.get('/api/v3/groups/special');
  expect(res.statusCode).toBe(200);
  return res.json().id;
}

export async function myUploads(client: Client): Promise<number> {
  const res = await client.get('/api/v3/groups/tmp');
  expect(res.statusCode).toBe(200);
  return res.json().id;
}

/** A team space created directly (the teams issue owns the team calls). */
export async function makeTeam(
  t: TestApp,
  owner: TestUser,
  members: { user: TestUser; role: TeamRole }[] = [],
  opts: { teamType?: TeamType; companyId?: number; deptId?: number | null; name?: string } = {},
): Promise<number> {
  const group = await t.services.spaces.createTeamSpace({
    ownerId: owner.id,
    name: opts.name ?? 'Team',
    teamType: opts.teamType ?? TEAM_TYPE.general,
    companyId: opts.companyId,
    deptId: opts.deptId,
    members: members.map((m) => ({ userId: m.user.id, role: m.role })),
  });
  return group.id;
}

export async function mkdir(
  client: Client,
  gid: number,
  parentid: number,
  name: string,
): Promise<FileRecord> {
  const res = await client.post(`/api/v3/groups/${gid}/files`, { groupid: gid, parentid, name });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export const sha1Of = (data: Buffer) => crypto.createHash('sha1').update(data).digest('hex');

export function txUrl(volume: number, parent: number, id?: string): string {
  const base = `/xfi/v1/me/volumes/${volume}/files/${parent}/upload-transactions`;
  return id ? `${base}/${id}` : base;
}

export function tusPatch(client: Client, uploadUrl: string, offset: number, data: Buffer) {
  return client.request({
    method: 'PATCH',
    url: uploadUrl,
    headers: {
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
      'tus-resumable': '1.0.0',
    },
    payload: data,
  });
}

/** The whole upload: transaction, bytes by tus, commit. Answers the file record. */
export async function upload(
  client: Client,
  volume: number,
  parent: number,
  name: string,
  data: Buffer,
): Promise<FileRecord> {
  const begin = await client.post(txUrl(volume, parent), { name, size: data.length, sha1: sha1Of(data) });
  expect(begin.statusCode, begin.body).toBe(200);
  const { transaction } = begin.json();
  if (data.length > 0) {
    const sent = await tusPatch(
      client,
      transaction.upload_url,
      transaction.offset,
      data.subarray(transaction.offset),
    );
    expect(sent.statusCode, sent.body).toBe(204);
  }
  const commit = await client.patch(txUrl(volume, parent, transaction.id), {});
  expect(commit.statusCode, commit.body).toBe(200);
  return commit.json();
}

export async function listNames(client: Client, gid: number, parentid = 0): Promise<string[]> {
  const res = await client.get(
    `/api/v3/groups/${gid}/files?parentid=${parentid}&orderby=name&order=asc&count=1000`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().files.map((f: FileRecord) => f.fname);
}

/** A department of a company (with its materialised path), optionally below another. */
export async function makeDept(
  t: TestApp,
  companyId: number,
  name: string,
  parent?: { id: number; path: string },
) {
  const db = t.database.db;
  const { id } = await db
    .insertInto('departments')
    .values({
      company_id: companyId,
      parent_id: parent?.id ?? null,
      name,
      path: '/',
      display_path_name: name,
      sort: 0,
      created_at: t.clock.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const path = `${parent?.path ?? '/'}${id}/`;
  await db.updateTable('departments').set({ path }).where('id', '=', id).execute();
  return { id, path };
}

/** Puts a user into a department; `main` makes it their main department (personal quota). */
export async function joinDept(t: TestApp, user: TestUser, deptId: number, main = false) {
  const db = t.database.db;
  await db.insertInto('dept_members').values({ dept_id: deptId, user_id: user.id }).execute();
  if (main)
    await db
      .updateTable('company_members')
      .set({ main_dept_id: deptId })
      .where('user_id', '=', user.id)
      .execute();
}
