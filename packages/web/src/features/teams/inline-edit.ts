/**
 * Inline name and notice editing (spec 000 §4): Enter commits, Esc cancels, and the value is sent
 * only if it differs. Shift+Enter inserts a new line in a multi-line field, unless Ctrl is also
 * held (then it commits, as Enter does). Keys pressed while an input method composes are its own.
 */
export type InlineKeyAction = 'commit' | 'cancel' | 'newline' | 'none';

export interface KeyLike {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  isComposing?: boolean;
}

export function inlineKeyAction(event: KeyLike, multiline: boolean): InlineKeyAction {
  if (event.isComposing) return 'none';
  if (event.key === 'Escape') return 'cancel';
  if (event.key !== 'Enter') return 'none';
  if (event.shiftKey && !event.ctrlKey) return multiline ? 'newline' : 'none';
  return 'commit';
}

/** Whether an edit is worth sending: names compare trimmed, notices as typed. */
export function isChanged(original: string, next: string, trim: boolean): boolean {
  return trim ? next.trim() !== original.trim() : next !== original;
}

/**
 * Where the user goes after deleting or leaving a team (spec 000 §4): to /drive from that team's
 * drive, to /message from its chat, else nowhere (null).
 */
export function leaveRedirect(pathname: string, gid: number, base = '/pcview'): string | null {
  const rest = pathname.startsWith(base) ? pathname.slice(base.length) : pathname;
  const drive = new RegExp(`^/drive/(?:recycle/)?group/${gid}(?:/|$)`);
  if (drive.test(rest)) return `${base}/drive`;
  // spec 000 §2: /message/group/{type}_{id}, type 1 shown as 3.
  const chat = new RegExp(`^/message/group/\\d+_${gid}(?:/|$)`);
  if (chat.test(rest)) return `${base}/message`;
  return null;
}
