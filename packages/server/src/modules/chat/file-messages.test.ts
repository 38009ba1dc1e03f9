import { CHAT_FILE_BATCH_SECONDS, type ChatMessage, TEAM_ROLE } from '@cirrus/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTeam, mkdir, myDrive, myUploads, txUrl, upload } from '../../../test/drive.ts';
import { type Client, makeTestApp, type TestApp } from '../../../test/helpers.ts';

// A team's file-message push (spec 000 §3 "Push setting: im_push", the team settings' switch;
// spec 001 §7 new_empty with query im_push): a file added to the team's space is told of in the
// team's conversation.

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const messagesOf = async (c: Client, gid: number): Promise<ChatMessage[]> => {
  const res = await c.get(`/api/v3/yun_msg/conversation/3/${gid}/messages`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().messages;
};
const allMessages = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('chat_messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const bytes = (text: string) => Buffer.from(text);

async function teamOfTwo() {
  const owner = await t.makeUser({ name: 'Owner O' });
  const member = await t.makeUser({ name: 'Member M' });
  const gid = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }], { name: 'Pushers' });
  const oc = await owner.client();
  const mc = await member.client();
  // Both have had the list once: what comes from now on counts as unread.
  for (const c of [oc, mc]) await c.get('/api/v3/yun_msg/conversations');
  return { gid, owner, member, oc, mc };
}

/** The next upload comes after the previous one's batch has closed. */
const pause = () => t.clock.advance(CHAT_FILE_BATCH_SECONDS + 1);

describe('a file added to a team with im_push on', () => {
  test('an upload posts one message from the uploader carrying the file; it counts as unread for the others', async () => {
    const { gid, member, oc, mc } = await teamOfTwo();
    expect((await oc.get(`/api/v3/yun/contacts/${gid}/im_push`)).json().im_push).toBe(true);
    const file = await upload(mc, gid, 0, 'plan.txt', bytes('the plan'));

    const [message, ...rest] = await messagesOf(oc, gid);
    expect(rest).toEqual([]);
    expect(message).toMatchObject({
      sender: { id: member.id, nick_name: 'Member M' },
      body: '',
      file: { fileid: file.id, name: 'plan.txt', size: 8, groupid: gid, parentid: 0, more: 0 },
    });
    const mine = (await mc.get('/api/v3/yun_msg/conversations')).json();
    expect(mine.unread).toBe(0);
    expect(mine.conversations[0]).toMatchObject({
      id: gid,
      last: { id: message.id, file: { fileid: file.id } },
    });
    pause();
  });

  test('an upload in one request, into a folder, posts too; a new version of a file posts nothing', async () => {
    const { gid, oc, mc } = await teamOfTwo();
    const folder = (
      await oc.post(`/api/v3/groups/${gid}/files`, { groupid: gid, parentid: 0, name: 'In' })
    ).json();
    const whole = await oc.request({
      method: 'POST',
      url: `${txUrl(gid, folder.id)}?name=whole.txt`,
      headers: { 'content-type': 'application/offset+octet-stream' },
      payload: bytes('all at once'),
    });
    expect(whole.statusCode, whole.body).toBe(200);
    const [message] = await messagesOf(mc, gid);
    expect(message.file).toMatchObject({ fileid: whole.json().id, name: 'whole.txt', parentid: folder.id });
    pause();
    await upload(oc, gid, folder.id, 'whole.txt', bytes('a second version'));
    expect(await messagesOf(mc, gid)).toHaveLength(1);
    pause();
  });

  test('new_empty posts unless its query says im_push=0 or false', async () => {
    const { gid, oc, mc } = await teamOfTwo();
    const create = (name: string, query: string) =>
      oc.post(`/api/v3/groups/${gid}/files/new_empty${query}`, { groupid: gid, parentid: 0, name });
    for (const [name, query] of [
      ['zero.docx', '?im_push=0'],
      ['false.xlsx', '?im_push=false'],
    ]) {
      const res = await create(name, query);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await messagesOf(mc, gid)).toEqual([]);
    const made = await create('one.txt', '?im_push=1');
    expect(made.statusCode, made.body).toBe(200);
    pause();
    await create('plain.pptx', '');
    const files = (await messagesOf(mc, gid)).map((m) => m.file?.name);
    expect(files).toEqual(['one.txt', 'plain.pptx']);
    pause();
  });
});

