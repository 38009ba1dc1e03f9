/**
 * The desktop client's uploads and downloads that this page started (spec 002 §3 "Desktop
 * task"): kept here while the panel shows them, and read from the client (POST /v1/tasks/status) every
 * DESKTOP_TASK_POLL_MS while any is still active. Not a server cache: the tasks live in the
 * local client, so this is a small store of its own, as the browser's uploads are (upload-manager).
 */
import {
  DESKTOP_TASK_POLL_MS,
  type DesktopTask,
  type DesktopTaskKind,
  type DesktopTasksWorkRequest,
  isTaskActive,
  isTaskCancelable,
  taskKindOf,
  taskPhaseOf,
} from '@cirrus/shared';
import type { FolderRef } from '../drive/location';
import { BridgeError, type DesktopBridge } from './bridge';

export interface DesktopTasksSnapshot {
  tasks: readonly DesktopTask[];
  /** Set when the client stopped answering while tasks ran: its message key. */
  lost: BridgeError | null;
}

/** What a list of tasks is, for the panel's title: all uploads, all downloads, or both. */
export function tasksKindOf(tasks: readonly Pick<DesktopTask, 'kind'>[]): DesktopTaskKind | 'mixed' {
  const kinds = new Set(tasks.map(taskKindOf));
  return kinds.size > 1 ? 'mixed' : kinds.has('download') ? 'download' : 'upload';
}

const isComplete = (task: DesktopTask) => taskPhaseOf(task) === 'complete';

const EMPTY: DesktopTasksSnapshot = { tasks: [], lost: null };

export function createDesktopTasks(
  bridge: Pick<DesktopBridge, 'tasksStatus' | 'tasksWork' | 'cancelUpload'>,
  { pollMs = DESKTOP_TASK_POLL_MS }: { pollMs?: number } = {},
) {
  let snapshot = EMPTY;
  const folders = new Map<string, FolderRef>();
  const listeners = new Set<() => void>();
  const folderListeners = new Set<(folder: FolderRef) => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const emit = (next: DesktopTasksSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };

  /**
   * Takes the client's word for these tasks; a task that is newly complete changes its folder; a
   * task the client hid (spec 001 §3 `hidden`: cleared from its own list) leaves the page's too.
   */
  const merge = (answered: readonly DesktopTask[]) => {
    const byId = new Map(snapshot.tasks.map((task) => [task.id, task]));
    for (const task of answered) {
      const before = byId.get(task.id);
      if (before && isComplete(task) && !isComplete(before)) {
        const folder = folders.get(task.id);
        if (folder) for (const listener of folderListeners) listener(folder);
      }
      if (task.hidden) byId.delete(task.id);
      else byId.set(task.id, task);
    }
    emit({ tasks: [...byId.values()], lost: null });
    schedule();
  };

  const activeIds = () => snapshot.tasks.filter(isTaskActive).map((task) => task.id);

  const poll = async () => {
    timer = undefined;
    const ids = activeIds();
    if (ids.length === 0) return;
    try {
      merge((await bridge.tasksStatus({ ids })).tasks);
    } catch (error) {
      // The client went away (or refused): the list stays as it was last seen, and says so.
      emit({
        ...snapshot,
        lost: error instanceof BridgeError ? error : new BridgeError('connectClientFailed'),
      });
    }
  };

  function schedule() {
    if (timer === undefined && activeIds().length > 0) timer = setTimeout(() => void poll(), pollMs);
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => snapshot,
    /** Called when an upload's task is done: the folder it went into has changed. */
    onFolderChanged(listener: (folder: FolderRef) => void) {
      folderListeners.add(listener);
      return () => {
        folderListeners.delete(listener);
      };
    },
    /** New tasks as the client answered them: an upload's into `folder`, a download's (null) from anywhere. */
    add(folder: FolderRef | null, tasks: readonly DesktopTask[]) {
      if (folder) for (const task of tasks) folders.set(task.id, folder);
      const known = new Set(tasks.map((task) => task.id));
      emit({ tasks: [...snapshot.tasks.filter((task) => !known.has(task.id)), ...tasks], lost: null });
      schedule();
    },
    /** POST /v1/files/upload/cancel for one upload (or all active ones; downloads have no such call). */
    async cancel(id?: string) {
      const ids = id === undefined ? snapshot.tasks.filter(isTaskCancelable).map((task) => task.id) : [id];
      if (ids.length > 0) merge((await bridge.cancelUpload({ ids })).tasks);
    },
    /** POST /v1/tasks/work: pause a task under way, resume a paused one, try a failed or cancelled one again. */
    async work(id: string, work: DesktopTasksWorkRequest['work']) {
      merge((await bridge.tasksWork({ ids: [id], work })).tasks);
    },
    /** Forgets the finished tasks (the panel's close); the active ones stay. */
    clearFinished() {
      const tasks = snapshot.tasks.filter(isTaskActive);
      for (const id of folders.keys()) if (!tasks.some((task) => task.id === id)) folders.delete(id);
      emit({ tasks, lost: tasks.length > 0 ? snapshot.lost : null });
    },
    /** Reads the client's tasks again after it stopped answering. */
    resume() {
      emit({ ...snapshot, lost: null });
      schedule();
    },
    /** Stops polling (tests). */
    stop() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}

export type DesktopTasks = ReturnType<typeof createDesktopTasks>;
