/**
 * The upload task and its states (spec 001 §3 "Tasks"): in_queue, prepare, in_progress,
 * interrupted, complete, with cancelled and hidden flags. Pure: the manager feeds it events and
 * keeps what it answers. An event that does not fit the state is ignored (the same task comes
 * back), which makes races harmless: a progress report that arrives after a pause changes nothing.
 *
 *   in_queue --start--> prepare --began--> in_progress --complete--> complete
 *      ^                   |                   |
 *      |                 pause / fail        pause / fail
 *      |                   v                   v
 *      +---resume/retry--- interrupted <-------+
 *   cancel: any state but complete sets `cancelled` (the task is done for good);
 *   hide: a finished task (complete or cancelled) leaves the panel.
 */

import { type FileNameError, validateFileName } from '@cirrus/shared';

export type UploadStatus = 'in_queue' | 'prepare' | 'in_progress' | 'interrupted' | 'complete';

/**
 * Why a task stopped: the user paused it, or a call failed (its status and error body). `final`:
 * it can never succeed as it is (a name the rules refuse), so it is not tried again.
 */
export type Interruption =
  | { kind: 'paused' }
  | { kind: 'failed'; status: number; body: unknown; final?: boolean };

export interface UploadTask {
  id: string;
  name: string;
  size: number;
  /** Folders below the upload target, "Photos/2026" for a folder upload; '' for a file. */
  relativeDir: string;
  /** The folder the user uploaded into (space id, folder id). */
  gid: number;
  folderId: number;
  status: UploadStatus;
  cancelled: boolean;
  hidden: boolean;
  /** Bytes the server has (or is receiving in the current chunk). */
  uploaded: number;
  /** Bytes per second, smoothed; 0 when not sending. */
  speed: number;
  interruption?: Interruption;
  /** The saved file's id, once complete. */
  fileId?: number;
  /** The folder it was saved in, once complete: folderId, or one below it for a folder upload. */
  parentId?: number;
  /** The file's version once uploaded: above 1, the upload was a new version of a file of that name. */
  version?: number;
}

export type UploadEvent =
  | { type: 'start' }
  | { type: 'began'; offset: number }
  | { type: 'progress'; uploaded: number; speed: number }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'fail'; status: number; body: unknown }
  | { type: 'retry' }
  | { type: 'complete'; fileId: number; parentId?: number; version?: number }
  | { type: 'cancel' }
  | { type: 'hide' };

export function newTask(
  fields: Pick<UploadTask, 'id' | 'name' | 'size' | 'relativeDir' | 'gid' | 'folderId'>,
): UploadTask {
  const task: UploadTask = {
    ...fields,
    status: 'in_queue',
    cancelled: false,
    hidden: false,
    uploaded: 0,
    speed: 0,
  };
  const refused = uploadNameError(fields.name, fields.relativeDir);
  // A name the server would refuse fails at once, with the server's words, and is never sent.
  return refused
    ? {
        ...task,
        status: 'interrupted',
        interruption: { kind: 'failed', status: 400, body: { result: refused }, final: true },
      }
    : task;
}

/**
 * Why a file of an upload cannot be saved under its name (spec 001 §5, the rules of the server's
 * upload and folder calls): its own name, or the first folder of its path that is refused
 * (".git/config" cannot be uploaded when ".git" cannot be created).
 */
export function uploadNameError(name: string, relativeDir: string): FileNameError | undefined {
  for (const folder of relativeDir ? relativeDir.split('/') : []) {
    const error = validateFileName(folder, { kind: 'folder' });
    if (error) return error;
  }
  return validateFileName(name, { kind: 'file' });
}

/** A failed task that trying again cannot help. */
export function isFinalFailure(task: UploadTask): boolean {
  return isFailed(task) && task.interruption?.kind === 'failed' && task.interruption.final === true;
}

/** Whether the task still holds a transfer slot (counts against the 3 parallel uploads). */
export function isActive(task: UploadTask): boolean {
  return !task.cancelled && (task.status === 'prepare' || task.status === 'in_progress');
}

export function isFinished(task: UploadTask): boolean {
  return task.cancelled || task.status === 'complete';
}

export function isPaused(task: UploadTask): boolean {
  return task.status === 'interrupted' && task.interruption?.kind === 'paused';
}

