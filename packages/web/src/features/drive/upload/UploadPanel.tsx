import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import type { FolderRef } from '../location';
import { folderChanged } from '../queries';
import { type UploadManager, uploads } from './upload-manager';
import type { UploadTask } from './upload-queue';

/** Lists are refreshed this long after a change, at most once per this interval while files keep arriving. */
const REFRESH_DELAY_MS = 500;

export function useUploadTasks(manager: UploadManager = uploads): readonly UploadTask[] {
  return useSyncExternalStore(manager.subscribe, manager.getSnapshot);
}

/** Refreshes the folders that uploads changed, batched, so a thousand files are not a thousand reloads. */
function useRefreshChangedFolders(manager: UploadManager) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const pending = new Map<string, FolderRef>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const folders = [...pending.values()];
      pending.clear();
      void folderChanged(queryClient, ...folders);
    };
    const off = manager.onFolderChanged((folder) => {
      pending.set(`${folder.gid}:${folder.folderId}`, folder);
      timer ??= setTimeout(flush, REFRESH_DELAY_MS);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [manager, queryClient]);
}

/** Leaving the page stops the uploads; the browser asks first while any is running. */
function useLeaveWarning(manager: UploadManager) {
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (manager.hasActiveUploads()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [manager]);
}

// Loaded once there is something to show: with its progress bars and list it is not on the first
// screen (bench W8).
const UploadTaskPanel = lazy(() => import('./UploadTaskPanel').then((m) => ({ default: m.UploadTaskPanel })));

/**
 * The uploads of this page: refreshes the folders they change and warns before leaving while any
 * runs; the panel itself shows while there are uploads to show.
 */
export function UploadPanel({ manager = uploads }: { manager?: UploadManager }) {
  const all = useUploadTasks(manager);
  const tasks = all.filter((task) => !task.hidden);
  const [collapsed, setCollapsed] = useState(false);
  useRefreshChangedFolders(manager);
  useLeaveWarning(manager);

  if (tasks.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <UploadTaskPanel tasks={tasks} manager={manager} collapsed={collapsed} onCollapse={setCollapsed} />
    </Suspense>
  );
}
