/** History versions' server state (historyKeys) and hooks over historyApi (spec 001 §7 "History"). */
import { PAGE_SIZE_HISTORY } from '@cirrus/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { historyApi } from '../../api/history';
import { mergeById } from '../drive/paging';
import { driveKeys } from '../drive/queries';

export const historyKeys = {
  all: ['history'] as const,
  file: (gid: number, fid: number) => [...historyKeys.all, 'file', gid, fid] as const,
  list: (gid: number, fid: number, modifierIds: readonly number[]) =>
    [...historyKeys.file(gid, fid), 'list', [...modifierIds].sort((a, b) => a - b).join(',')] as const,
  modifiers: (gid: number, fid: number) => [...historyKeys.file(gid, fid), 'modifiers'] as const,
  volume: (gid: number) => [...historyKeys.all, 'volume', gid] as const,
};

/** A file's versions, newest first, optionally only some modifiers' (modifier_id repeats). */
export function useHistories(gid: number, fid: number, modifierIds: readonly number[], enabled: boolean) {
  const query = useInfiniteQuery({
    queryKey: historyKeys.list(gid, fid, modifierIds),
    queryFn: ({ pageParam, signal }) =>
      historyApi.list(
        gid,
        fid,
        { offset: pageParam, limit: PAGE_SIZE_HISTORY, modifierIds: [...modifierIds] },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.more ? last.offset + last.histories.length : undefined),
    enabled,
    // New versions come from uploads in the drive: read afresh whenever the panel opens.
    staleTime: 0,
  });
  const histories = useMemo(
    () => mergeById((query.data?.pages ?? []).map((page) => page.histories)),
    [query.data],
  );
  return { ...query, histories };
}

/** Who saved versions of the file (spec 001 §7: offset 0, limit 1000), for the filter. */
export function useModifiers(gid: number, fid: number, enabled: boolean) {
  return useQuery({
    queryKey: historyKeys.modifiers(gid, fid),
    queryFn: ({ signal }) => historyApi.modifiers(gid, fid, { signal }),
    enabled,
  });
}

function useFileChanged(gid: number, fid: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: historyKeys.file(gid, fid) }),
      queryClient.invalidateQueries({ queryKey: driveKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['recent'] }),
      queryClient.invalidateQueries({ queryKey: ['stars'] }),
      queryClient.invalidateQueries({ queryKey: ['activity'] }),
    ]);
}

/** Recovering adds a new current version equal to the old one. */
export function useRecoverVersion(gid: number, fid: number) {
  const changed = useFileChanged(gid, fid);
  return useMutation({ mutationFn: (hid: number) => historyApi.recover(gid, fid, hid), onSuccess: changed });
}

export function useDeleteVersion(gid: number, fid: number) {
  const changed = useFileChanged(gid, fid);
  return useMutation({ mutationFn: (hid: number) => historyApi.remove(fid, hid), onSuccess: changed });
}

export function useSetRemark(gid: number, fid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ hid, log }: { hid: number; log: string }) => historyApi.setLog(gid, fid, hid, log),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: historyKeys.file(gid, fid) }),
  });
}
