// The screen-capture guard against the fake desktop client (e2e/desktop-client-fake.ts).
import { afterEach, expect, test } from 'vitest';
import { type FakeDesktopClient, startFakeDesktopClient } from '../../../../../e2e/desktop-client-fake';
import { createDesktopBridge } from './bridge';
import { createScreenGuard } from './screen-guard';

const clients: FakeDesktopClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function fake(): Promise<FakeDesktopClient> {
  const client = await startFakeDesktopClient();
  clients.push(client);
  return client;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('held: disables capture, beats every interval; released: allows it and beats no more', async () => {
  const client = await fake();
  const guard = createScreenGuard(createDesktopBridge({ hosts: [client.url] }), { heartbeatMs: 40 });
  const release = guard.hold();
  await expect
    .poll(() => client.screenCalls().filter((call) => call === 'beat').length)
    .toBeGreaterThanOrEqual(2);
  release();
  await expect.poll(() => client.screenCalls().at(-1)).toBe('allow');
  const calls = client.screenCalls();
  expect(calls[0]).toBe('disable');
  expect(calls.slice(1, -1).every((call) => call === 'beat')).toBe(true);
  expect(client.callsTo('/v1/screen/disableshot').map((call) => call.body)).toEqual([
    { disable: true },
    { disable: false },
  ]);
  await sleep(120);
  expect(client.screenCalls()).toHaveLength(calls.length);
});

test('two holders share one disable; capture comes back when both have let go', async () => {
  const client = await fake();
  const guard = createScreenGuard(createDesktopBridge({ hosts: [client.url] }), { heartbeatMs: 1_000 });
  const first = guard.hold();
  const second = guard.hold();
  first();
  first();
  await sleep(50);
  expect(client.screenCalls()).toEqual(['disable']);
  second();
  await expect.poll(() => client.screenCalls()).toEqual(['disable', 'allow']);
});

test('released and held again at once (the next document): capture stays off', async () => {
  const client = await fake();
  const guard = createScreenGuard(createDesktopBridge({ hosts: [client.url] }), { heartbeatMs: 1_000 });
  guard.hold()();
  guard.hold();
  await sleep(100);
  expect(client.callsTo('/v1/screen/disableshot').at(-1)?.body).toEqual({ disable: true });
});

test('the client restarted elsewhere meanwhile: the next beat finds it and disables capture there', async () => {
  const gone = await fake();
  const later = await fake();
  const guard = createScreenGuard(createDesktopBridge({ hosts: [gone.url, later.url] }), { heartbeatMs: 40 });
  const release = guard.hold();
  await expect.poll(() => gone.screenCalls()).toContain('beat');
  await gone.close();
  // The beat that found it there is followed at once by the disable, then beats again.
  await expect
    .poll(() => later.screenCalls().slice(later.screenCalls().indexOf('disable')))
    .toEqual(expect.arrayContaining(['disable', 'beat']));
  expect(later.screenCalls().indexOf('disable')).toBeLessThanOrEqual(1);
  release();
  await expect.poll(() => later.screenCalls().at(-1)).toBe('allow');
});
