/** Activity and comments' server state (activityKeys) and hooks over activityApi. */
import { HISTORY_EVENTS_PAGE, PAGE_SIZE_ACTIVITY, PAGE_SIZE_COMMENTS } from '@cirrus/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { activityApi } from '../../api/activity';
import { mergeById } from '../drive/paging';

export type ActivityScope = { kind: 'mine' } | { kind: 'team'; gid: number } | { kind: 'file'; fid: number };

export const activityKeys = {
  all: ['activity'] as const,
  events: (scope: ActivityScope) =>
    [
      ...activityKeys.all,
      'events',
      scope.kind,
      scope.kind === 'team' ? scope.gid : scope.kind === 'file' ? scope.fid : 0,
    ] as const,
  comments: (fid: number) => [...activityKeys.all, 'comments', fid] as const,
};

/** Events, newest first: 50 a page for a team or all spaces, 20 for a file (spec 001 §7, §9). */
export function useEvents(scope: ActivityScope, enabled = true) {
  const size = scope.kind === 'file' ? HISTORY_EVENTS_PAGE : PAGE_SIZE_ACTIVITY;
  const query = useInfiniteQuery({
    queryKey: activityKeys.events(scope),
    queryFn: ({ pageParam, signal }) => {
      if (scope.kind === 'team') return activityApi.team(scope.gid, pageParam, size, { signal });
      if (scope.kind === 'file') return activityApi.file(scope.fid, pageParam, size, { signal });
      return activityApi.mine(pageParam, size, { signal });
    },
    initialPageParam: 0,
    getNextPageParam: (last) => (last.more ? last.offset + last.events.length : undefined),
    enabled,
    // Everything in the drive adds events: read afresh whenever a view opens.
    staleTime: 0,
  });
  const events = useMemo(() => mergeById((query.data?.pages ?? []).map((page) => page.events)), [query.data]);
  return { ...query, events };
}

export function useComments(fid: number, enabled: boolean) {
  const query = useInfiniteQuery({
    queryKey: activityKeys.comments(fid),
    queryFn: ({ pageParam, signal }) => activityApi.comments(fid, pageParam, PAGE_SIZE_COMMENTS, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.more ? last.offset + last.comments.length : undefined),
    enabled,
  });
  const comments = useMemo(
    () => mergeById((query.data?.pages ?? []).map((page) => page.comments)),
    [query.data],
  );
  const total = query.data?.pages.at(-1)?.total ?? comments.length;
  return { ...query, comments, total };
}

/** A comment adds an event (spec 001 issue 4): both lists change. */
export function useAddComment(fid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => activityApi.addComment(fid, content),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.all }),
  });
}

export function useDeleteComment(fid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentid: number) => activityApi.deleteComment(fid, commentid),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.comments(fid) }),
  });
}
