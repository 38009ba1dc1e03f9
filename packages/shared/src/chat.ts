// The messages side: a conversation for every team and multi-person chat, and private ones between
// two people. The specs name its pages (spec 000 §2: /message, /message/group/{type}_{id},
// /message/private/{userid}) and the chat dialog's "send message", but no call for messages; the
// calls below are ours, beside the spec's GET /api/v3/yun_msg/conversation/{type}/{id}/info.

import type { PersonBrief } from './team-types.ts';

/** The longest message, in characters. */
export const CHAT_MESSAGE_MAX = 2000;
/** Messages a page of a conversation holds. */
export const CHAT_PAGE_SIZE = 50;
/**
 * The conversation types of the calls, as contact items count them (spec 000 §3): a team's
 * (1 multi-person chat, 2 company team, 3 general team) names the team; 4 names a person.
 */
export const CHAT_TYPE_PRIVATE = 4;
/** The type a team's conversation shows in its page's path (spec 000 §2: type 1 is shown as 3). */
export const CHAT_TYPE_GROUP = 3;

/** Someone whose session was used within this many seconds is online. */
export const CHAT_ONLINE_SECONDS = 180;

export type ChatMessageError = 'chatMessageEmpty' | 'chatMessageTooLong';

/** A message must say something, and at most CHAT_MESSAGE_MAX characters. */
export function validateChatMessage(text: string): ChatMessageError | null {
  if (text.trim() === '') return 'chatMessageEmpty';
  if ([...text].length > CHAT_MESSAGE_MAX) return 'chatMessageTooLong';
  return null;
}

/**
 * The chat id of a team's page, /message/group/{type}_{id}: the team's contacts type, a
 * multi-person chat's 1 shown as 3 (spec 000 §2), so 2 for a company team and 3 otherwise.
 */
export function groupChatId(groupId: number, teamType: number = CHAT_TYPE_GROUP): string {
  return `${teamType === 2 ? 2 : CHAT_TYPE_GROUP}_${groupId}`;
}

/** The team id of a chat id ({type}_{id}), or null when it is not one. */
export function parseGroupChatId(chatId: string): number | null {
  const match = /^[1-3]_([1-9]\d{0,14})$/.exec(chatId);
  return match ? Number(match[1]) : null;
}

/**
 * A file a message tells of: a team's file-message push (spec 000 §3 "Push setting: im_push", the
 * team settings' file-message push switch) posts one when a member adds a file to the team's space.
 * As the file was when added: a later rename or delete does not change it.
 */
export interface ChatFile {
  fileid: number;
  name: string;
  size: number;
  /** The team space the file was added to. */
  groupid: number;
  /** Its folder, 0 at the space root. */
  parentid: number;
  /** How many more files came with it in one batch (CHAT_FILE_BATCH_SECONDS); 0 for one file. */
  more: number;
}

/**
 * How far apart a person's files may come to be told of in one message: a file added to a team
 * within this many seconds of the previous file the same person added there joins that file's
 * message, so long as that message is still the conversation's latest (nobody has written since).
 * A folder of 200 files is then one message ("a.txt and 199 more"), not 200; a file added after a
 * pause, or after someone spoke, starts a message of its own.
 */
export const CHAT_FILE_BATCH_SECONDS = 60;

/** Whether a file `senderId` adds at `at` joins the conversation's latest message (CHAT_FILE_BATCH_SECONDS). */
export function joinsFileBatch(
  latest: { senderId: number; fileAddedAt: number | null } | undefined,
  senderId: number,
  at: number,
): boolean {
  return (
    latest !== undefined &&
    latest.senderId === senderId &&
    latest.fileAddedAt !== null &&
    at - latest.fileAddedAt <= CHAT_FILE_BATCH_SECONDS
  );
}

export interface ChatMessage {
  id: number;
  sender: Pick<PersonBrief, 'id' | 'nick_name' | 'avatar'>;
  /** '' for a file message. */
  body: string;
  created_at: number;
  /** The file a file message tells of (im_push). */
  file?: ChatFile;
}

/** GET .../conversation/{type}/{id}/messages: oldest first; `more` when older ones are left. */
export interface ChatPage {
  messages: ChatMessage[];
  more: boolean;
}

export interface Conversation {
  /** CHAT_TYPE_GROUP for a team or chat, CHAT_TYPE_PRIVATE for a person. */
  type: typeof CHAT_TYPE_GROUP | typeof CHAT_TYPE_PRIVATE;
  /** The team's id, or the other person's. */
  id: number;
  /** A team's type (1 multi-person chat, 2 company team, 3 general team); absent for a person. */
  group_type?: 1 | 2 | 3;
  name: string;
  avatar: string;
  last: ChatMessage | null;
  /** Messages of others after the last one the user has seen. */
  unread: number;
}

/** GET /api/v3/yun_msg/conversations: the latest conversation first, then teams without messages. */
export interface ConversationList {
  conversations: Conversation[];
  unread: number;
}

/** POST /im/check-online: the people asked about that the user may see. */
export interface OnlineList {
  users: { userid: number; online: boolean }[];
}
