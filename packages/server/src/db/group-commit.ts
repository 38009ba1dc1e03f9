import fsp from 'node:fs/promises';

/**
 * Group commit (issue 11 W3): a write is answered only once it is on disk, but the writes that
 * commit while one flush is running share the next flush instead of each paying its own.
 *
 * SQLite runs in WAL mode with synchronous=NORMAL: a commit appends its frames to the WAL without
 * waiting for the disk, and on the one JavaScript thread that wait was about a sixth of the CPU of
 * a small upload. Every committed write then waits here, off that thread, for an fdatasync of the
 * WAL file that began after its commit; a request that wrote is answered only after that
 * (db/write-clock.ts waits when it gives the connection back). A crash or power loss therefore
 * loses no write that was answered: SQLite's recovery keeps every commit whose frames reached the
 * disk, and checkpoints still sync the WAL before they copy it into the database.
 */
export interface GroupCommit {
  /** Counts a commit that just happened; answers its number, to wait for with `durable`. */
  committed(): number;
  /** Resolves once a flush that began after commit `n` has finished. */
  durable(n: number): Promise<void>;
  /** The flush running now, if one is. */
  flushing(): Promise<void> | undefined;
  close(): Promise<void>;
}

/** Flushes by calling `flush`; one flush at a time, each covering every commit before it began. */
export function groupCommit(flush: () => Promise<void>): GroupCommit {
  let commits = 0;
  let flushed = 0;
  let running: Promise<void> | undefined;

  const flushNow = async () => {
    const upTo = commits;
    await flush();
    flushed = Math.max(flushed, upTo);
  };

  return {
    committed: () => ++commits,
    async durable(n) {
      while (flushed < n) {
        running ??= flushNow().finally(() => {
          running = undefined;
        });
        await running;
      }
    },
    flushing: () => running,
    async close() {
      await running?.catch(() => {});
    },
  };
}

/** Group commit over the WAL file of a SQLite database (`<file>-wal`), flushed with fdatasync. */
export function walGroupCommit(databaseFile: string): GroupCommit {
  let handle: fsp.FileHandle | undefined;
  const group = groupCommit(async () => {
    handle ??= await fsp.open(`${databaseFile}-wal`, 'r+');
    try {
      await handle.datasync();
    } catch (err) {
      // Opened again next time: a failed flush must not be mistaken for a flushed file.
      const failed = handle;
      handle = undefined;
      await failed.close().catch(() => {});
      throw err;
    }
  });
  return {
    ...group,
    async close() {
      await group.close();
      await handle?.close().catch(() => {});
      handle = undefined;
    },
  };
}
