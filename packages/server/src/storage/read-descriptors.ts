import fs from 'node:fs';

/** Unused descriptors close after this long. */
const IDLE_MS = 5_000;
/** At most this many are kept open (those in use are never closed under a read). */
const MAX_OPEN = 64;

interface Entry {
  fd: number;
  users: number;
  lastUsed: number;
}

export interface ReadDescriptors {
  /**
   * Calls back with an open descriptor of `file` and a `release` to call when the read is done;
   * opens the file when no descriptor of it is open.
   */
  acquire(file: string, callback: (err: Error | null, fd: number, release: () => void) => void): void;
  /** Closes every descriptor nobody is reading through. */
  closeIdle(): void;
}

const noop = () => {};

/**
 * Read descriptors of blobs read a moment ago, kept open for the next read of the same blob: a
 * player or a viewer reads a file as many small ranges, and opening and closing the file were two
 * of a range read's three trips to libuv's threads (bench W2). This is safe only because a blob's
 * bytes never change under its name: a blob that was collected meanwhile still reads as the same
 * bytes through a descriptor opened before, until the descriptor closes a few seconds later.
 */
export function createReadDescriptors({ idleMs = IDLE_MS, maxOpen = MAX_OPEN } = {}): ReadDescriptors {
  // A Map keeps insertion order; an entry is moved to the end when used, so the first is the
  // least recently used.
  const open = new Map<string, Entry>();
  let sweeper: NodeJS.Timeout | undefined;

  function close(file: string, entry: Entry) {
    open.delete(file);
    fs.close(entry.fd, noop);
  }

  function sweep() {
    sweeper = undefined;
    const before = Date.now() - idleMs;
    for (const [file, entry] of open) if (entry.users === 0 && entry.lastUsed < before) close(file, entry);
    if (open.size > 0) schedule();
  }

  function schedule() {
    if (sweeper) return;
    sweeper = setTimeout(sweep, idleMs);
    sweeper.unref();
  }

  function handOut(
    file: string,
    entry: Entry,
    callback: (err: null, fd: number, release: () => void) => void,
  ) {
    entry.users++;
    open.delete(file);
    open.set(file, entry);
    let released = false;
    callback(null, entry.fd, () => {
      if (released) return;
      released = true;
      entry.users--;
      entry.lastUsed = Date.now();
    });
  }

  return {
    acquire(file, callback) {
      const hit = open.get(file);
      if (hit) return handOut(file, hit, callback);
      fs.open(file, 'r', (err, fd) => {
        if (err) return callback(err, -1, noop);
        // Another read of the same file may have opened it meanwhile.
        const raced = open.get(file);
        if (raced) {
          fs.close(fd, noop);
          return handOut(file, raced, callback);
        }
        const entry: Entry = { fd, users: 0, lastUsed: Date.now() };
        open.set(file, entry);
        for (const [oldest, e] of open) {
          if (open.size <= maxOpen) break;
          if (e.users === 0 && e !== entry) close(oldest, e);
        }
        schedule();
        handOut(file, entry, callback);
      });
    },

    closeIdle() {
      for (const [file, entry] of open) if (entry.users === 0) close(file, entry);
    },
  };
}