describe('nothing is posted', () => {
  test('with the team switch off (and again once it is on)', async () => {
    const { gid, oc, mc } = await teamOfTwo();
    expect((await oc.put(`/api/v3/yun/contacts/${gid}/im_push`, { im_push: false })).statusCode).toBe(200);
    const before = await allMessages();
    await upload(mc, gid, 0, 'quiet.txt', bytes('shh'));
    const empty = await oc.post(`/api/v3/groups/${gid}/files/new_empty?im_push=1`, {
      groupid: gid,
      parentid: 0,
      name: 'quiet.docx',
    });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(await messagesOf(oc, gid)).toEqual([]);
    expect(await allMessages()).toBe(before);
    expect((await oc.get('/api/v3/yun_msg/conversations')).json().unread).toBe(0);

    expect((await oc.put(`/api/v3/yun/contacts/${gid}/im_push`, { im_push: true })).statusCode).toBe(200);
    await upload(mc, gid, 0, 'loud.txt', bytes('hey'));
    expect((await messagesOf(oc, gid)).map((m) => m.file?.name)).toEqual(['loud.txt']);
    pause();
  });

  test('for a file a folder permission hides from someone in the team', async () => {
    const { gid, oc, mc, member } = await teamOfTwo();
    const closed = await mkdir(oc, gid, 0, 'Board only');
    const entries = [{ principal_type: 'user', principal_id: member.id, user_acl: 0 }];
    expect(
      (await oc.put(`/api/v3/groups/${gid}/files/${closed.fileid}/permission`, { entries })).statusCode,
    ).toBe(200);
    const inner = await mkdir(oc, gid, closed.fileid, 'Salaries');
    await upload(oc, gid, inner.fileid, 'pay.xlsx', bytes('secret'));
    expect(await messagesOf(oc, gid)).toEqual([]);
    expect((await mc.get('/api/v3/yun_msg/conversations')).json().unread).toBe(0);
    // Beside it, a file every member sees is told of
    await upload(oc, gid, 0, 'menu.txt', bytes('lunch'));
    expect((await messagesOf(mc, gid)).map((m) => m.file?.name)).toEqual(['menu.txt']);
    pause();
  });

  test('in a personal space (my drive, my uploads), whatever new_empty asks', async () => {
    const user = await t.makeUser();
    await makeTeam(t, user, [], { name: 'Has a team' });
    const c = await user.client();
    const before = await allMessages();
    await upload(c, await myDrive(c), 0, 'mine.txt', bytes('mine'));
    await upload(c, await myUploads(c), 0, 'up.txt', bytes('up'));
    const drive = await myDrive(c);
    const empty = await c.post(`/api/v3/groups/${drive}/files/new_empty?im_push=1`, {
      groupid: drive,
      parentid: 0,
      name: 'mine.docx',
    });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(await allMessages()).toBe(before);
  });
});

describe('the batch rule (CHAT_FILE_BATCH_SECONDS)', () => {
  test('files one person adds in a row make one message; a pause, or someone speaking, starts another', async () => {
    const { gid, owner, member, oc, mc } = await teamOfTwo();
    // A folder upload: many files, each within the window of the one before.
    const names = Array.from({ length: 12 }, (_, i) => `f${i}.txt`);
    for (const name of names) {
      await upload(mc, gid, 0, name, bytes(name));
      t.clock.advance(CHAT_FILE_BATCH_SECONDS - 1);
    }
    // One unread message for the owner: the batch grew, it did not repeat.
    expect((await oc.get('/api/v3/yun_msg/conversations')).json().unread).toBe(1);
    let messages = await messagesOf(oc, gid);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ sender: { id: member.id }, file: { name: 'f0.txt', more: 11 } });

    // Someone else's file is a message of its own, and so is the first file after it.
    await upload(oc, gid, 0, 'owner.txt', bytes('o'));
    await upload(mc, gid, 0, 'after-owner.txt', bytes('a'));
    // A typed message closes the batch too.
    expect(
      (await oc.post(`/api/v3/yun_msg/conversation/3/${gid}/messages`, { body: 'thanks' })).statusCode,
    ).toBe(200);
    await upload(mc, gid, 0, 'after-words.txt', bytes('w'));
    // A pause longer than the window starts a new one.
    pause();
    await upload(mc, gid, 0, 'after-pause.txt', bytes('p'));
    await upload(mc, gid, 0, 'joins.txt', bytes('j'));

    messages = await messagesOf(mc, gid);
    expect(messages.map((m) => [m.sender.id, m.file?.name ?? m.body, m.file?.more ?? 0])).toEqual([
      [member.id, 'f0.txt', 11],
      [owner.id, 'owner.txt', 0],
      [member.id, 'after-owner.txt', 0],
      [owner.id, 'thanks', 0],
      [member.id, 'after-words.txt', 0],
      [member.id, 'after-pause.txt', 1],
    ]);
    pause();
  });

  test('a file message of a file deleted since still reads', async () => {
    const { gid, oc, mc } = await teamOfTwo();
    const file = await upload(mc, gid, 0, 'gone.txt', bytes('gone'));
    expect((await mc.delete(`/api/v3/groups/${gid}/files/${file.id}`)).statusCode).toBe(204);
    const [message] = await messagesOf(oc, gid);
    expect(message.file).toMatchObject({ fileid: file.id, name: 'gone.txt' });
    expect((await oc.get(`/api/v3/groups/${gid}/files/${file.id}`)).statusCode).toBe(404);
    pause();
  });
});
