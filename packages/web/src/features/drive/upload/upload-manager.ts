/**
 * Runs the uploads of this page: a queue of tasks (upload-queue.ts), three transfers at a time
 * (UPLOAD_THREADS), each one transaction + tus chunks + commit (api/uploads.ts), or for a small
 * file one request with its bytes. It lives outside
 * React, as one instance per page, so uploads go on while the user moves between folders and
 * areas; screens read it through useSyncExternalStore.
 */
import { SINGLE_REQUEST_UPLOAD_MAX, UPLOAD_CHUNK_SIZE, UPLOAD_THREADS } from '@cirrus/shared';
import { driveApi } from '../../../api/drive';
import { ApiError } from '../../../api/http';
import { type UploadTransaction, uploadsApi } from '../../../api/uploads';
import type { FolderRef } from '../location';
import { fingerprintOf, resumeStore } from './resume-store';
import {
  newTask,
  smoothSpeed,
  tasksToStart,
  transition,
  type UploadEvent,
  type UploadTask,
  uploadNameError,
} from './upload-queue';

/** A file to upload and the folders below the target it goes into ("Photos/2026", or ''). */
export interface UploadSource {
  file: File;
  relativeDir: string;
}

/** Network hiccups are retried this many times per chunk, after these pauses, before the task fails. */
const RETRY_DELAYS_MS = [1000, 3000, 8000];
/** Progress reaches the screen at most this often per task. */
const PROGRESS_INTERVAL_MS = 250;

interface Runtime {
  file: File;
  batch: number;
  controller?: AbortController;
  transaction?: UploadTransaction;
  parentId?: number;
  fingerprint?: string;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('aborted', 'AbortError'));
      },
      { once: true },
    );
  });
}

/** A retry may help: no answer, a server fault, or tus's offset conflict (we then ask HEAD again). */
function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500 || error.status === 409);
}

export class UploadManager {
  private tasks: readonly UploadTask[] = [];
  private readonly runtime = new Map<string, Runtime>();
  private readonly listeners = new Set<() => void>();
  private readonly folderListeners = new Set<(folder: FolderRef) => void>();
  /** Folders created for folder uploads, per upload batch: "batch:gid:folderId:path" -> folder id. */
  private readonly folders = new Map<string, Promise<number>>();
  private nextId = 1;
  private nextBatch = 1;

  constructor(private readonly slots = UPLOAD_THREADS) {}

  // --- Reading -----------------------------------------------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): readonly UploadTask[] => this.tasks;

  /** Called when a folder got new content (a committed file, a created folder). */
  onFolderChanged(listener: (folder: FolderRef) => void): () => void {
    this.folderListeners.add(listener);
    return () => this.folderListeners.delete(listener);
  }

  hasActiveUploads(): boolean {
    return this.tasks.some(
      (task) => !task.cancelled && task.status !== 'complete' && task.status !== 'interrupted',
    );
  }

  // --- Commands ------------------------------------------------------------------------------------

  /** Queues files for a folder; `emptyDirs` are folders of a dropped tree that hold no file. */
  add(sources: readonly UploadSource[], target: FolderRef, emptyDirs: readonly string[] = []): void {
    const batch = this.nextBatch++;
    const added: UploadTask[] = sources.map(({ file, relativeDir }) => {
      const id = `u${this.nextId++}`;
      this.runtime.set(id, { file, batch });
      return newTask({
        id,
        name: file.name,
        size: file.size,
        relativeDir,
        gid: target.gid,
        folderId: target.folderId,
      });
    });
    // An empty folder whose name is refused has no task to show it on: it is left out.
    for (const dir of emptyDirs.filter((d) => !uploadNameError('x', d))) {
      this.ensureFolder(batch, target, dir).catch(() => {
        // An empty folder that cannot be created has no task to show it on; its files would fail visibly.
      });
    }
    this.tasks = [...this.tasks, ...added];
    this.emit();
    this.pump();
  }

  pause(id: string): void {
    this.dispatch(id, { type: 'pause' });
    this.runtime.get(id)?.controller?.abort();
    this.pump();
  }

  resume(id: string): void {
    this.dispatch(id, { type: 'resume' });
    this.pump();
  }

  retry(id: string): void {
    this.dispatch(id, { type: 'retry' });
    this.pump();
  }

