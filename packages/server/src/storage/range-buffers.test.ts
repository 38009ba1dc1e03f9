import { expect, test } from 'vitest';
import { createRangeBuffers } from './range-buffers.ts';

test('a buffer given back is the next one taken; one still out is never handed out twice', () => {
  const pool = createRangeBuffers({ slabBytes: 1024 });
  const a = pool.take(100);
  const b = pool.take(1024);
  expect(a.length).toBe(100);
  expect(b.length).toBe(1024);
  expect(a.buffer).not.toBe(b.buffer);
  pool.giveBack(a);
  const c = pool.take(10);
  expect(c.buffer).toBe(a.buffer);
  // Neither b (still out) nor c's slab (taken again) is free.
  expect(pool.take(10).buffer).not.toBe(b.buffer);
});

test('foreign buffers, a second give-back and ranges larger than a slab stay out of the pool', () => {
  const pool = createRangeBuffers({ slabBytes: 1024, keep: 4 });
  const a = pool.take(10);
  pool.giveBack(a);
  pool.giveBack(a);
  const first = pool.take(10);
  const second = pool.take(10);
  expect(first.buffer).toBe(a.buffer);
  expect(second.buffer).not.toBe(a.buffer);

  const large = pool.take(2048);
  expect(large.length).toBe(2048);
  pool.giveBack(large);
  pool.giveBack(Buffer.alloc(1024));
  expect(pool.take(10).buffer.byteLength).toBe(1024);
  expect(pool.take(10).buffer).not.toBe(large.buffer);
});

test('at most `keep` free slabs are kept', () => {
  const pool = createRangeBuffers({ slabBytes: 64, keep: 2 });
  const out = [pool.take(1), pool.take(1), pool.take(1)];
  for (const b of out) pool.giveBack(b);
  const again = [pool.take(1), pool.take(1), pool.take(1)].map((b) => b.buffer);
  expect(again.filter((slab) => out.some((b) => b.buffer === slab))).toHaveLength(2);
});
