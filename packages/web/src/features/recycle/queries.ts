/**
 * The recycle bins' server state (recycleKeys) and the hooks over recycleApi. What comes back from
 * a bin lands in the drive again, so recovering also invalidates the drive's, the starred and the
 * recent lists.
 */
import { PAGE_SIZE_TRASH, type RecycleList } from '@cirrus/shared';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import { type BinRef, recycleApi } from '../../api/recycle';
import { mergeById } from '../drive/paging';
import { driveKeys } from '../drive/queries';
import { shouldReloadAfterPurge } from './bin-rules';

export const recycleKeys = {
  all: ['recycle'] as const,
  bin: (bin: BinRef) => [...recycleKeys.all, bin.kind === 'mine' ? 'mine' : bin.gid] as const,
};

/** What the loaded pages hold now (rows removed from the cache included). */
function loadedCount(pages: readonly RecycleList[]): number {
  return pages.reduce((n, page) => n + page.files.length, 0);
}

/**
 * A bin's items, 50 a page (spec 001 §9 "trash 50, team recycle 50"). The next page starts after
 * what is loaded, so rows purged from the cache do not make the next page skip any.
 */
export function useBin(bin: BinRef, enabled = true) {
  const query = useInfiniteQuery({
    queryKey: recycleKeys.bin(bin),
    queryFn: ({ pageParam, signal }) => recycleApi.list(bin, pageParam, PAGE_SIZE_TRASH, { signal }),
    initialPageParam: 0,
    // spec 001 §9: load more shows when the loaded count reaches the query count; the server's
    // `more` says whether anything lies beyond it.
    getNextPageParam: (last, pages) => (last.more ? loadedCount(pages) : undefined),
    enabled,
    retry: false,
    // Deleting happens in the drive: a bin is read afresh whenever it opens.
    staleTime: 0,
  });
  const files = useMemo(() => mergeById((query.data?.pages ?? []).map((page) => page.files)), [query.data]);
  const total = query.data?.pages.at(-1)?.total ?? files.length;
  return { ...query, files, total };
}

function binChanged(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: driveKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['stars'] }),
    queryClient.invalidateQueries({ queryKey: ['recent'] }),
  ]);
}

/** Recovered items leave the bin: the selection clears and the list reloads from offset 0 (spec 001 §4). */
export function useRecover(bin: BinRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileids: number[]) => recycleApi.recover(bin, fileids),
    onSuccess: () =>
      Promise.all([queryClient.resetQueries({ queryKey: recycleKeys.bin(bin) }), binChanged(queryClient)]),
  });
}

/**
 * Permanent delete (spec 001 §4): the rows leave the list; 25 or more at once reload it instead.
 */
export function usePurge(bin: BinRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileids: number[]) => recycleApi.destroy(bin, fileids),
    onSuccess: async ({ failList }, fileids) => {
      if (shouldReloadAfterPurge(fileids.length)) {
        await queryClient.resetQueries({ queryKey: recycleKeys.bin(bin) });
      } else {
        const failed = new Set(failList.map((f) => f.fileid));
        const gone = new Set(fileids.filter((id) => !failed.has(id)));
        queryClient.setQueryData<InfiniteData<RecycleList, number>>(recycleKeys.bin(bin), (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((page) => ({
                  ...page,
                  files: page.files.filter((f) => !gone.has(f.id)),
                  total: Math.max(0, page.total - gone.size),
                })),
              }
            : data,
        );
      }
      await queryClient.invalidateQueries({ queryKey: driveKeys.spaces() });
    },
  });
}

/** Empties the bin (spec 001 §4 "clean recycle empties the trash"). */
export function useEmptyBin(bin: BinRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => recycleApi.empty(bin),
    onSuccess: () =>
      Promise.all([
        queryClient.resetQueries({ queryKey: recycleKeys.bin(bin) }),
        queryClient.invalidateQueries({ queryKey: driveKeys.spaces() }),
      ]),
  });
}
