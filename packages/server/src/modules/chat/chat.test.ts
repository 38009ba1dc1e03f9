import {
  CHAT_MESSAGE_MAX,
  CHAT_ONLINE_SECONDS,
  type ChatMessage,
  type Conversation,
  TEAM_ROLE,
} from '@cirrus/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTeam } from '../../../test/drive.ts';
import { holdNextTransaction } from '../../../test/gate.ts';
import { type Client, makeTestApp, type TestApp } from '../../../test/helpers.ts';
import { groupKey, lockConversation } from './repo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const url = (type: number, id: number) => `/api/v3/yun_msg/conversation/${type}/${id}/messages`;
const bodies = async (c: Client, type: number, id: number, query = '') => {
  const res = await c.get(`${url(type, id)}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().messages as ChatMessage[]).map((m) => m.body);
};
const conversations = async (c: Client) => (await c.get('/api/v3/yun_msg/conversations')).json();

async function teamOfTwo() {
  const owner = await t.makeUser({ name: 'Owner O' });
  const member = await t.makeUser({ name: 'Member M' });
  const gid = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }], { name: 'Chatters' });
  return { gid, owner, member, oc: await owner.client(), mc: await member.client() };
}

describe('a team conversation', () => {
  test('members write and read it; others get groupNotExist; unread counts follow what each has seen', async () => {
    const { gid, owner, oc, mc } = await teamOfTwo();
    expect((await t.anonymous().get(url(3, gid))).statusCode).toBe(401);
    // Both have the app open: what comes from now on is new to them.
    expect((await conversations(mc)).unread).toBe(0);
    expect((await oc.get(`/api/v3/yun_msg/conversation/3/${gid}/info`)).json().message_count).toBe(0);

    const sent = await oc.post(url(3, gid), { body: 'Hello team' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ body: 'Hello team', sender: { id: owner.id, nick_name: 'Owner O' } });
    expect((await oc.get(`/api/v3/yun_msg/conversation/3/${gid}/info`)).json().message_count).toBe(1);

    // The member has not seen it yet.
    const before = await conversations(mc);
    expect(before.unread).toBe(1);
    expect(before.conversations[0]).toMatchObject({
      type: 3,
      id: gid,
      name: 'Chatters',
      unread: 1,
      last: { body: 'Hello team' },
    });
    expect(await bodies(mc, 3, gid)).toEqual(['Hello team']);
    expect((await conversations(mc)).unread).toBe(0);
    // One's own messages are never unread.
    expect((await conversations(oc)).unread).toBe(0);
    expect((await mc.post(url(1, gid), { body: 'Hi!' })).statusCode).toBe(200);
    expect(await bodies(oc, 3, gid)).toEqual(['Hello team', 'Hi!']);

    const stranger = await (await t.makeUser()).client();
    for (const res of [await stranger.get(url(3, gid)), await stranger.post(url(3, gid), { body: 'x' })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().result).toBe('groupNotExist');
    }
    expect(await bodies(oc, 3, gid)).toEqual(['Hello team', 'Hi!']);
  });

  test('an empty or too long message is refused and nothing is stored', async () => {
    const { gid, oc } = await teamOfTwo();
    for (const [body, key] of [
      ['', 'chatMessageEmpty'],
      ['   \n ', 'chatMessageEmpty'],
      ['x'.repeat(CHAT_MESSAGE_MAX + 1), 'chatMessageTooLong'],
    ] as const) {
      const res = await oc.post(url(3, gid), { body });
      expect(res.statusCode).toBe(400);
      expect(res.json().result).toBe(key);
    }
    expect((await oc.post(url(3, gid), {})).statusCode).toBe(400);
    expect(await bodies(oc, 3, gid)).toEqual([]);
    // Exactly the limit, in characters (a Chinese character is one).
    expect((await oc.post(url(3, gid), { body: '字'.repeat(CHAT_MESSAGE_MAX) })).statusCode).toBe(200);
  });

  test('pages go back in time, oldest first within a page', async () => {
    const { gid, oc, mc } = await teamOfTwo();
    for (let i = 1; i <= 7; i++) await oc.post(url(3, gid), { body: `m${i}` });
    const newest = (await mc.get(`${url(3, gid)}?limit=3`)).json();
    expect(newest.messages.map((m: ChatMessage) => m.body)).toEqual(['m5', 'm6', 'm7']);
    expect(newest.more).toBe(true);
    const older = (await mc.get(`${url(3, gid)}?limit=3&before=${newest.messages[0].id}`)).json();
    expect(older.messages.map((m: ChatMessage) => m.body)).toEqual(['m2', 'm3', 'm4']);
    const oldest = (await mc.get(`${url(3, gid)}?limit=3&before=${older.messages[0].id}`)).json();
    expect(oldest).toMatchObject({ more: false });
    expect(oldest.messages.map((m: ChatMessage) => m.body)).toEqual(['m1']);
    expect((await mc.get(`${url(3, gid)}?limit=0`)).statusCode).toBe(400);
  });
});

test('someone who joins a team with a history starts with none of it unread', async () => {
  const companyId = await t.makeCompany('Chat Co');
  const owner = await t.makeUser({ companyId });
  const gid = await makeTeam(t, owner, [], { companyId });
  const oc = await owner.client();
  for (let i = 0; i < 3; i++) await oc.post(url(3, gid), { body: `old ${i}` });
  const late = await t.makeUser({ companyId });
  const lc = await late.client();
  // Added the way the team calls add people.
  const added = await oc.post(`/v1/groups/${gid}/members/batch`, { put: [late.id], type: 1 });
  expect(added.statusCode, added.body).toBe(204);
  const first = await conversations(lc);
  expect(first.conversations.find((c: Conversation) => c.id === gid)).toMatchObject({ unread: 0 });
  expect(first.unread).toBe(0);
  // The history is there to read.
  expect(await bodies(lc, 3, gid)).toEqual(['old 0', 'old 1', 'old 2']);
  await oc.post(url(3, gid), { body: 'welcome' });
  expect((await conversations(lc)).unread).toBe(1);
});

describe('a message on its way while its sender leaves the team', () => {
  test('someone removed while their message waits sends nothing', async () => {
    const { gid, member, oc, mc } = await teamOfTwo();
    const gate = holdNextTransaction(t, 'chat/service.ts');
    const sending = mc.post(url(3, gid), { body: 'after removal' });
    await gate.reached;
    expect((await oc.delete(`/api/v3/groups/${gid}/members/${member.id}`)).statusCode).toBe(204);
    gate.release();
    expect((await sending).json().result).toBe('groupNotExist');
    expect(await bodies(oc, 3, gid)).not.toContain('after removal');
  });
});

describe('a private conversation', () => {
  test('only where chats are allowed (allow_chat, off by default)', async () => {
    const { member, oc } = await teamOfTwo();
    const res = await oc.post(url(4, member.id), { body: 'hello' });
    expect(res.statusCode).toBe(403);
    expect(res.json().result).toBe('permissionDenied');
    expect((await oc.get(url(4, member.id))).statusCode).toBe(403);
  });

  test('two people who share a team talk; it is listed on both sides; nobody else reads it', async () => {
    await t.services.settings.set(0, 'allow_chat', true);
    const { gid: teamId, owner, member, oc, mc } = await teamOfTwo();
    const sent = await oc.post(url(4, member.id), { body: 'Just you' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await bodies(mc, 4, owner.id)).toEqual(['Just you']);
    await mc.post(url(4, owner.id), { body: 'Just me' });
    expect(await bodies(oc, 4, member.id)).toEqual(['Just you', 'Just me']);
    const mine = (await conversations(oc)).conversations as Conversation[];
    expect(mine[0]).toMatchObject({
      type: 4,
      id: member.id,
      name: 'Member M',
      last: { body: 'Just me' },
      unread: 0,
    });
    const theirs = (await conversations(mc)).conversations as Conversation[];
    expect(theirs[0]).toMatchObject({ type: 4, id: owner.id, name: 'Owner O' });

    // Someone who shares nothing with them can neither write to them nor read the conversation.
    const outsider = await t.makeUser();
    const xc = await outsider.client();
    for (const res of [await xc.post(url(4, member.id), { body: 'hi' }), await xc.get(url(4, member.id))]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().result).toBe('userNotExist');
    }
    expect((await conversations(xc)).conversations).toEqual([]);
    // Nor does anyone talk to themselves.
    expect((await oc.post(url(4, owner.id), { body: 'me' })).json().result).toBe('userNotExist');
    expect(await bodies(oc, 4, member.id)).toEqual(['Just you', 'Just me']);
    // Once they share nothing, the conversation leaves both lists, unread or not.
    await mc.post(url(4, owner.id), { body: 'unread one' });
    expect((await conversations(oc)).unread).toBe(1);
    const gone = await oc.delete(`/api/v3/groups/${teamId}/members/${member.id}`);
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await conversations(oc)).conversations.some((c: Conversation) => c.type === 4)).toBe(false);
    expect((await conversations(oc)).unread).toBe(0);
    expect((await conversations(mc)).conversations.some((c: Conversation) => c.type === 4)).toBe(false);
    // Turned off again, the conversation is out of reach and out of the list.
    await t.services.settings.set(0, 'allow_chat', false);
    expect((await oc.get(url(4, member.id))).statusCode).toBe(403);
    expect((await conversations(oc)).conversations.map((c: Conversation) => c.type)).toEqual([3]);
  });
});

describe('POST /im/check-online', () => {
  test('says who of the people one may see used a session lately; others are left out', async () => {
    const { owner, member, oc } = await teamOfTwo();
    const quiet = await t.makeUser();
    await makeTeam(t, owner, [{ user: quiet, role: TEAM_ROLE.member }]);
    const outsider = await t.makeUser();
    await (await outsider.client()).get('/v1/users/self');
    await (await member.client()).get('/v1/users/self');
    const ask = async () => {
      const res = await oc.post('/im/check-online', {
        token: 'im-token',
        userIds: [member.id, quiet.id, outsider.id, member.id],
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().users;
    };
    expect(await ask()).toEqual([
      { userid: member.id, online: true },
      { userid: quiet.id, online: false },
    ]);
    // Three minutes later without a request, the member is no longer online; the asker is.
    t.clock.advance(CHAT_ONLINE_SECONDS + 1);
    expect(await ask()).toEqual([
      { userid: member.id, online: false },
      { userid: quiet.id, online: false },
    ]);
    expect((await oc.post('/im/check-online', { userIds: [owner.id] })).json().users).toEqual([
      { userid: owner.id, online: true },
    ]);
    expect((await oc.post('/im/check-online', { userIds: 'x' })).statusCode).toBe(400);
    expect((await t.anonymous().post('/im/check-online', { userIds: [] })).statusCode).toBe(401);
  });
});

describe('messages of one conversation', () => {
  test('take their ids in the order they commit, so that a read mark never passes one still to come', async () => {
    const { gid, oc, mc } = await teamOfTwo();
    await conversations(mc);
    const { db, dialect } = t.database;
    // A sender whose transaction is still open holds the conversation: another waits for it.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = db.transaction().execute(async (trx) => {
      await lockConversation(trx, dialect, groupKey(gid));
      locked();
      await held;
    });
    await isLocked;
    let sent = false;
    const sending = oc.post(url(3, gid), { body: 'after the holder' }).then((res) => {
      sent = true;
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    // On SQLite the one connection is the holder's until it commits; on PostgreSQL, the lock.
    expect(sent).toBe(false);
    release();
    await holder;
    expect((await sending).statusCode).toBe(200);
    expect((await conversations(mc)).unread).toBe(1);
  });
});
