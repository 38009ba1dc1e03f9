// The desktop client's part of logout (spec 002 §4, §8) against the fake client of the browser tests.
import { afterEach, expect, test } from 'vitest';
import { type FakeDesktopClient, startFakeDesktopClient } from '../../../../../e2e/desktop-client-fake';
import { BridgeError, createDesktopBridge } from './bridge';
import { beforeDesktopLogout } from './logout';

let fake: FakeDesktopClient | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const origin = 'http://127.0.0.1:8080';

test.each([
  ['online, the hook agrees', true, undefined, null, 1],
  ['offline: logoutFailed, and the client is not asked', false, undefined, 'logoutFailed', 0],
  ['the hook refuses with 4103: logoutFailed', true, 4103, 'logoutFailed', 1],
])('%s', async (_name, online, refusal, expected, asked) => {
  fake = await startFakeDesktopClient(
    refusal === undefined ? {} : { refusals: { '/v1/session/logout': refusal } },
  );
  const bridge = createDesktopBridge({ hosts: [fake.url] });
  const outcome = await beforeDesktopLogout(bridge, { online, origin }).then(
    () => null,
    (error: unknown) => (error instanceof BridgeError ? error.key : error),
  );
  expect(outcome).toBe(expected);
  expect(fake.callsTo('/v1/session/logout').map((call) => call.body)).toEqual(Array(asked).fill({ origin }));
});

test('no client answering: the page logs out all the same', async () => {
  fake = await startFakeDesktopClient();
  const bridge = createDesktopBridge({ hosts: [fake.url] });
  await fake.close();
  await expect(beforeDesktopLogout(bridge, { online: true, origin })).resolves.toBeUndefined();
});
