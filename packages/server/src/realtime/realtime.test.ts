import net from 'node:net';
import { REALTIME_PATH, type RealtimeEvent, SESSION_COOKIE, TEAM_ROLE, TEAM_TYPE } from '@cirrus/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { makeTeam } from '../../test/drive.ts';
import { type Client, makeTestApp, type TestApp } from '../../test/helpers.ts';
import { type Delivery, memoryBus, redisBus } from './bus.ts';
import { CLOSE_SESSION_ENDED, createHub } from './hub.ts';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
/** Whether a Redis server answers (it does on the CI machine; a bare machine skips those tests). */
const redisUp = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = net.connect(Number(port || 6379), hostname);
  socket.once('connect', () => {
    socket.end();
    resolve(true);
  });
  socket.once('error', () => resolve(false));
});
const uniqueChannel = () => `cirrus:test:${process.pid}:${Math.random().toString(36).slice(2)}`;

/** A socket of the client's session, with what it has been pushed. */
interface Opened {
  ws: WebSocket;
  events: RealtimeEvent[];
  /** The next pushed event (or one already pushed) that `match` accepts. */
  next(match: (e: RealtimeEvent) => boolean): Promise<RealtimeEvent>;
}

async function listening(t: TestApp): Promise<string> {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace(/^http/, 'ws');
}

function open(
  base: string,
  c: Client | null,
  headers: Record<string, string> = {},
  { autoPong = true } = {},
): Promise<Opened> {
  const cookie = c ? `${SESSION_COOKIE}=${c.session}` : '';
  const ws = new WebSocket(`${base}${REALTIME_PATH}`, {
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    autoPong,
  });
  const events: RealtimeEvent[] = [];
  const waiters: { match: (e: RealtimeEvent) => boolean; resolve: (e: RealtimeEvent) => void }[] = [];
  ws.on('message', (data) => {
    const event = JSON.parse(String(data)) as RealtimeEvent;
    events.push(event);
    for (const w of waiters.filter((w) => w.match(event))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(event);
    }
  });
  const next = (match: (e: RealtimeEvent) => boolean) =>
    new Promise<RealtimeEvent>((resolve, reject) => {
      const seen = events.find(match);
      if (seen) return resolve(seen);
      waiters.push({ match, resolve });
      setTimeout(() => reject(new Error('no such push within 5 s')), 5000).unref();
    });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, events, next }));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));
const messages = (o: Opened) => o.events.filter((e) => e.type === 'chat.message');

