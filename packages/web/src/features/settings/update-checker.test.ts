// The update checker against the fake desktop client of the browser tests (a real local HTTP
// service): every state of spec 002 §2, reached the way the spec's §4 orders them.
import type { DesktopUpdateState } from '@cirrus/shared';
import { afterEach, expect, test } from 'vitest';
import { startFakeDesktopClient } from '../../../../../e2e/desktop-client-fake';
import { createDesktopBridge } from '../desktop/bridge';
import { createUpdateChecker, type UpdateChecker } from './update-checker';

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function checkerWith(options: Parameters<typeof startFakeDesktopClient>[0] = {}) {
  const fake = await startFakeDesktopClient(options);
  const checker = createUpdateChecker(createDesktopBridge({ hosts: [fake.url] }), { pollMs: 5 });
  const seen: DesktopUpdateState[] = [];
  checker.subscribe(() => {
    const { state } = checker.getSnapshot();
    if (seen.at(-1) !== state) seen.push(state);
  });
  closers.push(
    () => fake.close(),
    () => checker.stop(),
  );
  return { fake, checker, seen };
}

async function settles(checker: UpdateChecker, state: DesktopUpdateState) {
  await expect.poll(() => checker.getSnapshot().state).toBe(state);
}

test('no newer version: checking, then noNewVersion, and nothing more is read', async () => {
  const { fake, checker, seen } = await checkerWith({ newVersion: null });
  await checker.act('check');
  await settles(checker, 'noNewVersion');
  expect(seen).toEqual(['checking', 'noNewVersion']);
  const reads = fake.callsTo('/v1/update/status').length;
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(fake.callsTo('/v1/update/status')).toHaveLength(reads);
});

test('a newer version: downloading with its percent, then downloaded, and install asks the client', async () => {
  const { fake, checker, seen } = await checkerWith({ updateStep: 40 });
  const percents: number[] = [];
  checker.subscribe(() => percents.push(checker.getSnapshot().percent ?? 0));
  await checker.act('check');
  await settles(checker, 'downloaded');
  expect(seen).toEqual(['checking', 'downloading', 'downloaded']);
  expect(percents).toEqual(expect.arrayContaining([40, 80, 100]));
  expect(checker.getSnapshot().version).toBe('3.3.0');
  await checker.act('install');
  expect(fake.callsTo('/v1/update/install')).toHaveLength(1);
  expect(checker.getSnapshot().state).toBe('downloaded');
});

test('a refused check is checkingError; retry checks again', async () => {
  const { fake, checker, seen } = await checkerWith({
    newVersion: null,
    refusals: { '/v1/update/check': 500 },
  });
  await checker.act('check');
  expect(checker.getSnapshot().state).toBe('checkingError');
  delete fake.options.refusals['/v1/update/check'];
  await checker.act('retryCheck');
  await settles(checker, 'noNewVersion');
  expect(seen).toEqual(['checking', 'checkingError', 'checking', 'noNewVersion']);
});

test('a failed download is downloadError, retried; a cancelled one is downloadCancel, checked again', async () => {
  const { fake, checker } = await checkerWith({ updateStep: 1, updateDownloadFails: true });
  await checker.act('check');
  await settles(checker, 'downloadError');
  fake.options.updateDownloadFails = false;
  await checker.act('retryDownload');
  await settles(checker, 'downloading');
  await checker.act('cancel');
  expect(checker.getSnapshot().state).toBe('downloadCancel');
  expect(fake.callsTo('/v1/update/cancel')).toHaveLength(1);
  fake.options.updateStep = 100;
  await checker.act('checkAgain');
  await settles(checker, 'downloaded');
});

test('a status read the client refuses while downloading is downloadError', async () => {
  const { fake, checker } = await checkerWith({ updateStep: 1 });
  await checker.act('check');
  await settles(checker, 'downloading');
  fake.options.refusals['/v1/update/status'] = 500;
  await settles(checker, 'downloadError');
});

test('opening the tab reads where the client is; a client gone leaves it idle', async () => {
  const { fake, checker } = await checkerWith();
  await fake.close();
  await checker.start();
  expect(checker.getSnapshot().state).toBe('idle');
});
