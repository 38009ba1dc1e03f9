import { expect, test } from 'vitest';
import { createInlineReads } from './inline-reads.ts';

test('reads run on the thread until two in a row are slow; then not for the pause, and again after it', () => {
  let clock = 1000;
  const reads = createInlineReads({ slowMs: 0.1, pauseMs: 1000, now: () => clock });
  expect(reads.allowed()).toBe(true);
  // Reads from memory: a few microseconds each, and now and then one that was descheduled.
  for (let i = 0; i < 100; i++) reads.took(i % 10 === 0 ? 0.5 : 0.02);
  expect(reads.allowed()).toBe(true);
  // Two that waited for the disk.
  reads.took(0.3);
  expect(reads.allowed()).toBe(true);
  reads.took(0.3);
  expect(reads.allowed()).toBe(false);
  clock += 999;
  expect(reads.allowed()).toBe(false);
  clock += 1;
  expect(reads.allowed()).toBe(true);
  // The count starts again after a pause: one slow read alone does not pause.
  reads.took(0.3);
  expect(reads.allowed()).toBe(true);
});

test('a read exactly at the limit still counts as one from memory', () => {
  const reads = createInlineReads({ slowMs: 0.1, pauseMs: 1000, now: () => 0 });
  for (let i = 0; i < 5; i++) reads.took(0.1);
  expect(reads.allowed()).toBe(true);
});
