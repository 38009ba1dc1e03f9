import fs from 'node:fs';

/**
 * The WAL index's header: two copies of 48 bytes at the start of the -shm file, which every commit
 * rewrites (its change counter, the WAL's last frame and checksums; sqlite.org/walformat.html).
 */
const HEADER_BYTES = 96;

export interface OtherWrites {
  /**
   * A number that moves when another process has committed to the file (SQLite's data_version).
   * It is read once a turn of the event loop: the turn's reads share one snapshot anyway
   * (db/index.ts sharedReads), and a request may ask it dozens of times (every cached read does).
   */
  version(): number;
  /** Reads it afresh at the next call: a request has arrived (OpenedDb.freshReads). */
  forget(): void;
  close(): void;
}

/**
 * SQLite's `PRAGMA data_version`, asked only when the WAL index's header has changed since it was
 * last asked. The pragma needs a read transaction, which takes and drops a lock on the -shm file:
 * two system calls and SQLite's work around them, tens of microseconds a request on a slow host
 * (issue 11, W2's Range reads), where a request whose reads all come from process-local caches
 * needs no other read at all. Reading the header is one `pread` of the -shm file (the page SQLite's
 * processes map), without a lock: any commit, ours or another process's, changes it, so an
 * unchanged header means no commit since the pragma was last asked; a changed one, or one read
 * while another process was writing it, means asking again.
 *
 * Requests that read the database take that lock anyway, and the pragma then runs inside the read
 * they share, for less than the `pread`: so while statements have been read since the last look
 * (`statementsRead` moved), the pragma is asked straight away, and the header is read only while
 * requests are served from the caches alone (W6's folder lists against W2's Range reads). Either
 * way the answer is the same.
 *
 * `dataVersion` runs the pragma; `startsSnapshot` tells whether it will begin a read of its own
 * (rather than run inside one already open). Only such a read began after the header was read, so
 * only then is the answer known to include every commit the header shows; otherwise the header is
 * not remembered, and the next call asks again. Without a -shm file (in memory) every look asks.
 */
export function otherWritesOf(
  shmFile: string | undefined,
  dataVersion: () => number,
  startsSnapshot: () => boolean,
  statementsRead: () => number = () => 0,
): OtherWrites {
  let fd: number | undefined;
  let opened = false;
  const header = Buffer.alloc(HEADER_BYTES);
  const remembered = Buffer.alloc(HEADER_BYTES);
  let known = false;
  let version = 0;
  let readAtLastLook = statementsRead();
  /** This turn's answer, forgotten when the turn ends or a request arrives. */
  let thisTurn: number | undefined;
  let forgetting = false;
  const forget = () => {
    thisTurn = undefined;
  };

  function readHeader(): boolean {
    if (!opened && shmFile) {
      // Opened at the first call: the file exists once the database has been read in WAL mode.
      opened = true;
      try {
        fd = fs.openSync(shmFile, 'r');
      } catch {
        fd = undefined;
      }
    }
    if (fd === undefined) return false;
    try {
      return fs.readSync(fd, header, 0, HEADER_BYTES, 0) === HEADER_BYTES;
    } catch {
      return false;
    }
  }

  return {
    version() {
      if (thisTurn !== undefined) return thisTurn;
      const readLately = statementsRead() !== readAtLastLook;
      const read = !readLately && readHeader();
      if (!(read && known && header.equals(remembered))) {
        const fresh = startsSnapshot();
        version = dataVersion();
        known = read && fresh;
        if (known) header.copy(remembered);
      }
      readAtLastLook = statementsRead();
      thisTurn = version;
      if (!forgetting) {
        forgetting = true;
        setImmediate(() => {
          forgetting = false;
          forget();
        });
      }
      return version;
    },
    forget,
    close() {
      if (fd !== undefined) fs.closeSync(fd);
      fd = undefined;
      known = false;
    },
  };
}
