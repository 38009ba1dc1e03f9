import { Readable } from 'node:stream';
import { hotQuery } from '../db/hot.ts';
import type { Db } from '../db/index.ts';
import type { BlobFiles, BlobStore, ByteRange } from './blob-store.ts';
import { digestBuffer } from './hash.ts';

/**
 * Blobs up to this size live in the database (table small_blobs), larger ones as files. A small
 * upload then commits its bytes in the transaction that saves the file: one write of the database's
 * log, made durable by the flush that commit waits for anyway, where a blob file took a file made,
 * written, flushed and renamed and its folder flushed: eight calls on libuv's threads and two more
 * flushes of the disk before the commit (issue 11 W3). 16 KiB holds most text, notes and source
 * files, and keeps a row to a few pages of SQLite's. Reads of a larger size go straight to the
 * files, so a lower limit would first have to move the rows above it out of the table.
 */
export const SMALL_BLOB_MAX = 16 * 1024;

const findSmall = hotQuery((db, sha256: string) =>
  db.selectFrom('small_blobs').select('data').where('sha256', '=', sha256),
);

// The same content put again refreshes its time, which the collector reads (BlobFiles.remove).
const putRow = hotQuery((db, row: { sha256: string; data: Buffer; put_at: number }) =>
  db
    .insertInto('small_blobs')
    .values(row)
    .onConflict((oc) => oc.column('sha256').doUpdateSet((eb) => ({ put_at: eb.ref('excluded.put_at') }))),
);

/** Whether a range starts beyond what a small blob can hold (so only a file can answer it). */
const beyondSmall = (range?: ByteRange) => range !== undefined && range.start >= SMALL_BLOB_MAX;

/** The store's blob files, with the small blobs of the database in front of them. */
export function withSmallBlobs(db: Db, files: BlobFiles): BlobStore {
  async function small(sha256: string): Promise<Buffer | undefined> {
    return (await findSmall.first(db, sha256))?.data;
  }

  function slice(sha256: string, data: Buffer, { start, end }: ByteRange): Buffer {
    if (data.length <= end) throw new Error(`blob ${sha256} is shorter than ${end + 1} bytes`);
    return data.subarray(start, end + 1);
  }

  return {
    smallMax: SMALL_BLOB_MAX,

    async putSmall(trx, data, digest) {
      if (data.length > SMALL_BLOB_MAX) throw new Error(`a blob of ${data.length} bytes is not small`);
      await putRow.run(trx, { sha256: digest.sha256, data, put_at: Date.now() });
    },

    async putBuffer(data) {
      if (data.length > SMALL_BLOB_MAX) return files.putBuffer(data);
      const digest = digestBuffer(data);
      await putRow.run(db, { sha256: digest.sha256, data, put_at: Date.now() });
      return digest;
    },

    tempPath: () => files.tempPath(),
    putFile: (tempPath, sha256, opts) => files.putFile(tempPath, sha256, opts),

    async has(sha256) {
      return (await small(sha256)) !== undefined || files.has(sha256);
    },

    createReadStream(sha256, range, size) {
      if (beyondSmall(range) || (size ?? 0) > SMALL_BLOB_MAX) return files.createReadStream(sha256, range);
      return Readable.from(
        (async function* () {
          const data = await small(sha256);
          if (!data) {
            yield* files.createReadStream(sha256, range);
            return;
          }
          const bytes = range ? slice(sha256, data, range) : data;
          if (bytes.length > 0) yield bytes;
        })(),
        { objectMode: false },
      );
    },

    async readRange(sha256, range, into) {
      const data = beyondSmall(range) ? undefined : await small(sha256);
      return data ? slice(sha256, data, range) : files.readRange(sha256, range, into);
    },

    async remove(sha256, { unusedSinceMs }) {
      const deleted = await db
        .deleteFrom('small_blobs')
        .where('sha256', '=', sha256)
        .where('put_at', '<', unusedSinceMs)
        .executeTakeFirst();
      const inDb =
        Number(deleted.numDeletedRows) > 0 ? 'removed' : (await small(sha256)) ? 'recent' : 'missing';
      // The same content may also be a file (put before it could be small, or larger before a
      // change of the limit): both go, and a recent one keeps the key an orphan for the next run.
      const asFile = await files.remove(sha256, { unusedSinceMs });
      if (inDb === 'recent' || asFile === 'recent') return 'recent';
      return inDb === 'removed' || asFile === 'removed' ? 'removed' : 'missing';
    },

    close: () => files.close(),
  };
}
