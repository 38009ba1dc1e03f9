import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type FileRecord, nameKey } from '@cirrus/shared';
import type { Db } from '../../db/index.ts';
import type { FileRow, UploadTransactionRow } from '../../db/schema.ts';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import { bodyBytesReceived, receivingBody } from '../../lib/heap.ts';
import { appendDirect, DIRECT_ALIGN, openDirect } from '../../storage/direct-append.ts';
import {
  createDigest,
  digestFile,
  type FileDigest,
  followFile,
  HASH_THREAD_MIN_SIZE,
} from '../../storage/hash.ts';
import { type BlobDigest, type BlobStore, storageWrite } from '../../storage/index.ts';
import type { BlobCollector } from '../blobs/service.ts';
import type { FileService } from '../files/service.ts';
import * as repo from './repo.ts';
import type { BeginBody } from './schema.ts';

/** An upload not committed within a week is given up (ours; the spec does not say). */
const TRANSACTION_SECONDS = 7 * 24 * 3600;
/**
 * A part file this old that no transaction owns was left by a stop between two steps (a small
 * file's part is removed just after its commit; a discarded transaction's row goes before its
 * file). Younger ones may be a transaction being begun by another process.
 */
const STRAY_PART_MS = 3600 * 1000;
/**
 * A temp file of the blob store this old is left from a stop. The store still reads one while it
 * sends it to S3 (every part, every retry), which for a very large file can take hours after its
 * last write: a day is far beyond that.
 */
const STRAY_TEMP_MS = 24 * 3600 * 1000;
/** Transactions and part files the sweep looks at per query. */
const SWEEP_BATCH = 500;

/** The periodic job that runs sweepAbandoned (app.ts). */
export const SWEEP_JOB = 'uploads.sweep';

/** Where the bytes of a transaction go: the tus endpoint (ARCHITECTURE "Uploads"). */
export function uploadUrl(id: string): string {
  return `/xfi/v1/me/uploads/${id}`;
}

class UploadTooLong extends Error {}

const noop = () => {};

/**
 * Passes at most `max` bytes on and fails beyond (tus: no more than Upload-Length), showing each
 * chunk it passes to `seen` on the way.
 */
function capped(max: number, seen: (chunk: Buffer) => void) {
  return async function* (source: AsyncIterable<Buffer>) {
    let passed = 0;
    const ended = receivingBody();
    try {
      for await (const chunk of source) {
        if (passed + chunk.length > max) {
          const fits = chunk.subarray(0, max - passed);
          if (fits.length > 0) {
            seen(fits);
            yield fits;
          }
          throw new UploadTooLong();
        }
        passed += chunk.length;
        bodyBytesReceived(chunk.length);
        seen(chunk);
        yield chunk;
      }
    } finally {
      ended();
    }
  };
}

/**
 * Bytes of a body buffered for the file while a write is under way (Node's default is 16 KiB).
 * With the default, every 64 KiB the socket delivers waits for its own write and pauses the
 * socket meanwhile; with room for a mebibyte the socket goes on being read and what arrived is
 * written together (a 1 GiB body into a file in a bare Node server here: 640 -> 1,000-1,130 MiB/s,
 * and a third less CPU).
 */
const WRITE_BUFFER_BYTES = 1024 * 1024;
/** Bytes written to a part file between two flushes begun while it goes on receiving. */
const FLUSH_BEHIND_BYTES = 32 * 1024 * 1024;
/**
 * The flush under way, if any: one at a time for the process, so that concurrent uploads (W7) do
 * not fill libuv's four threads with fsyncs while their writes wait.
 */
let flushingBehind: Promise<void> | undefined;

/**
 * Appends the body, at most `max` bytes, to `file` (which exists and holds `offset` bytes): with
 * direct writes where the offset and the file system allow them (storage/direct-append.ts), else
 * through the page cache. There the hashing thread reads behind the writer, and what was written
 * is flushed to disk in the background every FLUSH_BEHIND_BYTES: the kernel would otherwise keep a
 * whole large upload in memory and write it all at the commit's fsync (issue 11 W1: about 0.45 s
 * for 1 GiB). These flushes are a head start, not the guarantee; putting the blob still fsyncs it.
 */
