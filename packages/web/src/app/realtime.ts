import { REALTIME_PATH, type RealtimeEvent, realtimeRetryDelay } from '@cirrus/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';

/** What a push means to the page: each area that cares handles its own events. */
export type RealtimeHandler = (queryClient: QueryClient, event: RealtimeEvent | null) => void;

/**
 * Whether the page's push socket is open (shared/realtime.ts). Polls ask less often while it is:
 * a push brings what they would have found.
 */
const connection = {
  open: false,
  listeners: new Set<() => void>(),
  set(open: boolean) {
    if (open === connection.open) return;
    connection.open = open;
    for (const notify of connection.listeners) notify();
  },
};

export function useRealtimeOpen(): boolean {
  return useSyncExternalStore(
    (notify) => {
      connection.listeners.add(notify);
      return () => connection.listeners.delete(notify);
    },
    () => connection.open,
  );
}

/** The socket's address: this page's server, ws: or wss: as the page is http: or https:. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${REALTIME_PATH}`;
}

/**
 * Keeps the page's push socket open while the logged-in shell is shown, from `delayMs` after it
 * first shows (the first screen has the server and the browser to itself first, as the unread
 * badge does: bench W8). A closed socket is opened again after 1 s, 2 s, 4 s ... at most 30 s; a
 * page that comes back into view tries at once. Each push goes to `handle`; after every (re)opening
 * `handle` gets null: what was pushed while the socket was closed is missed, so the page asks again.
 */
export function useRealtime(handle: RealtimeHandler, delayMs: number): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let socket: WebSocket | null = null;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const connect = () => {
      timer = undefined;
      if (stopped || typeof WebSocket === 'undefined') return;
      const ws = new WebSocket(realtimeUrl(window.location));
      socket = ws;
      ws.onopen = () => {
        attempt = 0;
        connection.set(true);
        handle(queryClient, null);
      };
      ws.onmessage = (message) => {
        let event: RealtimeEvent;
        try {
          event = JSON.parse(String(message.data)) as RealtimeEvent;
        } catch {
          return;
        }
        handle(queryClient, event);
      };
      ws.onclose = () => {
        if (socket !== ws) return;
        socket = null;
        connection.set(false);
        if (stopped) return;
        attempt += 1;
        timer = setTimeout(connect, realtimeRetryDelay(attempt));
      };
    };
    const comeBack = () => {
      if (document.visibilityState !== 'visible' || socket || stopped) return;
      clearTimeout(timer);
      attempt = 0;
      connect();
    };

    timer = setTimeout(connect, delayMs);
    document.addEventListener('visibilitychange', comeBack);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', comeBack);
      socket?.close();
      socket = null;
      connection.set(false);
    };
  }, [handle, delayMs, queryClient]);
}
