import { REALTIME_PING_MS, type RealtimeEvent } from '@cirrus/shared';
import type { WebSocket } from 'ws';
import type { Bus } from './bus.ts';

/** Sockets one user may hold open at once (tabs, windows); a new one beyond it closes the oldest. */
export const SOCKETS_PER_USER = 16;

interface Held {
  socket: WebSocket;
  /** The session cookie it was opened with, checked again at every ping. */
  token: string;
  alive: boolean;
}

/** Close codes: the session ended (logout, expiry), or one socket too many for one user. */
export const CLOSE_SESSION_ENDED = 4401;
export const CLOSE_TOO_MANY = 4429;

/**
 * The sockets this process holds, by user, and the bus that brings every push to whichever process
 * holds the user's sockets. A socket is only ever written to: what the app wants it asks by HTTP.
 * Every REALTIME_PING_MS each socket is pinged and its session looked up again; one that did not
 * answer the last ping, or whose session has ended, is closed.
 */
export function createHub({
  bus,
  sessionValid,
  pingMs = REALTIME_PING_MS,
}: {
  bus: Bus;
  sessionValid: (token: string) => Promise<boolean>;
  pingMs?: number;
}) {
  const byUser = new Map<number, Held[]>();

  bus.subscribe(({ to, event }) => {
    const text = JSON.stringify(event);
    for (const userId of to) for (const held of byUser.get(userId) ?? []) held.socket.send(text);
  });

  const drop = (userId: number, held: Held) => {
    const list = byUser.get(userId)?.filter((h) => h !== held) ?? [];
    if (list.length > 0) byUser.set(userId, list);
    else byUser.delete(userId);
  };

  const timer = setInterval(async () => {
    for (const [userId, list] of [...byUser]) {
      for (const held of list) {
        if (!held.alive) {
          held.socket.terminate();
          drop(userId, held);
          continue;
        }
        held.alive = false;
        held.socket.ping();
        if (!(await sessionValid(held.token))) held.socket.close(CLOSE_SESSION_ENDED, 'session ended');
      }
    }
  }, pingMs);
  timer.unref();

  return {
    /** Keeps an opened socket of the user's until it closes. */
    attach(userId: number, token: string, socket: WebSocket) {
      const held: Held = { socket, token, alive: true };
      const list = [...(byUser.get(userId) ?? []), held];
      while (list.length > SOCKETS_PER_USER) list.shift()?.socket.close(CLOSE_TOO_MANY, 'too many sockets');
      byUser.set(userId, list);
      socket.on('pong', () => {
        held.alive = true;
      });
      socket.on('close', () => drop(userId, held));
      socket.on('error', () => socket.terminate());
      // The socket only pushes; anything the app sends on it is ignored.
      socket.on('message', () => {});
    },

    /** Pushes the event to every open socket of these users, in whichever process holds them. */
    push(to: Iterable<number>, event: RealtimeEvent) {
      const users = [...new Set(to)];
      if (users.length > 0) bus.publish({ to: users, event });
    },

    /** How many sockets this process holds (for tests and the health of a deployment). */
    socketCount: () => [...byUser.values()].reduce((n, list) => n + list.length, 0),

    async close() {
      clearInterval(timer);
      for (const list of byUser.values()) for (const held of list) held.socket.close(1001, 'server stopping');
      byUser.clear();
      await bus.close();
    },
  };
}

export type Hub = ReturnType<typeof createHub>;

/** A hub that holds no sockets and pushes nowhere: for services built without one (scripts, the CLI). */
export const silentHub: Pick<Hub, 'push'> = { push() {} };
