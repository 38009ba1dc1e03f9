import type { ChatMessage, ChatPage } from '@cirrus/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { chatApi } from '../../api/chat';
import { type RealtimeHandler, useRealtimeOpen } from '../../app/realtime';

export const chatKeys = {
  all: ['chat'] as const,
  conversations: () => [...chatKeys.all, 'conversations'] as const,
  messages: (type: number, id: number) => [...chatKeys.all, 'messages', type, id] as const,
  latest: (type: number, id: number) => [...chatKeys.messages(type, id), 'latest'] as const,
  online: (userId: number) => [...chatKeys.all, 'online', userId] as const,
};

/**
 * How often an open conversation looks for new messages, the list of conversations is asked again
 * while the messages page is open, and the navigation's badge looks for unread messages: without
 * the push socket (app/realtime.ts), and, as a fallback for a lost push, while it is open.
 */
export const OPEN_POLL_MS = { closed: 4_000, open: 60_000 };
export const LIST_POLL_MS = { closed: 15_000, open: 120_000 };
export const BADGE_POLL_MS = { closed: 60_000, open: 300_000 };
type PollMs = typeof OPEN_POLL_MS;

/**
 * What waits until the first screen has had its turn (the unread badge, the push socket): asked at
 * once, the badge's answer competed with the folder's first page (bench W8: about 10 % slower).
 */
export const AFTER_FIRST_SCREEN_MS = 1500;

/**
 * Pushes of the messages side: a new message refreshes its conversation, if shown, and the list
 * with its unread counts; a read mark (another tab) the counts. After the socket (re)opens, all of
 * it is asked again, for what came while it was closed.
 */
export const applyChatPush: RealtimeHandler = (queryClient, event) => {
  if (event === null) {
    void queryClient.invalidateQueries({ queryKey: chatKeys.all });
    return;
  }
  if (event.type === 'chat.message') {
    const { type, id } = event.conversation;
    void queryClient.invalidateQueries({ queryKey: chatKeys.latest(type, id) });
  }
  if (event.type === 'chat.message' || event.type === 'chat.read')
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
};

const usePollMs = (ms: PollMs) => (useRealtimeOpen() ? ms.open : ms.closed);

/** Asks again every `ms` while the answers come; what failed (a conversation one may not open) is not asked again. */
const pollUnlessFailed =
  (ms: number) =>
  (query: { state: { status: string } }): number | false =>
    query.state.status === 'error' ? false : ms;

export function useConversations(poll: PollMs = BADGE_POLL_MS, enabled = true) {
  return useQuery({
    queryKey: chatKeys.conversations(),
    queryFn: () => chatApi.conversations(),
    refetchInterval: pollUnlessFailed(usePollMs(poll)),
    enabled,
  });
}

/**
 * A conversation's messages, oldest first. The newest page is asked for again on every push of a
 * message in it, and every few seconds without the socket (it marks the conversation read); earlier pages come on request, from where the messages shown
 * began, and are not asked for again. Every message seen stays, whatever a later poll returns.
 */
export function useConversationMessages(type: number, id: number) {
  const latest = useQuery({
    queryKey: chatKeys.latest(type, id),
    queryFn: () => chatApi.messages(type, id),
    refetchInterval: pollUnlessFailed(usePollMs(OPEN_POLL_MS)),
  });
  // The id older pages are read back from: the oldest message shown when they were first asked for.
  const [anchor, setAnchor] = useState<number | null>(null);
  const older = useInfiniteQuery({
    queryKey: [...chatKeys.messages(type, id), 'older', anchor],
    queryFn: ({ pageParam }) => chatApi.messages(type, id, { before: pageParam }),
    initialPageParam: anchor ?? 0,
    getNextPageParam: (page: ChatPage) => (page.more ? page.messages[0]?.id : undefined),
    enabled: anchor !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const seen = useRef(new Map<number, ChatMessage>());
  const items = useMemo(() => {
    for (const m of latest.data?.messages ?? []) seen.current.set(m.id, m);
    for (const page of older.data?.pages ?? []) for (const m of page.messages) seen.current.set(m.id, m);
    return [...seen.current.values()].sort((a, b) => a.id - b.id);
  }, [latest.data, older.data]);
  const hasOlder = anchor === null ? (latest.data?.more ?? false) : older.isPending || older.hasNextPage;
  const loadOlder = () => {
    if (anchor === null) setAnchor(items[0]?.id ?? null);
    else void older.fetchNextPage();
  };
  return {
    items,
    isPending: latest.isPending,
    error: latest.error,
    hasOlder,
    loadingOlder: older.isFetching,
    loadOlder,
  };
}

export function useSendMessage(type: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => chatApi.send(type, id, body),
    // Not waited for: the box empties as soon as the server has the message, and the message shows
    // once the newest page has been asked again (the push asks too; the two asks become one).
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.latest(type, id) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
    },
  });
}

/** Whether a person is online, asked again every half minute while shown. */
export function useOnline(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.online(userId),
    queryFn: async () => (await chatApi.checkOnline([userId])).users[0]?.online ?? false,
    enabled,
    refetchInterval: pollUnlessFailed(30_000),
  });
}