  cancel(id: string): void {
    const runtime = this.runtime.get(id);
    this.dispatch(id, { type: 'cancel' });
    runtime?.controller?.abort();
    if (runtime?.transaction) {
      uploadsApi.terminate(runtime.transaction.upload_url).catch(() => {
        // the server drops unfinished transactions on its own
      });
      runtime.transaction = undefined;
    }
    if (runtime?.fingerprint) resumeStore.forget(runtime.fingerprint);
    this.pump();
  }

  pauseAll(): void {
    for (const task of this.tasks) this.pause(task.id);
  }

  resumeAll(): void {
    for (const task of this.tasks) {
      this.dispatch(task.id, { type: 'resume' });
      this.dispatch(task.id, { type: 'retry' });
    }
    this.pump();
  }

  cancelAll(): void {
    for (const task of this.tasks) this.cancel(task.id);
  }

  /** Takes finished tasks (complete or cancelled) off the panel. */
  clearFinished(): void {
    for (const task of this.tasks) this.dispatch(task.id, { type: 'hide' });
    this.tasks = this.tasks.filter((task) => {
      if (!task.hidden) return true;
      this.runtime.delete(task.id);
      return false;
    });
    this.emit();
  }

  // --- Running -------------------------------------------------------------------------------------

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  private task(id: string): UploadTask | undefined {
    return this.tasks.find((task) => task.id === id);
  }

  private dispatch(id: string, event: UploadEvent): void {
    let changed = false;
    this.tasks = this.tasks.map((task) => {
      if (task.id !== id) return task;
      const next = transition(task, event);
      changed = next !== task;
      return next;
    });
    if (changed) this.emit();
  }

  private folderChanged(folder: FolderRef): void {
    for (const listener of this.folderListeners) listener(folder);
  }

  private pump(): void {
    for (const task of tasksToStart(this.tasks, this.slots)) {
      this.dispatch(task.id, { type: 'start' });
      void this.run(task.id);
    }
  }

  /** The id of `relativeDir` below the target, creating the folders on the way (folder uploads keep their tree). */
  private ensureFolder(batch: number, target: FolderRef, relativeDir: string): Promise<number> {
    if (!relativeDir) return Promise.resolve(target.folderId);
    const key = `${batch}:${target.gid}:${target.folderId}:${relativeDir}`;
    let folder = this.folders.get(key);
    if (!folder) {
      const slash = relativeDir.lastIndexOf('/');
      const parentDir = slash < 0 ? '' : relativeDir.slice(0, slash);
      const name = relativeDir.slice(slash + 1);
      folder = this.ensureFolder(batch, target, parentDir).then(async (parentId) => {
        const created = await driveApi.createFolder(target.gid, parentId, name, true);
        this.folderChanged({ gid: target.gid, folderId: parentId });
        return created.fileid;
      });
      // A failed creation is not remembered, so a retry tries again.
      folder.catch(() => this.folders.delete(key));
      this.folders.set(key, folder);
    }
    return folder;
  }

  /** Finds where to continue: the transaction of this page, or one saved before a reload. */
  private async resumeOffset(runtime: Runtime, signal: AbortSignal): Promise<number | undefined> {
    if (!runtime.transaction && runtime.fingerprint) {
      const saved = resumeStore.find(runtime.fingerprint);
      if (saved) runtime.transaction = { id: saved.transactionId, upload_url: saved.uploadUrl, offset: 0 };
    }
    if (!runtime.transaction) return undefined;
    try {
      return await uploadsApi.offset(runtime.transaction.upload_url, signal);
    } catch (error) {
      if (isAbort(error) || isTransient(error)) throw error;
      // Gone on the server (expired, committed, dropped): start a new transaction.
      runtime.transaction = undefined;
      if (runtime.fingerprint) resumeStore.forget(runtime.fingerprint);
      return undefined;
    }
  }