describe('the push socket, /ws', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await makeTestApp();
    base = await listening(t);
  });
  afterAll(async () => {
    await t.close();
  });

  test('needs a session, and a page of this server: others are refused before the upgrade', async () => {
    await expect(open(base, null)).rejects.toThrow('refused: 401');
    const user = await t.makeUser();
    const c = await user.client();
    await expect(open(base, c, { origin: 'https://evil.example' })).rejects.toThrow('refused: 403');
    await expect(open(base, c, { origin: 'not a url' })).rejects.toThrow('refused: 403');
    const own = await open(base, c, { origin: base.replace(/^ws/, 'http') });
    const noOrigin = await open(base, c);
    own.ws.close();
    noOrigin.ws.close();
  });

  test("a team's message reaches every member's pages, the sender's too, and nobody else's", async () => {
    const owner = await t.makeUser({ name: 'Owner O' });
    const member = await t.makeUser();
    const outsider = await t.makeUser();
    const gid = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }]);
    const [oc, mc, xc] = await Promise.all([owner.client(), member.client(), outsider.client()]);
    const [ownerPage, memberTab1, memberTab2, outsiderPage] = await Promise.all([
      open(base, oc),
      open(base, mc),
      open(base, mc),
      open(base, xc),
    ]);

    const sent = await oc.post(`/api/v3/yun_msg/conversation/3/${gid}/messages`, { body: 'Hello all' });
    expect(sent.statusCode, sent.body).toBe(200);
    const isHello = (e: RealtimeEvent) => e.type === 'chat.message' && e.message.body === 'Hello all';
    for (const page of [ownerPage, memberTab1, memberTab2]) {
      expect(await page.next(isHello)).toEqual({
        type: 'chat.message',
        conversation: { type: 3, id: gid },
        message: sent.json(),
      });
    }
    await settle();
    expect(outsiderPage.events).toEqual([]);

    // Reading it in one tab tells the member's other tab.
    expect((await mc.get(`/api/v3/yun_msg/conversation/3/${gid}/messages`)).statusCode).toBe(200);
    expect(await memberTab2.next((e) => e.type === 'chat.read')).toEqual({
      type: 'chat.read',
      conversation: { type: 3, id: gid },
    });
    for (const page of [ownerPage, memberTab1, memberTab2, outsiderPage]) page.ws.close();
  });

  test("a team's changes reach its people: who is added, who is taken out, and everyone when it is deleted", async () => {
    const companyId = await t.makeCompany('Pushed Ltd');
    const [owner, member, newcomer, outsider] = await Promise.all(
      Array.from({ length: 4 }, () => t.makeUser({ companyId })),
    );
    const gid = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }], { companyId });
    const [oc, mc, nc, xc] = await Promise.all([
      owner.client(),
      member.client(),
      newcomer.client(),
      outsider.client(),
    ]);
    const [ownerPage, memberPage, newcomerPage, outsiderPage] = await Promise.all([
      open(base, oc),
      open(base, mc),
      open(base, nc),
      open(base, xc),
    ]);
    const changed = (e: RealtimeEvent) => e.type === 'team.changed' && e.group_id === gid;
    const heard = (page: Opened) => page.events.filter(changed).length;

    expect(
      (await oc.post(`/v1/groups/${gid}/members/batch`, { put: [newcomer.id], delete: [], type: 1 }))
        .statusCode,
    ).toBeLessThan(300);
    for (const page of [ownerPage, memberPage, newcomerPage]) await page.next(changed);

    const beforeRemoval = heard(memberPage);
    expect((await oc.delete(`/api/v3/groups/${gid}/members/${member.id}`)).statusCode).toBeLessThan(300);
    await settle();
    // the one taken out hears it too: their lists drop the team
    expect(heard(memberPage)).toBe(beforeRemoval + 1);

    const beforeDelete = heard(newcomerPage);
    expect((await oc.delete(`/api/v3/groups/${gid}`)).statusCode).toBeLessThan(300);
    await settle();
    expect(heard(newcomerPage)).toBe(beforeDelete + 1);
    expect(outsiderPage.events.filter(changed)).toEqual([]);
    for (const page of [ownerPage, memberPage, newcomerPage, outsiderPage]) page.ws.close();
  });

  test("the console's department changes reach whoever they move into or out of a team, and its people", async () => {
    const companyId = await t.makeCompany('Departments Ltd');
    const boss = await t.makeUser({ companyId, roles: 'admin' });
    const admin = await boss.client();
    const dept = async (name: string, parent: number | null) => {
      const res = await admin.post('/admin/v1/depts', { name, parent_id: parent });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const root = await dept('Departments Ltd', null);
    const [sales, support] = [await dept('Sales', root), await dept('Support', root)];
    const east = await dept('East', sales);
    const [owner, mover, easterner, outsider] = await Promise.all(
      Array.from({ length: 4 }, () => t.makeUser({ companyId })),
    );
    // A company team whose department entry (Sales, with the departments below it) brings people in.
    const gid = (
      await t.services.spaces.createTeamSpace({
        ownerId: owner.id,
        name: 'Sales team',
        teamType: TEAM_TYPE.company,
        companyId,
        deptIds: [sales],
      })
    ).id;
    const moveTo = async (user: { id: number }, deptIds: number[]) => {
      const res = await admin.put(`/admin/v1/users/${user.id}/depts`, { dept_ids: deptIds });
      expect(res.statusCode, res.body).toBe(200);
    };
    await moveTo(easterner, [east]);
    const pages = await Promise.all(
      [owner, mover, easterner, outsider].map(async (u) => open(base, await u.client())),
    );
    const [ownerPage, moverPage, eastPage, outsiderPage] = pages;
    const changed = (e: RealtimeEvent) => e.type === 'team.changed' && e.group_id === gid;
    const heard = () => pages.map((page) => page.events.filter(changed).length);
    /** Runs a console change; then the pages heard one more team.changed each where `who` says 1. */
    const expectHeard = async (change: () => Promise<unknown>, who: number[]) => {
      const before = heard();
      await change();
      await expect.poll(heard).toEqual(before.map((n, i) => n + who[i]));
      await settle();
      expect(heard()).toEqual(before.map((n, i) => n + who[i]));
    };
    const members = async () =>
      (await t.services.spaces.memberIds(gid)).filter((id) => id !== owner.id).sort((a, b) => a - b);
    const ids = (...users: { id: number }[]) => users.map((u) => u.id).sort((a, b) => a - b);

    // a person's departments: into the team, out of it; a move within what it covers is no change
    await expectHeard(() => moveTo(mover, [sales]), [1, 1, 1, 0]);
    expect(await members()).toEqual(ids(mover, easterner));
    await expectHeard(() => moveTo(mover, [east]), [0, 0, 0, 0]);
    await expectHeard(() => moveTo(mover, [support]), [1, 1, 1, 0]);
    expect(await members()).toEqual(ids(easterner));

    // someone new in Sales: the team's people see them
    await expectHeard(async () => {
      const created = await admin.post('/admin/v1/users', {
        unique_name: 'newcomer_sales',
        nick_name: 'Newcomer',
        dept_ids: [sales],
      });
      expect(created.statusCode, created.body).toBe(201);
    }, [1, 0, 1, 0]);

    // an import that puts someone into Sales
    await expectHeard(async () => {
      const csv = `account,department\n${mover.account},Sales\n`;
      const res = await admin.post('/admin/v1/import/people', { csv, dry_run: false });
      expect(res.json(), res.body).toMatchObject({ applied: true, summary: { update: 1 } });
    }, [1, 1, 1, 0]);
    expect(await members()).toContain(mover.id);

    // a department moved out from under Sales takes its people with it, and back
    const moveDept = (parent: number) => async () => {
      const res = await admin.patch(`/admin/v1/depts/${east}`, { parent_id: parent });
      expect(res.statusCode, res.body).toBe(200);
    };
    await expectHeard(moveDept(support), [1, 1, 1, 0]);
    expect(await members()).not.toContain(easterner.id);
    await expectHeard(moveDept(sales), [1, 1, 1, 0]);
    // a rename moves nobody
    await expectHeard(async () => {
      expect((await admin.patch(`/admin/v1/depts/${east}`, { name: 'East coast' })).statusCode).toBe(200);
    }, [0, 0, 0, 0]);

    // Sales disabled: everyone it brought leaves; enabled: they are back
    const status = (action: 'disable' | 'enable') => async () => {
      const res = await admin.post(`/admin/v1/depts/${sales}/${action}`, {});
      expect(res.statusCode, res.body).toBe(200);
    };
    await expectHeard(status('disable'), [1, 1, 1, 0]);
    expect(await members()).toEqual([]);
    await expectHeard(status('enable'), [1, 1, 1, 0]);

    // a person's account disabled leaves the team (named in it, or brought by Sales), enabled comes
    // back: the team's people hear of it. (A disabled person's sessions end, and their socket closes
    // at its next ping, 30 s on: here it is still open, and hears it too.)
    const account = (user: { id: number }, action: 'disable' | 'enable') => async () => {
      const res = await admin.post(`/admin/v1/users/${user.id}/${action}`, {});
      expect(res.statusCode, res.body).toBe(200);
    };
    const named = await t.makeUser({ companyId });
    await t.database.db
      .insertInto('group_members')
      .values({ group_id: gid, user_id: named.id, team_role: TEAM_ROLE.member, joined_at: 1 })
      .execute();
    await expectHeard(account(named, 'disable'), [1, 1, 1, 0]);
    expect(await members()).not.toContain(named.id);
    await expectHeard(account(named, 'enable'), [1, 1, 1, 0]);
    expect(await members()).toContain(named.id);
    await expectHeard(account(easterner, 'disable'), [1, 1, 1, 0]);
    expect(await members()).not.toContain(easterner.id);
    await expectHeard(account(easterner, 'enable'), [1, 1, 1, 0]);
    expect(await members()).toContain(easterner.id);
    expect(outsiderPage.events.filter(changed)).toEqual([]);
    for (const page of [ownerPage, moverPage, eastPage, outsiderPage]) page.ws.close();
  });

  test('someone named on a link hears of it at once; nobody else does', async () => {
    const owner = await t.makeUser();
    const named = await t.makeUser();
    const other = await t.makeUser();
    const oc = await owner.client();
    const gid = (await oc.get('/api/v3/groups/special')).json().id;
    const form = await oc.post(`/api/v3/groups/${gid}/files`, { parentid: 0, name: 'shared-folder' });
    const fileid = form.json().fileid;
    const link = (await oc.post('/api/v3/links', { fileid, ranges: 'user' })).json();
    const [namedPage, otherPage] = await Promise.all([
      open(base, await named.client()),
      open(base, await other.client()),
    ]);
    expect(
      (await oc.post(`/api/v3/links/${link.sid}/members`, { permission: 'read', userids: [named.id] }))
        .statusCode,
    ).toBe(200);
    await namedPage.next((e) => e.type === 'notices.new');
    await settle();
    expect(otherPage.events).toEqual([]);
    namedPage.ws.close();
    otherPage.ws.close();
  });

  test('a private message reaches both people, each finding it under the other', async () => {
    await t.services.settings.set(0, 'allow_chat', true);
    const a = await t.makeUser();
    const b = await t.makeUser();
    await makeTeam(t, a, [{ user: b, role: TEAM_ROLE.member }]);
    const [ac, bc] = await Promise.all([a.client(), b.client()]);
    const [aPage, bPage] = await Promise.all([open(base, ac), open(base, bc)]);
    const sent = await ac.post(`/api/v3/yun_msg/conversation/4/${b.id}/messages`, { body: 'Just us' });
    expect(sent.statusCode, sent.body).toBe(200);
    const isIt = (e: RealtimeEvent) => e.type === 'chat.message' && e.message.body === 'Just us';
    expect(await bPage.next(isIt)).toMatchObject({ conversation: { type: 4, id: a.id } });
    expect(await aPage.next(isIt)).toMatchObject({ conversation: { type: 4, id: b.id } });
    // A refused message pushes nothing.
    expect(
      (await ac.post(`/api/v3/yun_msg/conversation/4/${b.id}/messages`, { body: '  ' })).statusCode,
    ).toBe(400);
    await settle();
    expect(messages(bPage)).toHaveLength(1);
    aPage.ws.close();
    bPage.ws.close();
    await t.services.settings.set(0, 'allow_chat', false);
  });
});

