/**
 * Search's server state: one key factory (`searchKeys`) and the hooks over the file search
 * (api/search.ts) and the name-search calls (api/namesearch.ts). Keywords arrive cut to 30
 * characters (spec 000 §5) and trimmed; an empty one asks nothing (spec 001 §4).
 */
import {
  DROPDOWN_SIZE,
  type FileSearchQuery,
  PAGE_SIZE_MEMBERS,
  PAGE_SIZE_SEARCH_FILES,
  PAGE_SIZE_TEAMS,
} from '@cirrus/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { nameSearchApi } from '../../api/namesearch';
import { type FileSearchMode, type SearchMoveBody, searchApi } from '../../api/search';
import { driveKeys } from '../drive/queries';
import { fetchFilePage, mergeHits, nextFileOffset } from './paging';

export const searchKeys = {
  all: ['search'] as const,
  files: (mode: FileSearchMode, query: FileSearchQuery) => [...searchKeys.all, 'files', mode, query] as const,
  dropdownFiles: (keyword: string) => [...searchKeys.all, 'dropdown', 'files', keyword] as const,
  teams: (keyword: string, limit: number) => [...searchKeys.all, 'teams', keyword, limit] as const,
  members: (companyId: number, keyword: string, limit: number) =>
    [...searchKeys.all, 'members', companyId, keyword, limit] as const,
};

/** Search answers go stale quickly (files change under them), but not while the user types. */
const STALE_MS = 30_000;

/**
 * The dropdown's files (spec 001 §7: count 5). The request takes the query's abort signal: when a
 * new keyword replaces this one, TanStack Query aborts the request still running for it (its
 * query lost its last observer), so a slow answer for "pla" never lands after the one for "plan".
 */
export function useDropdownFiles(keyword: string) {
  return useQuery({
    queryKey: searchKeys.dropdownFiles(keyword),
    queryFn: ({ signal }) =>
      searchApi.files('base', { searchname: keyword, offset: 0, count: DROPDOWN_SIZE }, { signal }),
    enabled: keyword !== '',
    staleTime: STALE_MS,
    retry: false,
  });
}

/** The dropdown's teams (my groups, chats included when allowed). */
export function useDropdownTeams(keyword: string, allowChat: boolean) {
  return useQuery({
    queryKey: searchKeys.teams(keyword, DROPDOWN_SIZE),
    queryFn: ({ signal }) =>
      nameSearchApi.myGroups(
        { keywords: keyword, allow_chat: allowChat, offset: 0, limit: DROPDOWN_SIZE },
        { signal },
      ),
    enabled: keyword !== '',
    staleTime: STALE_MS,
    retry: false,
  });
}

/** The dropdown's people of the user's company (none outside a company). */
export function useDropdownMembers(companyId: number, keyword: string) {
  return useQuery({
    queryKey: searchKeys.members(companyId, keyword, DROPDOWN_SIZE),
    queryFn: ({ signal }) =>
      nameSearchApi.users(
        companyId,
        { keywords: keyword, offset: 0, limit: DROPDOWN_SIZE, ignore_depts: true },
        { signal },
      ),
    enabled: keyword !== '' && companyId > 0,
    staleTime: STALE_MS,
    retry: false,
  });
}

/** Files in full: pages of 50 (spec 001 §9), each filled by the part rule of spec 001 §4. */
export function useFileSearch(mode: FileSearchMode, query: FileSearchQuery, enabled: boolean) {
  const result = useInfiniteQuery({
    queryKey: searchKeys.files(mode, query),
    queryFn: ({ pageParam, signal }) =>
      fetchFilePage(
        (offset, count) => searchApi.files(mode, { ...query, offset, count }, { signal }),
        pageParam,
        query.count ?? PAGE_SIZE_SEARCH_FILES,
      ),
    initialPageParam: 0,
    getNextPageParam: nextFileOffset,
    enabled,
    staleTime: STALE_MS,
    retry: false,
  });
  const files = useMemo(() => mergeHits(result.data?.pages ?? []), [result.data]);
  return { ...result, files };
}

/** Teams in full: pages of 50, the next from the loaded count (spec 001 §4). */
export function useTeamSearch(keyword: string, allowChat: boolean, limit = PAGE_SIZE_TEAMS) {
  const result = useInfiniteQuery({
    queryKey: searchKeys.teams(keyword, limit),
    queryFn: ({ pageParam, signal }) =>
      nameSearchApi.myGroups(
        { keywords: keyword, allow_chat: allowChat, offset: pageParam, limit },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.more ? pages.reduce((n, p) => n + p.groups.length, 0) : undefined,
    enabled: keyword !== '',
    staleTime: STALE_MS,
    retry: false,
  });
  const teams = useMemo(() => (result.data?.pages ?? []).flatMap((p) => p.groups), [result.data]);
  return { ...result, teams };
}

/** People in full: pages of 50, the next from the loaded count. */
export function useMemberSearch(companyId: number, keyword: string, limit = PAGE_SIZE_MEMBERS) {
  const result = useInfiniteQuery({
    queryKey: searchKeys.members(companyId, keyword, limit),
    queryFn: ({ pageParam, signal }) =>
      nameSearchApi.users(
        companyId,
        { keywords: keyword, offset: pageParam, limit, ignore_depts: true },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.more ? pages.reduce((n, p) => n + p.members.length, 0) : undefined,
    enabled: keyword !== '' && companyId > 0,
    staleTime: STALE_MS,
    retry: false,
  });
  const members = useMemo(() => (result.data?.pages ?? []).flatMap((p) => p.members), [result.data]);
  return { ...result, members };
}

/** The search page's move (spec 001 §7): the files leave their folders, the results change. */
export function useSearchMove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SearchMoveBody) => searchApi.moveFiles(body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: searchKeys.all }),
        // Files came from folders anywhere: every loaded folder may have changed.
        queryClient.invalidateQueries({ queryKey: driveKeys.all }),
      ]),
  });
}
