import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { folderChanged } from '../drive/queries';
import { desktopTasks } from './queries';

// Loaded once the client has a task to show: not on the first screen.
const DesktopTaskPanel = lazy(() =>
  import('./DesktopTaskPanel').then((m) => ({ default: m.DesktopTaskPanel })),
);

/**
 * The desktop client's uploads of this page, in the app frame so that they stay in view while the
 * user moves around; a file the client has uploaded refreshes the folder it went into.
 */
export function DesktopTasksMount() {
  const snapshot = useSyncExternalStore(desktopTasks.subscribe, desktopTasks.getSnapshot);
  const queryClient = useQueryClient();
  useEffect(
    () => desktopTasks.onFolderChanged((folder) => void folderChanged(queryClient, folder)),
    [queryClient],
  );
  if (snapshot.tasks.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <DesktopTaskPanel snapshot={snapshot} tasks={desktopTasks} />
    </Suspense>
  );
}