export function isFailed(task: UploadTask): boolean {
  return !task.cancelled && task.status === 'interrupted' && task.interruption?.kind === 'failed';
}

export function transition(task: UploadTask, event: UploadEvent): UploadTask {
  if (event.type === 'hide') return isFinished(task) ? { ...task, hidden: true } : task;
  if (task.cancelled) return task;
  const { status } = task;
  switch (event.type) {
    case 'start':
      return status === 'in_queue' ? { ...task, status: 'prepare', interruption: undefined } : task;
    case 'began':
      return status === 'prepare'
        ? { ...task, status: 'in_progress', uploaded: event.offset, speed: 0 }
        : task;
    case 'progress':
      return status === 'in_progress'
        ? { ...task, uploaded: Math.min(event.uploaded, task.size), speed: event.speed }
        : task;
    case 'pause':
      return status === 'in_queue' || status === 'prepare' || status === 'in_progress'
        ? { ...task, status: 'interrupted', speed: 0, interruption: { kind: 'paused' } }
        : task;
    case 'resume':
      return isPaused(task) ? { ...task, status: 'in_queue', interruption: undefined } : task;
    case 'fail':
      return status === 'prepare' || status === 'in_progress'
        ? {
            ...task,
            status: 'interrupted',
            speed: 0,
            // Refused for what the file is (too large, its name): trying again cannot help, so it
            // is not offered; a full space, a right given or a server error may pass later.
            interruption: {
              kind: 'failed',
              status: event.status,
              body: event.body,
              final: event.status === 400 || event.status === 413,
            },
          }
        : task;
    case 'retry':
      return isFailed(task) && !isFinalFailure(task)
        ? { ...task, status: 'in_queue', interruption: undefined }
        : task;
    case 'complete':
      return status === 'in_progress'
        ? {
            ...task,
            status: 'complete',
            uploaded: task.size,
            speed: 0,
            fileId: event.fileId,
            parentId: event.parentId,
            version: event.version,
          }
        : task;
    case 'cancel':
      return status === 'complete' ? task : { ...task, cancelled: true, speed: 0 };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** The tasks to start now: queued ones in order, as many as free slots allow. */
export function tasksToStart(tasks: readonly UploadTask[], slots: number): UploadTask[] {
  const free = slots - tasks.filter(isActive).length;
  if (free <= 0) return [];
  return tasks.filter((task) => !task.cancelled && task.status === 'in_queue').slice(0, free);
}

export interface QueueSummary {
  total: number;
  done: number;
  /** Tasks the user cancelled (not in the other counts). */
  cancelled: number;
  active: number;
  failed: number;
}

export function summarize(tasks: readonly UploadTask[]): QueueSummary {
  const live = tasks.filter((task) => !task.cancelled);
  return {
    total: live.length,
    done: live.filter((task) => task.status === 'complete').length,
    cancelled: tasks.length - live.length,
    active: live.filter(isActive).length,
    failed: live.filter(isFailed).length,
  };
}

/**
 * The panel's overall progress, 0 to 100: bytes sent over bytes to send, over the uploads that
 * succeeded or may still run (a failed or cancelled one has nothing more to send); complete once
 * none is left to run, whatever the sizes: empty files send no bytes, so while only they run
 * the count of those done tells it.
 */
export function overallPercent(tasks: readonly UploadTask[]): number {
  const counted = tasks.filter((task) => !task.cancelled && !isFailed(task));
  const done = counted.filter((task) => task.status === 'complete').length;
  if (done === counted.length) return 100;
  const size = counted.reduce((sum, task) => sum + task.size, 0);
  const uploaded = counted.reduce((sum, task) => sum + task.uploaded, 0);
  return Math.floor(size > 0 ? (uploaded / size) * 100 : (done / counted.length) * 100);
}

/**
 * Speed smoothing: an exponential moving average over progress reports, so the number does not
 * jump with every chunk (spec 001 §9 throttles download progress to 500 ms; uploads alike).
 */
export function smoothSpeed(previous: number, bytes: number, ms: number, weight = 0.3): number {
  if (ms <= 0) return previous;
  const current = (bytes * 1000) / ms;
  return previous === 0 ? current : previous * (1 - weight) + current * weight;
}