async function appendBody(
  file: string,
  offset: number,
  body: Readable,
  max: number,
  follower: FileDigest,
): Promise<void> {
  const direct = offset % DIRECT_ALIGN === 0 ? await openDirect(file) : undefined;
  if (direct) return appendDirect(direct, file, offset, capped(max, noop)(body), follower);
  const handle = await fsp.open(file, 'r');
  let unflushed = 0;
  let mine: Promise<void> | undefined;
  const wrote = (chunk: Buffer) => {
    follower.grew(chunk.length);
    unflushed += chunk.length;
    if (unflushed < FLUSH_BEHIND_BYTES || flushingBehind) return;
    unflushed = 0;
    const flush = handle
      .datasync()
      .catch(() => {})
      .finally(() => {
        if (flushingBehind === flush) flushingBehind = undefined;
      });
    flushingBehind = flush;
    mine = flush;
  };
  try {
    await pipeline(
      body,
      capped(max, wrote),
      fs.createWriteStream(file, { flags: 'a', highWaterMark: WRITE_BUFFER_BYTES }),
    );
  } finally {
    await mine;
    await handle.close();
  }
}

interface Deps {
  db: Db;
  files: FileService;
  blobs: BlobStore;
  /** Partial uploads go to DATA_DIR/uploads, on the blob store's file system. */
  dataDir: string;
  /** Blobs are put and then referred to through the collector, which knows of them meanwhile. */
  orphans: Pick<BlobCollector, 'stored'>;
  now: () => number;
}

/** What a failure while receiving a body answers: too many bytes, or a dropped connection. */
function receiveError(err: unknown, body: Readable): unknown {
  if (err instanceof UploadTooLong) return new DomainError('fileTooLarge');
  if (!(err instanceof DomainError) && (body.readableAborted || body.destroyed))
    return new DomainError('badRequest');
  return err;
}

/** The whole body arrived, and is what the client said it sent. */
function checkReceived(received: BlobDigest, meta: { size: number; sha1?: string }): void {
  if (received.size !== meta.size) throw new DomainError('sizeMismatch');
  if (meta.sha1 && meta.sha1 !== received.sha1) throw new DomainError('sha1Mismatch');
}

/**
 * Upload transactions (spec 001 §7 "Upload"): checked up front, bytes appended by the tus 1.0
 * core protocol to a temp file (streamed, never held in memory), committed by hashing the temp
 * file, putting it into the blob store and then writing the metadata in one transaction. Small files
 * may instead come whole in one request (uploadWhole).
 */
