/**
 * Share links' server state: one key factory (`shareKeys`) and the hooks over linksApi. Every
 * change of a link invalidates the drive's lists (their records carry link{sid} and the member
 * chips) and the shared lists.
 */
import { PAGE_SIZE_SHARE_MEMBERS, PAGE_SIZE_SHARED, type ShareLink } from '@cirrus/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/http';
import { type LinkUpdate, linksApi, type SharedFilter } from '../../api/links';
import { driveKeys } from '../drive/queries';

export const shareKeys = {
  all: ['share'] as const,
  /** The share panel's link, by the file it shares. */
  link: (fileid: number) => [...shareKeys.all, 'link', fileid] as const,
  members: (sid: string) => [...shareKeys.all, 'members', sid] as const,
  accessLog: (sid: string) => [...shareKeys.all, 'access', sid] as const,
  lists: () => [...shareKeys.all, 'list'] as const,
  list: (filter: SharedFilter) => [...shareKeys.lists(), filter] as const,
  recent: (q: string) => [...shareKeys.all, 'recent', q] as const,
  /** The link page (/l/{sid}) and a shared folder's items there. */
  page: (sid: string, randCode: string) => ['linkPage', sid, randCode] as const,
  folder: (sid: string, randCode: string, parentid: number) =>
    ['linkPage', sid, randCode, 'folder', parentid] as const,
};

/**
 * The share panel's load of a file's link: null when the file has none yet (the server answers
 * lightLinkNotExist, an expected state and no error). `absent` is what the list already knows (it
 * showed no open link): the panel then starts from "no link" without asking, so that opening it
 * makes no failing request at all. Once known, "no link" is only asked again after a change.
 */
export async function loadShareLink(fileid: number, signal?: AbortSignal): Promise<ShareLink | null> {
  try {
    return await linksApi.get(fileid, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.result === 'lightLinkNotExist') return null;
    throw error;
  }
}

/**
 * The file's link, or null when it has none. Always asked when the panel opens, even when the list
 * showed no open link: a cancelled link is not in the list, and the panel shows it as cancelled,
 * with "reopen" for editors (spec 002 §2).
 */
export function useShareLink(fileid: number, enabled: boolean) {
  return useQuery({
    queryKey: shareKeys.link(fileid),
    queryFn: ({ signal }) => loadShareLink(fileid, signal),
    enabled,
    retry: false,
    // Others change it too (downloads spent, expiry passed): each opening of the panel asks again.
    staleTime: 0,
  });
}

/** After a change: the panel shows the answer; lists that show links load again. */
function useLinkChanged(fileid: number) {
  const queryClient = useQueryClient();
  return (link?: ShareLink) => {
    if (link) queryClient.setQueryData(shareKeys.link(fileid), link);
    else void queryClient.invalidateQueries({ queryKey: shareKeys.link(fileid) });
    void queryClient.invalidateQueries({ queryKey: driveKeys.all });
    void queryClient.invalidateQueries({ queryKey: shareKeys.lists() });
    if (link) void queryClient.invalidateQueries({ queryKey: shareKeys.members(link.sid) });
  };
}

/** Create (when the user asks, with an editor's range and permission), reopen, or reset. */
export function useCreateLink(fileid: number) {
  const changed = useLinkChanged(fileid);
  return useMutation({
    mutationFn: (opts: Pick<LinkUpdate, 'ranges' | 'permission'> & { reset?: boolean } = {}) =>
      linksApi.create(fileid, opts),
    onSuccess: (link) => changed(link),
  });
}

export function useUpdateLink(fileid: number) {
  const changed = useLinkChanged(fileid);
  return useMutation({
    mutationFn: ({ sid, body }: { sid: string; body: LinkUpdate }) => linksApi.update(sid, body),
    onSuccess: (link) => changed(link),
  });
}

export function useSetChkcode(fileid: number) {
  const changed = useLinkChanged(fileid);
  return useMutation({
    mutationFn: ({ sid, on }: { sid: string; on: boolean }) => linksApi.setChkcode(sid, on),
    onSuccess: (link) => changed(link),
  });
}

export function useCloseLink(fileid: number) {
  const changed = useLinkChanged(fileid);
  return useMutation({
    mutationFn: () => linksApi.close(fileid),
    onSuccess: () => changed(),
  });
}

export function useResetLink(fileid: number) {
  const changed = useLinkChanged(fileid);
  return useMutation({
    mutationFn: (sid: string) => linksApi.reset(sid),
    onSuccess: (link) => changed(link),
  });
}

/** The members of a link, 50 at a time (spec 002 §9). */
export function useLinkMembers(sid: string | undefined) {
  const query = useInfiniteQuery({
    queryKey: shareKeys.members(sid ?? ''),
    queryFn: ({ pageParam, signal }) =>
      linksApi.members(sid as string, pageParam, PAGE_SIZE_SHARE_MEMBERS, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.more ? last.offset + last.members.length : undefined),
    enabled: sid !== undefined,
  });
  return {
    ...query,
    members: query.data?.pages.flatMap((page) => page.members) ?? [],
    total: query.data?.pages[0]?.total ?? 0,
  };
}

export function useMemberChanges(fileid: number, sid: string) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: shareKeys.members(sid) });
    void queryClient.invalidateQueries({ queryKey: shareKeys.link(fileid) });
    void queryClient.invalidateQueries({ queryKey: driveKeys.all });
    void queryClient.invalidateQueries({ queryKey: shareKeys.lists() });
  };
  return {
    add: useMutation({
      mutationFn: (body: Parameters<typeof linksApi.addMembers>[1]) => linksApi.addMembers(sid, body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: (member: Parameters<typeof linksApi.updateMember>[1]) => linksApi.updateMember(sid, member),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (memberId: number) => linksApi.removeMember(sid, memberId),
      onSuccess: refresh,
    }),
    entries: useMutation({
      mutationFn: (changes: NonNullable<LinkUpdate['permission_list']>) =>
        linksApi.update(sid, { permission_list: changes }),
      onSuccess: (link) => {
        queryClient.setQueryData(shareKeys.link(fileid), link);
        refresh();
      },
    }),
  };
}

export function useAccessLog(sid: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: shareKeys.accessLog(sid),
    queryFn: ({ pageParam, signal }) => linksApi.accessLog(sid, pageParam, 50, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.more ? last.offset + last.entries.length : undefined),
    enabled,
  });
}

export function useRecentMembers(q: string, enabled: boolean) {
  return useQuery({
    queryKey: shareKeys.recent(q),
    queryFn: ({ signal }) => linksApi.recentMembers(q, { signal }),
    enabled,
    staleTime: 30_000,
  });
}

/** Shared with me, or by me (spec 002 §3: count 50, newest first). */
export function useSharedList(filter: SharedFilter) {
  const query = useInfiniteQuery({
    queryKey: shareKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      linksApi.list(
        { filter, offset: pageParam, count: PAGE_SIZE_SHARED, orderby: 'mtime', order: 'desc' },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.more ? last.offset + last.files.length : undefined),
  });
  return {
    ...query,
    files: query.data?.pages.flatMap((page) => page.files) ?? [],
    total: query.data?.pages[0]?.total ?? 0,
  };
}

export function useExitShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sid: string) => linksApi.exit(sid),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareKeys.lists() }),
  });
}
