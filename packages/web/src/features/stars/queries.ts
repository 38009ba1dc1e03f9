/** Stars' server state (starKeys) and hooks over starsApi (spec 001 §4 "Star"). */
import { type FileList, type FileRecord, messageText, PAGE_SIZE_FAVORITES } from '@cirrus/shared';
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { starsApi } from '../../api/stars';
import { useNotify } from '../../components/useNotify';
import { useLanguage } from '../../i18n';
import { mergeById, nextListOffset } from '../drive/paging';
import { driveKeys } from '../drive/queries';

export const starKeys = {
  all: ['stars'] as const,
  list: () => [...starKeys.all, 'list'] as const,
};

/** spec 001 §3: labels present means starred. */
export function isStarred(file: Pick<FileRecord, 'labels'>): boolean {
  return file.labels.length > 0;
}

/** The starred files, newest star first, 50 a page (spec 001 §9 "favorites 50"). */
export function useStarred() {
  const query = useInfiniteQuery({
    queryKey: starKeys.list(),
    queryFn: ({ pageParam, signal }) => starsApi.list(pageParam, PAGE_SIZE_FAVORITES, { signal }),
    initialPageParam: 0,
    getNextPageParam: nextListOffset,
    // Stars change from every list: read afresh whenever the page opens.
    staleTime: 0,
  });
  const files = useMemo(() => mergeById((query.data?.pages ?? []).map((page) => page.files)), [query.data]);
  const total = query.data?.pages.at(-1)?.total ?? files.length;
  return { ...query, files, total };
}

/**
 * Star or unstar (spec 001 §4: a file without labels gets starred, with labels unstarred), with
 * the add-star and delete-star messages (spec 001 §8). In the starred list the unstarred rows go.
 */
export function useToggleStar() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const language = useLanguage();
  return useMutation({
    mutationFn: async (files: readonly FileRecord[]) => {
      const star = files.some((f) => !isStarred(f));
      if (star) {
        for (const f of files.filter((f) => !isStarred(f))) await starsApi.star(f.id, f.groupid);
      } else if (files.length === 1) {
        await starsApi.unstar(files[0].id, files[0].groupid);
      } else {
        await starsApi.unstarMany(files.map((f) => f.id));
      }
      return star;
    },
    onSuccess: async (starred, files) => {
      notify.success(messageText(starred ? 'addStar' : 'deleteStar', language));
      if (!starred) {
        const gone = new Set(files.map((f) => f.id));
        queryClient.setQueryData<InfiniteData<FileList, number>>(starKeys.list(), (data) =>
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
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: driveKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['recent'] }),
        // The starred list itself is already right after an unstar; a star adds a row.
        starred ? queryClient.invalidateQueries({ queryKey: starKeys.all }) : Promise.resolve(),
      ]);
    },
    onError: (error) => notify.error(error),
  });
}
