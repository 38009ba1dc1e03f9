/** The messages side (ours, beside spec 000's conversation info): conversations and their messages. */
import type { ChatMessage, ChatPage, ConversationList, OnlineList } from '@cirrus/shared';
import { http, type RequestOptions } from './http';

const messages = (type: number, id: number) => `/api/v3/yun_msg/conversation/${type}/${id}/messages`;

export const chatApi = {
  conversations: (options?: RequestOptions) =>
    http.get<ConversationList>('/api/v3/yun_msg/conversations', options),
  /** A page, oldest first; without `before` the newest, which also marks the conversation read. */
  messages: (type: number, id: number, query: { before?: number; limit?: number } = {}) =>
    http.get<ChatPage>(messages(type, id), { query }),
  send: (type: number, id: number, body: string) => http.post<ChatMessage>(messages(type, id), { body }),
  /** spec 002 §7: POST {im}/im/check-online, body token and userIds (the session is what counts here). */
  checkOnline: (userIds: number[]) => http.post<OnlineList>('/im/check-online', { token: '', userIds }),
};
