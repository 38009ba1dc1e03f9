import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileRecord } from '@cirrus/shared';
import type { Db } from '../../db/index.ts';
import type { FileRow, UploadTransactionRow } from '../../db/schema.ts';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import { createDigest, digestFile, HASH_THREAD_MIN_SIZE, type RunningDigest } from '../../storage/hash.ts';
import { type BlobDigest, type BlobStore, storageWrite } from '../../storage/index.ts';
import { nameKey } from '../files/rules.ts';
import type { FileService } from '../files/service.ts';
import * as repo from './repo.ts';
import type { BeginBody } from './schema.ts';

/** An upload not committed within a week is given up (ours; the spec does not say). */
const TRANSACTION_SECONDS = 7 * 24 * 3600;

/** Where the bytes of a transaction go: the tus endpoint (ARCHITECTURE "Uploads"). */
export function uploadUrl(id: string): string {
  return `/xfi/v1/me/uploads/${id}`;
}

class UploadTooLong extends Error {}

/**
 * Passes at most `max` bytes on and fails beyond (tus: no more than Upload-Length), feeding what
 * it passes to `digest` on the way.
 */
function capped(max: number, digest?: RunningDigest) {
  return async function* (source: AsyncIterable<Buffer>) {
    let seen = 0;
    for await (const chunk of source) {
      if (seen + chunk.length > max) {
        const fits = chunk.subarray(0, max - seen);
        if (fits.length > 0) {
          await digest?.update(fits);
          yield fits;
        }
        throw new UploadTooLong();
      }
      seen += chunk.length;
      // Waits while the hashing thread is behind, so an upload never queues up in memory.
      await digest?.update(chunk);
      yield chunk;
    }
  };
}

interface Deps {
  db: Db;
  files: FileService;
  blobs: BlobStore;
  /** Partial uploads go to DATA_DIR/uploads, on the blob store's file system. */
  dataDir: string;
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
export function createUploadService({ db, files, blobs, dataDir, now }: Deps) {
  const uploadDir = path.join(dataDir, 'uploads');
  fs.mkdirSync(uploadDir, { recursive: true });
  /** Transactions receiving bytes in this process: tus forbids two PATCHes at once. */
  const receiving = new Set<string>();
  /**
   * The digest of the bytes received so far, per transaction, while it matches the part file: the
   * commit then needs no second read of the whole file (issue 11 W1). A transaction resumed after
   * a restart has none and is hashed from disk at its commit.
   */
  const digests = new Map<string, RunningDigest>();

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
      const digest = createDigest(meta.size);
      let temp: string | undefined;
      try {
        if (meta.size < HASH_THREAD_MIN_SIZE) {
          const chunks: Buffer[] = [];
          await pipeline(body, capped(meta.size, digest), async (source: AsyncIterable<Buffer>) => {
            for await (const chunk of source) chunks.push(chunk);
          });
          const received = await digest.digest();
          checkReceived(received, meta);
          await storageWrite(() => blobs.putBuffer(Buffer.concat(chunks, received.size)));
          return await files.saveUploadTo(actor, target, name, received);
        }
        const path = blobs.tempPath();
        temp = path;
        await storageWrite(() =>
          pipeline(body, capped(meta.size, digest), fs.createWriteStream(path, { flags: 'wx' })),
        );
        const received = await digest.digest().catch(() => digestFile(path));
        checkReceived(received, meta);
        await storageWrite(() => blobs.putFile(path, received.sha256));
        temp = undefined;
        return await files.saveUploadTo(actor, target, name, received);
      } catch (err) {
        throw receiveError(err, body);
      } finally {
        digest.dispose();
        if (temp) await fsp.rm(temp, { force: true });
      }
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
      try {
        const current = await offsetOf(id);
        if (offset !== current) throw new DomainError('conflict');
        if (current === 0) {
          forgetDigest(id);
          digests.set(id, createDigest(tx.size));
        }
        const digest = digests.get(id);
        await storageWrite(() =>
          pipeline(
            body,
            capped(tx.size - current, digest),
            fs.createWriteStream(partPath(id), { flags: 'a' }),
          ),
        ).finally(async () => {
          // Bytes hashed but not written (a dropped connection): the digest no longer fits.
          if (digest && digest.size !== (await offsetOf(id).catch(() => -1))) forgetDigest(id);
        });
      } catch (err) {
        // The connection dropped: what arrived is kept, and nobody is left to answer.
        throw receiveError(err, body);
      } finally {
        receiving.delete(id);
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

    /** tus DELETE (termination): the client cancelled. */
    async cancel(actor: Actor, id: string): Promise<void> {
      await requireTransaction(actor, id);
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
      try {
        if ((await offsetOf(id)) !== tx.size) throw new DomainError('sizeMismatch');
        // The digest made as the bytes arrived, else (a resumed upload, a failed hashing thread)
        // the file's.
        const running = digests.get(id);
        const complete = running?.size === tx.size;
        if (!complete) forgetDigest(id);
        digests.delete(id);
        const digest =
          running && complete
            ? await running.digest().catch(() => digestFile(partPath(id)))
            : await digestFile(partPath(id));
        const expected = sha1 ?? tx.sha1;
        if (expected && expected !== digest.sha1) throw new DomainError('sha1Mismatch');
        // Things may have changed while the bytes travelled.
        const { target } = await files.prepareUpload(actor, groupId, parentId, tx.name, tx.size);
        await storageWrite(() => blobs.putFile(partPath(id), digest.sha256));
        // The transaction ends in the same commit that saves the file: a crash between the two
        // cannot leave a finished transaction to be committed twice.
        return await files.saveUploadTo(actor, target, tx.name, digest, (trx) =>
          repo.deleteTransaction(trx, id),
        );
      } catch (err) {
        if (err instanceof DomainError) await discard(id);
        throw err;
      }
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