  private async run(id: string): Promise<void> {
    const runtime = this.runtime.get(id);
    const task = this.task(id);
    if (!runtime || !task) return;
    const controller = new AbortController();
    runtime.controller = controller;
    const { signal } = controller;
    const { file } = runtime;
    try {
      const parentId = await this.ensureFolder(runtime.batch, task, task.relativeDir);
      runtime.parentId = parentId;
      runtime.fingerprint = fingerprintOf(task.gid, parentId, file);

      if (file.size <= SINGLE_REQUEST_UPLOAD_MAX) {
        await this.sendWhole(id, runtime, parentId, signal);
        return;
      }

      let offset = await this.resumeOffset(runtime, signal);
      if (offset === undefined || !runtime.transaction) {
        const { transaction } = await uploadsApi.open(task.gid, parentId, {
          name: file.name,
          size: file.size,
        });
        runtime.transaction = transaction;
        offset = transaction.offset;
        resumeStore.save(runtime.fingerprint, transaction, file);
      }
      signal.throwIfAborted();
      this.dispatch(id, { type: 'began', offset });

      await this.send(id, runtime, offset, signal);
      const record = await uploadsApi.commit(task.gid, parentId, runtime.transaction.id);
      resumeStore.forget(runtime.fingerprint);
      runtime.transaction = undefined;
      this.dispatch(id, { type: 'complete', fileId: record.fileid, parentId, version: record.fver });
      this.folderChanged({ gid: task.gid, folderId: parentId });
    } catch (error) {
      if (signal.aborted || isAbort(error)) return; // paused or cancelled by the user
      const status = error instanceof ApiError ? error.status : 500;
      const body = error instanceof ApiError ? error.body : null;
      this.dispatch(id, { type: 'fail', status, body });
    } finally {
      if (runtime.controller === controller) runtime.controller = undefined;
      this.pump();
    }
  }

  /** A small file in one request (no transaction to resume); a transient failure sends it again. */
  private async sendWhole(
    id: string,
    runtime: Runtime,
    parentId: number,
    signal: AbortSignal,
  ): Promise<void> {
    const task = this.task(id)!;
    const { file } = runtime;
    this.dispatch(id, { type: 'began', offset: 0 });
    const progress = this.progress(id, 0);
    for (let failures = 0; ; ) {
      try {
        const record = await uploadsApi.whole(task.gid, parentId, file.name, file, {
          signal,
          onProgress: (sent) => progress.report(sent),
        });
        this.dispatch(id, { type: 'complete', fileId: record.fileid, parentId, version: record.fver });
        this.folderChanged({ gid: task.gid, folderId: parentId });
        return;
      } catch (error) {
        // No tus offset to ask for here: a 409 is the name taken by a folder, not a retry.
        const retry = error instanceof ApiError && error.status !== 409 && isTransient(error);
        if (!retry || failures >= RETRY_DELAYS_MS.length) throw error;
        await sleep(RETRY_DELAYS_MS[failures++], signal);
      }
    }
  }

  /**
   * Reports a task's uploaded bytes to the screen with a smoothed speed, at most every
   * PROGRESS_INTERVAL_MS unless `now` (a chunk just finished).
   */
  private progress(id: string, start: number) {
    let speed = 0;
    let lastAt = performance.now();
    let lastBytes = start;
    return {
      report: (uploaded: number, now = false) => {
        const at = performance.now();
        if (!now && at - lastAt < PROGRESS_INTERVAL_MS) return;
        speed = smoothSpeed(speed, uploaded - lastBytes, at - lastAt);
        lastAt = at;
        lastBytes = uploaded;
        this.dispatch(id, { type: 'progress', uploaded, speed });
      },
    };
  }

  /** PATCHes the bytes from `offset` in chunks, asking HEAD again after a transient failure. */
  private async send(id: string, runtime: Runtime, start: number, signal: AbortSignal): Promise<void> {
    const { file } = runtime;
    const uploadUrl = runtime.transaction!.upload_url;
    let offset = start;
    let failures = 0;
    let needOffset = false;
    const progress = this.progress(id, offset);

    while (offset < file.size || needOffset) {
      try {
        if (needOffset) {
          offset = await uploadsApi.offset(uploadUrl, signal);
          needOffset = false;
          if (offset >= file.size) break;
        }
        const chunkStart = offset;
        const chunk = file.slice(chunkStart, Math.min(chunkStart + UPLOAD_CHUNK_SIZE, file.size));
        offset = await uploadsApi.patch(uploadUrl, chunkStart, chunk, {
          signal,
          onProgress: (sent) => progress.report(chunkStart + sent),
        });
        failures = 0;
        progress.report(offset, true);
      } catch (error) {
        if (isAbort(error) || !isTransient(error) || failures >= RETRY_DELAYS_MS.length) throw error;
        await sleep(RETRY_DELAYS_MS[failures++], signal);
        needOffset = true;
      }
    }
  }
}

/** The page's upload manager. */
export const uploads = new UploadManager();
