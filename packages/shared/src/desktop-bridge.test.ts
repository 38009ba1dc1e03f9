import { describe, expect, test } from 'vitest';
import {
  desktopErrorOf,
  featureUnsupportedError,
  isDesktopPing,
  isTaskActive,
  isTaskCancelable,
  parseFuncList,
  taskKindOf,
  taskPhaseOf,
} from './desktop-bridge.ts';

describe('parseFuncList (spec 002 §7: GET /v1/funclist returns a comma list)', () => {
  test.each([
    ['autoencrypt,editlock', ['autoencrypt', 'editlock']],
    [' autoencrypt , EditLock \n', ['autoencrypt', 'editlock']],
    ['"editlock"', ['editlock']],
    ['editlock,,newthing', ['editlock', 'newthing']],
    ['autoencrypt,editlock,BatchDownload', ['autoencrypt', 'editlock', 'batchdownload']],
    ['', []],
  ])('%j -> %j', (text, names) => {
    expect([...parseFuncList(text)]).toEqual(names);
  });
});

test.each([
  [{ service: 'cirrus-desktop', version: '3.2.1' }, true],
  [{ service: 'something-else', version: '1' }, false],
  [{ service: 'cirrus-desktop' }, false],
  ['pong', false],
  [null, false],
])('ping %j is our client: %s', (body, ours) => {
  expect(isDesktopPing(body)).toBe(ours);
});

test.each([
  [5007, { key: 'convertFileTooLarge', params: { limit: 10 } }],
  ['5007', { key: 'convertFileTooLarge', params: { limit: 10 } }],
  ['userCanceled', { key: 'userCanceled' }],
  ['renameFailed', { key: 'renameFailed' }],
  ['WS_E_UNKNOWN', { key: 'clientUploadFailed' }],
  [undefined, { key: 'clientUploadFailed' }],
])('client error %j -> %j (spec 001 §8: 5007 with limit 10 inserted)', (errortype, expected) => {
  expect(desktopErrorOf(errortype, 'clientUploadFailed')).toEqual(expected);
});

test("5007 inserts the company's own conversion limit where it is known (secdoc_convert_max_mb)", () => {
  expect(desktopErrorOf(5007, 'clientUploadFailed', 25)).toEqual({
    key: 'convertFileTooLarge',
    params: { limit: 25 },
  });
});

// spec 001 §3: the states by their names, cancelled a flag; an interruption with an error code failed.
test.each([
  [{ state: 'in_queue' }, 'in_queue', true],
  [{ state: 'prepare' }, 'prepare', true],
  [{ state: 'in_progress' }, 'in_progress', true],
  [{ state: 'interrupted' }, 'paused', true],
  [{ state: 'interrupted', errortype: 5007 }, 'failed', false],
  [{ state: 'interrupted', errortype: 'WS_E_DISK_FULL' }, 'failed', false],
  [{ state: 'complete' }, 'complete', false],
  [{ state: 'in_progress', cancelled: true }, 'cancelled', false],
  [{ state: 'interrupted', cancelled: true }, 'cancelled', false],
  [{ state: 'complete', cancelled: false }, 'complete', false],
] as const)('a task %j reads as %s, active: %s', (task, phase, active) => {
  expect(taskPhaseOf(task)).toBe(phase);
  expect(isTaskActive(task)).toBe(active);
});

// spec 001 §5: batch download only when the client supports it, otherwise a not-supported error
// (§8 "unsupported client shows nonsupported batch download"); drag-upload encryption and the
// editing lock have the general one.
test.each([
  ['batchdownload', 'nonsupportedBatchDownload'],
  ['autoencrypt', 'clientFeatureUnsupported'],
  ['editlock', 'clientFeatureUnsupported'],
] as const)('a client without %s shows %s', (feature, key) => {
  expect(featureUnsupportedError(feature)).toBe(key);
});

test.each([
  [{}, 'upload'],
  [{ kind: 'upload' }, 'upload'],
  [{ kind: 'download' }, 'download'],
] as const)('a task %j is an %s', (task, kind) => {
  expect(taskKindOf(task)).toBe(kind);
});

// The spec names a cancel for uploads only (/v1/files/upload/cancel): a download stops in the client.
test.each([
  [{ state: 'in_progress' }, true],
  [{ state: 'in_queue', kind: 'upload' }, true],
  [{ state: 'interrupted', kind: 'upload' }, true],
  [{ state: 'interrupted', kind: 'upload', errortype: 5007 }, false],
  [{ state: 'prepare', kind: 'upload', cancelled: true }, false],
  [{ state: 'complete', kind: 'upload' }, false],
  [{ state: 'in_progress', kind: 'download' }, false],
] as const)('task %j may be cancelled from the page: %s', (task, cancelable) => {
  expect(isTaskCancelable(task)).toBe(cancelable);
});
