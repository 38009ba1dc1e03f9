import type { ChatMessage, ChatPage } from '@cirrus/shared';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { chatApi } from '../../api/chat';

export const chatKeys = {
  all: ['chat'] as const,
  conversations: () => [...chatKeys.all, 'conversations'] as const,
  messages: (type: number, id: number) => [...chatKeys.all, 'messages', type, id] as const,
  online: (userId: number) => [...chatKeys.all, 'online', userId] as const,
};

/** How often an open conversation, and the list, look for new messages (no realtime bus yet). */
export const OPEN_POLL_MS = 4_000;
/** How often the navigation's badge looks for unread messages. */
export const BADGE_POLL_MS = 60_000;

export function useConversations(pollMs = BADGE_POLL_MS, enabled = true) {
  return useQuery({
    queryKey: chatKeys.conversations(),
    queryFn: () => chatApi.conversations(),
    refetchInterval: pollMs,
    enabled,
  });
}

/**
 * A conversation's messages, newest page first; older pages come with fetchNextPage. Only the
 * newest page is asked for again while it is open.
 */
export function useMessages(type: number, id: number) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(type, id),
    queryFn: ({ pageParam }) => chatApi.messages(type, id, pageParam ? { before: pageParam } : {}),
    initialPageParam: 0,
    getNextPageParam: (page: ChatPage) => (page.more ? page.messages[0]?.id : undefined),
    refetchInterval: OPEN_POLL_MS,
    // Refetching every page would ask again for all the old ones; the newest is enough.
    maxPages: 20,
  });
}

/** All messages of the pages fetched, oldest first. */
export function messagesOf(data: InfiniteData<ChatPage> | undefined): ChatMessage[] {
  return data ? [...data.pages].reverse().flatMap((p) => p.messages) : [];
}

export function useSendMessage(type: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => chatApi.send(type, id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: chatKeys.messages(type, id) }),
        queryClient.invalidateQueries({ queryKey: chatKeys.conversations() }),
      ]),
  });
}

/** Whether a person is online, asked again every half minute while shown. */
export function useOnline(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.online(userId),
    queryFn: async () => (await chatApi.checkOnline([userId])).users[0]?.online ?? false,
    enabled,
    refetchInterval: 30_000,
  });
}
