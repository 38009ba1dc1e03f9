/**
 * Whether the desktop client's actions show (written down here, once):
 * - inside the desktop client (its user agent, settings/desktop-client.ts), always: there is a
 *   client, and a call that finds its service gone says so and offers to start it;
 * - in a plain browser, when the probe at start found a local service. With no client running
 *   the probe finds none and the browser shows no action it could not do.
 * Once shown, they stay for the page's life: a client that quits meanwhile is met by
 * connectClientFailed and the link that starts it again, not by menus that change under the user.
 * Uploads through the client also need the company's ALLOW_CLIENT_UPLOAD (spec 001 §6).
 */
import { useQuery } from '@tanstack/react-query';
import { desktopClient } from '../settings/desktop-client';
import { useSettings } from '../settings/queries';
import { desktopBridge } from './bridge';
import { createDesktopTasks } from './desktop-tasks';

export const desktopKeys = {
  service: ['desktop', 'service'] as const,
};

/** The page's desktop-client uploads (the task panel shows them). */
export const desktopTasks = createDesktopTasks(desktopBridge);

/** The probe at start: once a page, never again on focus or remount. */
function useDesktopService() {
  return useQuery({
    queryKey: desktopKeys.service,
    queryFn: () => desktopBridge.probe(),
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
  const service = useDesktopService();
  const settings = useSettings();
  const present = desktopClient !== null || Boolean(service.data);
  return { edit: present, upload: present && settings.ALLOW_CLIENT_UPLOAD };
}
