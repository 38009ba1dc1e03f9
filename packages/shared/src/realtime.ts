// What the server pushes to the web app over a WebSocket (ARCHITECTURE "realtime bus", the /ws of
// its picture). The push only says that something changed and, for a message, what it says; the
// app reads everything else through the usual calls, so a missed push costs a delay, never data:
// the app still asks again now and then, less often while the socket is open.

import type { ChatMessage, Conversation } from './chat.ts';

/** The path the web app opens its socket on (same origin, cookie session). */
export const REALTIME_PATH = '/ws';
/** The server pings every socket this often and drops one that did not answer the last ping. */
export const REALTIME_PING_MS = 30_000;
/** The app opens a closed socket again after 1 s, then twice as long each time up to this. */
export const REALTIME_RETRY_MAX_MS = 30_000;

/** Where a conversation is, as the user who gets the push sees it ({type}/{id} of the chat calls). */
export type ConversationRef = Pick<Conversation, 'type' | 'id'>;

export type RealtimeEvent =
  /** A new message in one of the user's conversations (their own too: another tab shows it). */
  | { type: 'chat.message'; conversation: ConversationRef; message: ChatMessage }
  /** The user has read a conversation up to its newest message (in another tab, say). */
  | { type: 'chat.read'; conversation: ConversationRef }
  /**
   * A team the user is in, or was in a moment ago, changed: its people, their roles, its name or
   * settings, or it is gone (the team lists, the space and its rights are asked again).
   */
  | { type: 'team.changed'; group_id: number }
  /** The user has a new notice (a file shared with them): the bell asks again. */
  | { type: 'notices.new' };

/** The delay before the `attempt`-th reconnection (1-based): 1 s, 2 s, 4 s ... at most REALTIME_RETRY_MAX_MS. */
export function realtimeRetryDelay(attempt: number): number {
  return Math.min(REALTIME_RETRY_MAX_MS, 1000 * 2 ** Math.max(0, attempt - 1));
}