export function createUploadService({ db, files, blobs, dataDir, orphans, now }: Deps) {
  const uploadDir = path.join(dataDir, 'uploads');
  fs.mkdirSync(uploadDir, { recursive: true });

  /**
   * The blob store's temp files (DATA_DIR/tmp/*.part) left by a process that stopped while it
   * received a body or wrote a blob: nothing else ever removes them. One still being written has a
   * fresh time and stays.
   */
  async function sweepTemp(): Promise<number> {
    const tmpDir = path.join(dataDir, 'tmp');
    const names = await fsp.readdir(tmpDir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      if (!name.endsWith('.part')) continue;
      const file = path.join(tmpDir, name);
      const stat = await fsp.stat(file).catch(() => undefined);
      if (!stat?.isFile() || Date.now() - stat.mtimeMs < STRAY_TEMP_MS) continue;
      await fsp.rm(file, { force: true });
      removed++;
    }
    return removed;
  }

  /** Transactions receiving bytes in this process: tus forbids two PATCHes at once. */
  const receiving = new Set<string>();
  /**
   * The body each PATCH under way is reading, and when it has let go of the part file: a DELETE
   * may stop it (cancel).
   */
  const incoming = new Map<string, { body: Readable; stopped: Promise<void> }>();
  /**
   * The part file of each transaction receiving in this process, hashed on the hashing thread as
   * it grows: the commit then only waits for the last bytes (issue 11 W1). A transaction resumed
   * after a restart gets a new one at its next PATCH or commit, which reads the file from its start.
   */
  const digests = new Map<string, FileDigest>();

  function follow(id: string): FileDigest {
    let follower = digests.get(id);
    // One given up (a write that failed, its thread gone) is followed anew from the first byte.
    if (!follower || follower.spent) {
      follower = followFile(partPath(id));
      digests.set(id, follower);
    }
    return follower;
  }

  const partPath = (id: string) => path.join(uploadDir, id);

  async function offsetOf(id: string): Promise<number> {
    try {
      return (await fsp.stat(partPath(id))).size;
    } catch {
      throw new DomainError('notFound');
    }
  }

  async function requireTransaction(actor: Actor, id: string): Promise<UploadTransactionRow> {
    const tx = await repo.findTransaction(db, id, actor.userId);
    if (!tx || tx.expires_at <= now()) throw new DomainError('notFound');
    return tx;
  }

  function forgetDigest(id: string): void {
    digests.get(id)?.dispose();
    digests.delete(id);
  }

  async function discard(id: string): Promise<void> {
    forgetDigest(id);
    await repo.deleteTransaction(db, id);
    await fsp.rm(partPath(id), { force: true });
  }

  /** Given-up transactions of the actor go when they start a new one. */
  async function sweep(actor: Actor): Promise<void> {
    for (const { id } of await repo.findExpired(db, actor.userId, now())) {
      if (!receiving.has(id)) await discard(id);
    }
  }

  return {
    /** POST /xfi/v1/me/volumes/{volume}/files/{parent}/upload-transactions. */
    async begin(actor: Actor, groupId: number, parentId: number, body: BeginBody) {
      const { name } = await files.prepareUpload(actor, groupId, parentId, body.name, body.size);
      await sweep(actor);
      const sha1 = body.sha1 ?? '';
      // The same content announced again (a reload, another tab) resumes where it stopped. Only
      // with a sha1: without one, equal names and sizes do not prove equal bytes.
      if (sha1) {
        const open = await repo.findResumable(db, {
          userId: actor.userId,
          groupId,
          parentId,
          name,
          size: body.size,
          sha1,
          now: now(),
        });
        if (open) {
          const offset = await offsetOf(open.id).catch(() => undefined);
          if (offset !== undefined)
            return { transaction: { id: open.id, upload_url: uploadUrl(open.id), offset } };
        }
      }
      const id = crypto.randomBytes(18).toString('base64url');
      await fsp.writeFile(partPath(id), '', { flag: 'wx' });
      const t = now();
      await repo.insertTransaction(db, {
        id,
        user_id: actor.userId,
        group_id: groupId,
        parent_id: parentId,
        name,
        size: body.size,
        sha1,
        created_at: t,
        expires_at: t + TRANSACTION_SECONDS,
      });
      return { transaction: { id, upload_url: uploadUrl(id), offset: 0 } };
    },

    /**
     * POST .../upload-transactions with the bytes as its body (ARCHITECTURE "Uploads", the
     * one-request form): begins, receives and commits at once, for files small enough that
     * resuming does not matter; nothing is kept unless the whole body arrived and was committed.
     * Small bodies are held in memory and hashed inline, larger ones streamed to a temp file.
     */
    async uploadWhole(
      actor: Actor,
      groupId: number,
      parentId: number,
      meta: { name: string; size: number; sha1?: string },
      body: Readable,
    ): Promise<FileRecord> {
      const { name, target } = await files.prepareUpload(actor, groupId, parentId, meta.name, meta.size);
      let temp: string | undefined;
      let follower: FileDigest | undefined;
      try {
        if (meta.size < HASH_THREAD_MIN_SIZE) {
          // Read straight from the request, without a pipeline: a small upload (W3) is over in a
          // chunk or two, and a pipeline's streams and abort signal cost more than reading them.
          const digest = createDigest();
          const chunks: Buffer[] = [];
          let length = 0;
          for await (const chunk of body as AsyncIterable<Buffer>) {
            length += chunk.length;
            if (length > meta.size) throw new UploadTooLong();
            digest.update(chunk);
            chunks.push(chunk);
          }
          const received = digest.digest();
          checkReceived(received, meta);
          const data = Buffer.concat(chunks, received.size);
          // A small file's bytes commit with the file itself (storage/small-blobs.ts).
          if (data.length <= blobs.smallMax)
            return await files.saveUploadTo(actor, target, name, received, (trx) =>
              blobs.putSmall(trx, data, received),
            );
          return await orphans.stored(
            received.sha256,
            () => storageWrite(() => blobs.putBuffer(data)),
            () => files.saveUploadTo(actor, target, name, received),
          );
        }
        const path = blobs.tempPath();
        temp = path;
        await fsp.writeFile(path, '', { flag: 'wx' });
        const hashing = followFile(path);
        follower = hashing;
        await storageWrite(() => appendBody(path, 0, body, meta.size, hashing));
        const { size } = await fsp.stat(path);
        const received = await hashing.digest(size).catch(() => digestFile(path));
        checkReceived(received, meta);
        return await orphans.stored(
          received.sha256,
          async () => {
            await storageWrite(() => blobs.putFile(path, received.sha256));
            temp = undefined;
          },
          () => files.saveUploadTo(actor, target, name, received),
        );
      } catch (err) {
        throw receiveError(err, body);
      } finally {
        follower?.dispose();
        if (temp) await fsp.rm(temp, { force: true });
      }
    },

    /**
     * The periodic sweep (SWEEP_JOB): transactions anyone gave up, with their part files, and part
     * files no transaction owns. Answers how many it removed.
     */
    async sweepAbandoned(): Promise<number> {
      let removed = 0;
      for (;;) {
        const expired = (await repo.findAllExpired(db, now(), SWEEP_BATCH)).filter(
          ({ id }) => !receiving.has(id),
        );
        for (const { id } of expired) await discard(id);
        removed += expired.length;
        if (expired.length < SWEEP_BATCH) break;
      }
      const names = await fsp.readdir(uploadDir);
      for (let i = 0; i < names.length; i += SWEEP_BATCH) {
        const batch = names.slice(i, i + SWEEP_BATCH);
        const owned = await repo.existingIds(db, batch);
        for (const name of batch) {
          if (owned.has(name)) continue;
          const stat = await fsp.stat(partPath(name)).catch(() => undefined);
          if (!stat || Date.now() - stat.mtimeMs < STRAY_PART_MS) continue;
          await fsp.rm(partPath(name), { force: true });
          removed++;
        }
      }
      return removed + (await sweepTemp());
    },

    /** tus HEAD: how many bytes have arrived, to resume from. */
    async status(actor: Actor, id: string) {
      const tx = await requireTransaction(actor, id);
      return { offset: await offsetOf(id), length: tx.size };
    },

    /**
     * tus PATCH: appends the body at `offset`, which must be the current offset (else conflict).
     * A dropped connection keeps what arrived; the client asks HEAD and goes on from there.
     */
    async append(actor: Actor, id: string, offset: number, body: Readable): Promise<number> {
      const tx = await requireTransaction(actor, id);
      if (receiving.has(id)) throw new DomainError('conflict');
      receiving.add(id);
      let stopped = noop;
      incoming.set(id, { body, stopped: new Promise<void>((resolve) => (stopped = () => resolve())) });
      try {
        const current = await offsetOf(id);
        if (offset !== current) throw new DomainError('conflict');
        const follower = follow(id);
        await storageWrite(() => appendBody(partPath(id), current, body, tx.size - current, follower));
      } catch (err) {
        // The connection dropped: what arrived is kept, and nobody is left to answer.
        throw receiveError(err, body);
      } finally {
        receiving.delete(id);
        incoming.delete(id);
        stopped();
      }
      return offsetOf(id);
    },

    /**
     * Whether someone other than the actor began uploading a new version of `file` since `since`
     * and has not committed or cancelled it (spec 001 §8 20000003: the document is being edited).
     */
    async writingElsewhere(actor: Actor, file: FileRow, since: number): Promise<boolean> {
      const open = await repo.findOthersInFolder(db, {
        groupId: file.group_id,
        parentId: file.parent_id,
        exceptUserId: actor.userId,
        since,
        now: now(),
      });
      return open.some((tx) => nameKey(tx.name) === file.name_key);
    },

    /**
     * tus DELETE (termination): the client cancelled. A PATCH still being received is stopped
     * first: a browser cancels by aborting its request and terminating at once, and the DELETE
     * often arrives before the aborted connection is noticed. Refused (conflict) while committing.
     */
    async cancel(actor: Actor, id: string): Promise<void> {
      await requireTransaction(actor, id);
      const receiver = incoming.get(id);
      if (receiver) {
        receiver.body.destroy();
        await receiver.stopped;
      }
      if (receiving.has(id)) throw new DomainError('conflict');
      await discard(id);
    },

    /**
     * PATCH .../upload-transactions/{id}: commits. A size or sha1 mismatch, or any refusal (the
     * name, permission or quota checked again), keeps nothing (ARCHITECTURE "Uploads").
     */
    async commit(
      actor: Actor,
      groupId: number,
      parentId: number,
      id: string,
      sha1?: string,
    ): Promise<FileRecord> {
      const tx = await requireTransaction(actor, id);
      if (tx.group_id !== groupId || tx.parent_id !== parentId) throw new DomainError('notFound');
      if (receiving.has(id)) throw new DomainError('conflict');
      // notFound, and nothing discarded, when the bytes are not in this process's data dir: another
      // process of the deployment is receiving them (README "Operations").
      const offset = await offsetOf(id);
      // No PATCH while committing: the part may be linked into the blob store.
      receiving.add(id);
      try {
        if (offset !== tx.size) throw new DomainError('sizeMismatch');
        // Hashed as the bytes arrived; the file read here only if the hashing thread failed.
        const follower = follow(id);
        digests.delete(id);
        const digest = await follower.digest(tx.size).catch(() => digestFile(partPath(id)));
        const expected = sha1 ?? tx.sha1;
        if (expected && expected !== digest.sha1) throw new DomainError('sha1Mismatch');
        // Things may have changed while the bytes travelled.
        const { target } = await files.prepareUpload(actor, groupId, parentId, tx.name, tx.size);
        // A small file's bytes commit with the file itself (storage/small-blobs.ts), as in uploadWhole.
        const small = tx.size <= blobs.smallMax ? await fsp.readFile(partPath(id)) : undefined;
        // The transaction ends in the same commit that saves the file: a crash between the two
        // cannot leave a finished transaction to be committed twice.
        const save = () =>
          files.saveUploadTo(actor, target, tx.name, digest, async (trx) => {
            if (small) await blobs.putSmall(trx, small, digest);
            await repo.deleteTransaction(trx, id);
          });
        // A small blob commits with the file, or not at all. A large one is linked into the store
        // and its part kept until the commit: a process killed before it, the client commits again.
        const record = await (small
          ? save()
          : orphans.stored(
              digest.sha256,
              () => storageWrite(() => blobs.putFile(partPath(id), digest.sha256, { keep: true })),
              save,
            ));
        await fsp.rm(partPath(id), { force: true });
        return record;
      } catch (err) {
        if (err instanceof DomainError) await discard(id);
        throw err;
      } finally {
        receiving.delete(id);
      }
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
