import v8 from 'node:v8';
import { afterEach, expect, test, vi } from 'vitest';
import {
  bodyBytesReceived,
  COLLECT_EVERY_BYTES,
  COLLECT_EVERY_BYTES_MANY,
  collectAfterBulkWork,
  downloadBytesRead,
  FEW_BODIES,
  HEAP_GROWTH_FLAG,
  receivingBody,
  steadyHeapGrowth,
} from './heap.ts';

const global = globalThis as { gc?: unknown };
const before = global.gc;
afterEach(() => {
  global.gc = before;
});

/** A spy for the collector, counting from a fresh start (whatever was counted before). */
function spy() {
  const gc = vi.fn();
  global.gc = gc;
  bodyBytesReceived(64 * COLLECT_EVERY_BYTES);
  gc.mockClear();
  return gc;
}

test('a young-generation collection is asked for after every few mebibytes of bodies, across requests', () => {
  const gc = spy();
  for (let i = 0; i < 3 * 16; i++) bodyBytesReceived(COLLECT_EVERY_BYTES / 16);
  expect(gc).toHaveBeenCalledTimes(3);
  expect(gc).toHaveBeenCalledWith({ type: 'minor' });
  bodyBytesReceived(COLLECT_EVERY_BYTES - 1);
  expect(gc).toHaveBeenCalledTimes(3);
});

test('with more bodies in flight than FEW_BODIES, they are asked for less often', () => {
  const gc = spy();
  const ends = Array.from({ length: FEW_BODIES + 1 }, () => receivingBody());
  bodyBytesReceived(COLLECT_EVERY_BYTES_MANY - 1);
  expect(gc).not.toHaveBeenCalled();
  bodyBytesReceived(1);
  expect(gc).toHaveBeenCalledTimes(1);
  // An end counts once, however often it is called: back to FEW_BODIES, the shorter spacing.
  ends[0]();
  ends[0]();
  bodyBytesReceived(COLLECT_EVERY_BYTES);
  expect(gc).toHaveBeenCalledTimes(2);
  for (const end of ends) end();
  bodyBytesReceived(COLLECT_EVERY_BYTES);
  expect(gc).toHaveBeenCalledTimes(3);
});

test('the bytes downloads read count towards the same scavenges, spaced as under many bodies', () => {
  const gc = spy();
  downloadBytesRead(COLLECT_EVERY_BYTES_MANY - 1);
  expect(gc).not.toHaveBeenCalled();
  downloadBytesRead(1);
  expect(gc).toHaveBeenCalledExactlyOnceWith({ type: 'minor' });
  // Bodies and downloads add up: what a body brought is not counted again by a download.
  bodyBytesReceived(COLLECT_EVERY_BYTES - 1);
  downloadBytesRead(COLLECT_EVERY_BYTES_MANY - COLLECT_EVERY_BYTES);
  expect(gc).toHaveBeenCalledTimes(1);
  downloadBytesRead(1);
  expect(gc).toHaveBeenCalledTimes(2);
});

test('without --expose-gc nothing is asked and nothing fails', () => {
  global.gc = undefined;
  expect(() => bodyBytesReceived(2 * COLLECT_EVERY_BYTES)).not.toThrow();
});

test('V8 lets the old generation grow to twice what a full collection left, set once at start', () => {
  const flags = vi.spyOn(v8, 'setFlagsFromString');
  try {
    steadyHeapGrowth();
    expect(flags).toHaveBeenCalledExactlyOnceWith(HEAP_GROWTH_FLAG);
    // Bodies come and go without touching it.
    const ends = Array.from({ length: FEW_BODIES + 2 }, () => receivingBody());
    for (const end of ends) end();
    expect(flags).toHaveBeenCalledTimes(1);
  } finally {
    flags.mockRestore();
  }
});

test('after bulk work, a full collection is asked for (gc without options), and nothing without --expose-gc', () => {
  const gc = vi.fn();
  global.gc = gc;
  collectAfterBulkWork();
  expect(gc).toHaveBeenCalledTimes(1);
  expect(gc.mock.calls[0]).toEqual([]);
  global.gc = undefined;
  expect(() => collectAfterBulkWork()).not.toThrow();
});
