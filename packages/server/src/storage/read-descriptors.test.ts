import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { createReadDescriptors, type ReadDescriptors } from './read-descriptors.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-fds-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function acquire(fds: ReadDescriptors, file: string): Promise<{ fd: number; release: () => void }> {
  return new Promise((resolve, reject) =>
    fds.acquire(file, (err, fd, release) => (err ? reject(err) : resolve({ fd, release }))),
  );
}

/** Descriptors close in the background (fs.close): lets those closes finish. */
const settle = () => new Promise((r) => setTimeout(r, 30));

/** Whether `fd` is an open descriptor of this process. */
const isOpen = (fd: number) => {
  try {
    fs.fstatSync(fd);
    return true;
  } catch {
    return false;
  }
};

function file(name: string, content = name): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, content);
  return p;
}

describe('read descriptors', () => {
  test('the next read of a file reuses the descriptor, which closes once idle', async () => {
    const fds = createReadDescriptors({ idleMs: 50 });
    const a = file('a');
    const first = await acquire(fds, a);
    first.release();
    const second = await acquire(fds, a);
    expect(second.fd).toBe(first.fd);
    second.release();
    await new Promise((r) => setTimeout(r, 200));
    expect(isOpen(first.fd)).toBe(false);
  });

  test('a removed file still reads as it was through a descriptor opened before', async () => {
    const fds = createReadDescriptors();
    const b = file('b', 'bytes of b');
    (await acquire(fds, b)).release();
    fs.rmSync(b);
    const { fd, release } = await acquire(fds, b);
    const buf = Buffer.alloc(10);
    expect(fs.readSync(fd, buf, 0, 10, 0)).toBe(10);
    expect(buf.toString()).toBe('bytes of b');
    release();
    fds.closeIdle();
    await settle();
    expect(isOpen(fd)).toBe(false);
    // Once closed, a missing file is missing again.
    await expect(acquire(fds, b)).rejects.toThrow(/ENOENT/);
  });

  test('beyond the limit the least recently used idle descriptor closes, never one in use', async () => {
    const fds = createReadDescriptors({ maxOpen: 2 });
    const [x, y, z] = ['x', 'y', 'z'].map((n) => file(n));
    const held = await acquire(fds, x);
    const yd = await acquire(fds, y);
    yd.release();
    const zd = await acquire(fds, z);
    // x is in use and y was idle: y went.
    await settle();
    expect(isOpen(held.fd)).toBe(true);
    expect(isOpen(yd.fd)).toBe(false);
    expect(isOpen(zd.fd)).toBe(true);
    const again = await acquire(fds, x);
    expect(again.fd).toBe(held.fd);
    for (const d of [held, again, zd]) d.release();
    fds.closeIdle();
    await settle();
    expect(isOpen(held.fd)).toBe(false);
  });

  test('reads of one file that open it at the same time end up with one descriptor', async () => {
    const fds = createReadDescriptors();
    const w = file('w');
    const all = await Promise.all([acquire(fds, w), acquire(fds, w), acquire(fds, w)]);
    expect(new Set(all.map((d) => d.fd)).size).toBe(1);
    for (const d of all) d.release();
    fds.closeIdle();
  });
});
