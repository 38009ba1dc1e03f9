import { QueryClient } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import { applyChatPush, chatKeys } from './queries';

function clientWithData() {
  const client = new QueryClient();
  client.setQueryData(chatKeys.conversations(), { conversations: [], unread: 0 });
  client.setQueryData(chatKeys.latest(3, 5), { messages: [], more: false });
  client.setQueryData(chatKeys.latest(4, 9), { messages: [], more: false });
  client.setQueryData(chatKeys.online(9), true);
  return client;
}
const stale = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => q.queryKey);

const message = { id: 1, sender: { id: 2, nick_name: 'A', avatar: '' }, body: 'hi', created_at: 1 };

test('a message refreshes its own conversation and the list, nothing else', () => {
  const client = clientWithData();
  applyChatPush(client, { type: 'chat.message', conversation: { type: 3, id: 5 }, message });
  expect(stale(client)).toEqual([chatKeys.conversations(), chatKeys.latest(3, 5)]);
});

test('a read mark refreshes the unread counts only', () => {
  const client = clientWithData();
  applyChatPush(client, { type: 'chat.read', conversation: { type: 4, id: 9 } });
  expect(stale(client)).toEqual([chatKeys.conversations()]);
});

test('after the socket (re)opens, everything of the messages side is asked again', () => {
  const client = clientWithData();
  applyChatPush(client, null);
  expect(stale(client)).toHaveLength(4);
});
