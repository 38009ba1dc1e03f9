import { afterAll, beforeAll, expect, test } from 'vitest';
import { myDrive, upload } from '../../../test/drive.ts';
import { type Client, makeTestApp, type TestApp } from '../../../test/helpers.ts';
import { lastMessageTo } from '../../../test/outbox.ts';

let t: TestApp;
let admin: Client;
let owner: Client;
let ownerId: number;
let fileId: number;

beforeAll(async () => {
  t = await makeTestApp();
  const companyId = await t.makeCompany('Acme');
  admin = await (await t.makeUser({ companyId, roles: 'admin' })).client();
  const o = await t.makeUser({ companyId, account: 'owner' });
  ownerId = o.id;
  owner = await o.client();
  const file = await upload(owner, await myDrive(owner), 0, 'notes.txt', Buffer.from('some text'));
  fileId = file.fileid;
});
afterAll(async () => {
  await t.close();
});

test('report -> block file -> illegalFile -> appeal -> back in the queue -> restore', async () => {
  // The owner's file is reported (modules/links stores reports).
  const reported = await owner.post('/api/report', {
    fileid: fileId,
    reason: 'spam',
    reason_detail: 'An advert',
  });
  expect(reported.statusCode, reported.body).toBe(200);
  const queue = (await admin.get('/admin/v1/reports')).json().reports;
  expect(queue).toHaveLength(1);
  expect(queue[0]).toMatchObject({
    kind: 'file',
    status: 'pending',
    reason: 'spam',
    reason_detail: 'An advert',
    file: { id: fileId, name: 'notes.txt', owner: { id: ownerId } },
    file_blocked: false,
  });
  const reportId = queue[0].id;

  // Nothing to appeal yet.
  expect((await owner.post(`/api/v3/files/${fileId}/appeal`, { reason: 'why?' })).json().result).toBe(
    'nothingToAppeal',
  );
  expect((await owner.get(`/v1/legacy/view?fileid=${fileId}`)).statusCode).toBe(200);

  const blocked = await admin.post(`/admin/v1/reports/${reportId}/block-file`, { reason: 'Advertising' });
  expect(blocked.statusCode, blocked.body).toBe(200);
  expect(blocked.json()).toMatchObject({
    status: 'blocked',
    resolution: 'file_blocked',
    file_blocked: true,
    note: 'Advertising',
  });
  expect((await admin.post(`/admin/v1/reports/${reportId}/dismiss`, {})).json().result).toBe('reportHandled');

  // Its previews answer illegalFile; the owner learns why and that an appeal is open.
  const view = await owner.get(`/v1/legacy/view?fileid=${fileId}`);
  expect(view.statusCode).toBe(403);
  expect(view.json()).toMatchObject({
    result: 'illegalFile',
    debug: { reason: 'Advertising', appeal: 'open' },
  });
  expect((await owner.get(`/v1/preview/files/${fileId}/content`)).json().result).toBe('illegalFile');
  expect((await lastMessageTo(t, 'owner@test.example'))?.kind).toBe('moderation');

  // Someone else may not appeal it.
  const stranger = await (await t.makeUser()).client();
  expect((await stranger.post(`/api/v3/files/${fileId}/appeal`, { reason: 'mine' })).statusCode).toBe(404);

  const appeal = await owner.post(`/api/v3/files/${fileId}/appeal`, { reason: 'It is my meeting notes' });
  expect(appeal.statusCode, appeal.body).toBe(200);
  expect(appeal.json()).toMatchObject({ id: reportId, status: 'appealed' });
  const back = (await admin.get('/admin/v1/reports')).json().reports;
  expect(back[0]).toMatchObject({ id: reportId, status: 'appealed', appeal_text: 'It is my meeting notes' });
  expect((await owner.get(`/v1/legacy/view?fileid=${fileId}`)).json().debug.appeal).toBe('pending');

  const restored = await admin.post(`/admin/v1/reports/${reportId}/restore`, { note: 'Fine after all' });
  expect(restored.json()).toMatchObject({ status: 'restored', file_blocked: false });
  expect((await owner.get(`/v1/legacy/view?fileid=${fileId}`)).statusCode).toBe(200);
  expect((await admin.get('/admin/v1/reports')).json().reports).toHaveLength(0);
  const audit = (await admin.get('/admin/v1/audit')).json().entries.map((e: { action: string }) => e.action);
  expect(audit).toEqual(expect.arrayContaining(['report.block_file', 'report.restore']));
});

test('an upheld block cannot be appealed again; dismiss leaves the file open', async () => {
  await owner.post('/api/report', { fileid: fileId, reason: 'x' });
  const id = (await admin.get('/admin/v1/reports')).json().reports[0].id;
  await admin.post(`/admin/v1/reports/${id}/block-file`, { reason: 'Again' });
  await owner.post(`/api/v3/files/${fileId}/appeal`, { reason: 'Please' });
  const upheld = await admin.post(`/admin/v1/reports/${id}/uphold`, { note: 'No' });
  expect(upheld.json()).toMatchObject({ status: 'blocked', file_blocked: true });
  expect((await owner.post(`/api/v3/files/${fileId}/appeal`, { reason: 'Once more' })).json().result).toBe(
    'nothingToAppeal',
  );
  expect((await owner.get(`/v1/legacy/view?fileid=${fileId}`)).json().debug.appeal).toBe('closed');

  const other = await upload(owner, await myDrive(owner), 0, 'fine.txt', Buffer.from('ok'));
  await owner.post('/api/report', { fileid: other.fileid, reason: 'x' });
  const pending = (await admin.get('/admin/v1/reports?status=pending')).json().reports;
  const dismissed = await admin.post(`/admin/v1/reports/${pending[0].id}/dismiss`, { note: 'Nothing wrong' });
  expect(dismissed.json().status).toBe('dismissed');
  expect((await owner.get(`/v1/legacy/view?fileid=${other.fileid}`)).statusCode).toBe(200);
});

test('block link: the link answers linkViolation until restored', async () => {
  const file = await upload(owner, await myDrive(owner), 0, 'shared.txt', Buffer.from('shared'));
  const created = await owner.post('/api/v3/links', { fileid: file.fileid, ranges: 'anyone' });
  expect(created.statusCode, created.body).toBe(200);
  const sid: string = created.json().sid ?? created.json().link?.sid;
  expect(sid).toBeTruthy();
  const reported = await t
    .anonymous()
    .post(`/api/v3/links/${sid}/report`, { reason: 'abuse', reason_detail: '' });
  expect(reported.statusCode, reported.body).toBe(200);
  const report = (await admin.get('/admin/v1/reports'))
    .json()
    .reports.find((r: { kind: string }) => r.kind === 'link');
  expect(report).toMatchObject({ link: { sid } });
  const blocked = await admin.post(`/admin/v1/reports/${report.id}/block-link`, { reason: 'Abuse' });
  expect(blocked.json()).toMatchObject({ status: 'blocked', link: { blocked: 'linkViolation' } });
  expect((await t.anonymous().get(`/api/v3/skiplogin/links/${sid}`)).json().result).toBe('linkViolation');

  const appeal = await owner.post(`/api/v3/links/${sid}/appeal`, { reason: 'Harmless' });
  expect(appeal.json().status).toBe('appealed');
  await admin.post(`/admin/v1/reports/${report.id}/restore`, {});
  expect((await t.anonymous().get(`/api/v3/skiplogin/links/${sid}`)).statusCode).toBe(200);
});
