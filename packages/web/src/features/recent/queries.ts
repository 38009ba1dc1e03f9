/** Recent files' server state (recentKeys) and hooks over recentApi. */
import { PAGE_SIZE_RECENT, type RecentList } from '@cirrus/shared';
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { recentApi } from '../../api/recent';
import { mergeById } from '../drive/paging';

export const recentKeys = {
  all: ['recent'] as const,
  list: () => [...recentKeys.all, 'list'] as const,
};

/** Recently opened, uploaded or changed files, last first, 50 a page (spec 001 §9 "recent 50"). */
export function useRecent() {
  const query = useInfiniteQuery({
    queryKey: recentKeys.list(),
    queryFn: ({ pageParam, signal }) => recentApi.list(pageParam, PAGE_SIZE_RECENT, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.more ? last.offset + last.count : undefined),
    // Every upload, change and open moves files here: read afresh whenever the page opens.
    staleTime: 0,
  });
  const files = useMemo(() => mergeById((query.data?.pages ?? []).map((page) => page.files)), [query.data]);
  return { ...query, files };
}

/** POST /api/v3/roaming/batch/destory: the entries leave the list; the files stay. */
export function useForgetRecent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileids: number[]) => recentApi.remove(fileids),
    onSuccess: (_result, fileids) => {
      const gone = new Set(fileids);
      queryClient.setQueryData<InfiniteData<RecentList, number>>(recentKeys.list(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                files: page.files.filter((f) => !gone.has(f.id)),
              })),
            }
          : data,
      );
    },
  });
}
