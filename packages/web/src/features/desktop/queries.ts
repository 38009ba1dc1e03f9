/**
 * Whether the desktop client's actions show (written down here, once): inside the desktop client
 * (its user agent, settings/desktop-client.ts), and only there. A call that finds its service gone
 * says so and offers to start it (connectClientFailed).
 * A plain browser does not look for the service: a page that calls 127.0.0.1 on its own makes
 * Chromium ask the user whether the site may reach devices on their network (Local Network
 * Access), on every visit to the drive, for a client most browsers do not have.
 * Uploads through the client also need the company's ALLOW_CLIENT_UPLOAD (spec 001 §6).
 */
import { type DesktopSettings, type DesktopSettingsChange, isTaskActive } from '@cirrus/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { desktopClient } from '../settings/desktop-client';
import { useSettings } from '../settings/queries';
import { desktopBridge } from './bridge';
import { createDesktopTasks } from './desktop-tasks';

export const desktopKeys = {
  service: ['desktop', 'service'] as const,
  /** The client's window (the window bar's maximise or restore). */
  window: ['desktop', 'window'] as const,
  settings: ['desktop', 'settings'] as const,
  transfers: ['desktop', 'transfers'] as const,
};

/** The page's desktop-client uploads and downloads (the task panel shows them). */
export const desktopTasks = createDesktopTasks(desktopBridge);

/** The probe at start inside the client, so that its first action finds the service at once. */
function useDesktopService() {
  return useQuery({
    queryKey: desktopKeys.service,
    queryFn: () => desktopBridge.probe(),
    enabled: desktopClient !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export interface DesktopAvailability {
  /** "Open in desktop app" shows. */
  edit: boolean;
  /** "Upload with desktop client" shows. */
  upload: boolean;
}

export function useDesktopAvailability(): DesktopAvailability {
  useDesktopService();
  const settings = useSettings();
  const present = desktopClient !== null;
  return { edit: present, upload: present && settings.ALLOW_CLIENT_UPLOAD };
}

/** The client's own settings (GET /v1/settings), read as the settings dialog opens. */
export function useDesktopSettings(enabled: boolean) {
  return useQuery({
    queryKey: desktopKeys.settings,
    queryFn: () => desktopBridge.settings(),
    enabled: enabled && desktopClient !== null,
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** PUT /v1/settings: the client answers all of its settings, which replace the ones read. */
export function useChangeDesktopSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: DesktopSettingsChange) => desktopBridge.changeSettings(change),
    onSuccess: (settings: DesktopSettings) => queryClient.setQueryData(desktopKeys.settings, settings),
  });
}

/**
 * spec 002 §4: whether uploads or downloads run in the client, asked as the logout dialog opens:
 * all of the client's tasks (POST /v1/tasks/status without ids), and this page's own while the
 * client does not answer.
 */
export function useDesktopTransfersRunning(enabled: boolean): boolean {
  const pageTasks = useSyncExternalStore(desktopTasks.subscribe, desktopTasks.getSnapshot).tasks;
  const clientTasks = useQuery({
    queryKey: desktopKeys.transfers,
    queryFn: async () => (await desktopBridge.tasksStatus({})).tasks.some(isTaskActive),
    enabled: enabled && desktopClient !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  return clientTasks.data ?? pageTasks.some(isTaskActive);
}