describe('the hub', () => {
  test('closes a socket whose session has ended, at the next ping, and one that stopped answering', async () => {
    const t = await makeTestApp();
    try {
      const base = await listening(t);
      const user = await t.makeUser();
      const c = await user.client();
      let valid = true;
      const hub = createHub({ bus: memoryBus(), sessionValid: async () => valid, pingMs: 50 });
      // A second hub of the test's own, on this server's sockets: the route's hub is the app's.
      t.app.websocketServer.on('connection', (socket) => hub.attach(user.id, 'token', socket));
      const page = await open(base, c);
      const closed = new Promise<number>((resolve) => page.ws.once('close', (code) => resolve(code)));
      await settle();
      expect(hub.socketCount()).toBe(1);
      hub.push([user.id], { type: 'chat.read', conversation: { type: 3, id: 1 } });
      expect(await page.next((e) => e.type === 'chat.read')).toBeTruthy();
      valid = false;
      expect(await closed).toBe(CLOSE_SESSION_ENDED);
      await settle();
      expect(hub.socketCount()).toBe(0);

      // A page that stopped answering pings (a laptop gone to sleep) is let go.
      valid = true;
      const silent = await open(base, c, {}, { autoPong: false });
      const ended = new Promise<number>((resolve) => silent.ws.once('close', (code) => resolve(code)));
      expect(await ended).toBe(1006);
      await settle();
      expect(hub.socketCount()).toBe(0);
      await hub.close();
    } finally {
      await t.close();
    }
  });

  test('after logging out, the session the hub looks up at every ping is gone', async () => {
    const t = await makeTestApp();
    try {
      const user = await t.makeUser();
      const c = await user.client();
      const token = c.session ?? '';
      expect(await t.services.accounts.authenticate(token)).not.toBeNull();
      expect((await c.post('/p/logout', {})).statusCode).toBeLessThan(400);
      // What the hub asks at every ping.
      expect(await t.services.accounts.authenticate(token)).toBeNull();
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!redisUp)('the Redis bus (REDIS_URL)', () => {
  test('a push published by one process reaches the handlers of every process, once each', async () => {
    const channel = uniqueChannel();
    const one = await redisBus(REDIS_URL, { channel });
    const two = await redisBus(REDIS_URL, { channel });
    const other = await redisBus(REDIS_URL, { channel: uniqueChannel() });
    try {
      const heard: Record<string, Delivery[]> = { one: [], two: [], other: [] };
      one.subscribe((d) => heard.one.push(d));
      two.subscribe((d) => heard.two.push(d));
      other.subscribe((d) => heard.other.push(d));
      const delivery: Delivery = {
        to: [7, 9],
        event: { type: 'chat.read', conversation: { type: 4, id: 9 } },
      };
      one.publish(delivery);
      await expect.poll(() => heard.two.length).toBe(1);
      await expect.poll(() => heard.one.length).toBe(1);
      expect(heard.two[0]).toEqual(delivery);
      await settle();
      expect(heard.one).toHaveLength(1);
      expect(heard.other).toEqual([]);
    } finally {
      await Promise.all([one.close(), two.close(), other.close()]);
    }
  });

  test('a message sent to one process reaches a page open on another, through Redis', async () => {
    const t = await makeTestApp({ REDIS_URL, REDIS_CHANNEL: uniqueChannel() });
    try {
      const base = await listening(t);
      const elsewhere = await t.sibling();
      const owner = await t.makeUser();
      const member = await t.makeUser();
      const gid = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }]);
      const page = await open(base, await member.client());
      const oc = elsewhere.as(await owner.client());
      expect(
        (await oc.post(`/api/v3/yun_msg/conversation/3/${gid}/messages`, { body: 'Via Redis' })).statusCode,
      ).toBe(200);
      expect(
        await page.next((e) => e.type === 'chat.message' && e.message.body === 'Via Redis'),
      ).toMatchObject({ conversation: { type: 3, id: gid } });
      page.ws.close();
    } finally {
      await t.close();
    }
  });
});
