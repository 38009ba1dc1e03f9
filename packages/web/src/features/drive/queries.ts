/**
 * The drive's server state: one query-key factory (`driveKeys`) and the hooks over driveApi.
 * Keys nest by space and folder, so a change invalidates exactly the folders it touched:
 *   ['drive', 'spaces', ...]                       my drive, uploaded files, teams, a team
 *   ['drive', 'space', gid, 'folder', fid, ...]    a folder's list (per sort), tree page, quick view
 *   ['drive', 'path', fid]                         the crumbs of a folder
 */
import {
  GROUPS_PAGED_LIMIT,
  PAGE_SIZE_FILES,
  QUICK_TEAM_FILES,
  ROOT_FOLDER_ID,
  TREE_PAGE_SIZE,
} from '@cirrus/shared';
import {
  infiniteQueryOptions,
  type QueryClient,
  type QueryKey,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import { type BatchResult, driveApi, type FileSort, type TransferBody } from '../../api/drive';
import type { RequestOptions } from '../../api/http';
import type { DriveLocation, FolderRef } from './location';
import { mergeById, mergeTeams, nextListOffset, nextTreeOffset } from './paging';

export const driveKeys = {
  all: ['drive'] as const,
  spaces: () => [...driveKeys.all, 'spaces'] as const,
  mySpace: () => [...driveKeys.spaces(), 'special'] as const,
  uploadsSpace: () => [...driveKeys.spaces(), 'tmp'] as const,
  teams: () => [...driveKeys.spaces(), 'teams'] as const,
  group: (gid: number) => [...driveKeys.spaces(), 'group', gid] as const,
  space: (gid: number) => [...driveKeys.all, 'space', gid] as const,
  /** Everything loaded of one folder: its list in every sort, its tree pages, its quick view. */
  folder: (gid: number, folderId: number) => [...driveKeys.space(gid), 'folder', folderId] as const,
  list: (gid: number, folderId: number, sort: FileSort) =>
    [...driveKeys.folder(gid, folderId), 'list', sort.orderby, sort.order] as const,
  tree: (gid: number, folderId: number) => [...driveKeys.folder(gid, folderId), 'tree'] as const,
  quick: (gid: number) => [...driveKeys.folder(gid, ROOT_FOLDER_ID), 'quick'] as const,
  permissions: (gid: number, folderId: number) =>
    [...driveKeys.folder(gid, folderId), 'permissions'] as const,
  paths: () => [...driveKeys.all, 'path'] as const,
  path: (fid: number) => [...driveKeys.paths(), fid] as const,
};

/** The default order of file lists (spec 001 §4): modification time, newest first. */
export const DEFAULT_SORT: FileSort = { orderby: 'mtime', order: 'desc' };

/**
 * The queries the drive's first screen runs, as options shared by the hooks below and by the
 * route's prefetch (./prefetch.ts), so that both read and fill the same cache entries. `options`
 * go with each request: the prefetch's leave an ended session to the auth guard.
 */
export const driveQueries = {
  mySpace: (options?: RequestOptions) =>
    queryOptions({
      queryKey: driveKeys.mySpace(),
      queryFn: () => driveApi.mySpace(options),
      staleTime: 60_000,
    }),
  uploadsSpace: (options?: RequestOptions) =>
    queryOptions({
      queryKey: driveKeys.uploadsSpace(),
      queryFn: () => driveApi.uploadsSpace(options),
      staleTime: 60_000,
    }),
  group: (gid: number, options?: RequestOptions) =>
    queryOptions({
      queryKey: driveKeys.group(gid),
      queryFn: () => driveApi.group(gid, options),
      staleTime: 60_000,
    }),
  /** My teams, loaded 50 at a time (spec 001 §9 "paged team load 50"), pinned first. */
  teams: (options?: RequestOptions) =>
    infiniteQueryOptions({
      queryKey: driveKeys.teams(),
      queryFn: ({ pageParam }) => driveApi.teams(pageParam, GROUPS_PAGED_LIMIT, options),
      initialPageParam: 0,
      getNextPageParam: (last) => (last.more ? last.offset + last.groups.length : undefined),
      staleTime: 60_000,
    }),
  /** A folder's rows, 50 a page (spec 001 §4, §7). */
  list: ({ gid, folderId }: FolderRef, sort: FileSort, options?: RequestOptions) =>
    infiniteQueryOptions({
      queryKey: driveKeys.list(gid, folderId, sort),
      queryFn: ({ pageParam, signal }) =>
        driveApi.list(
          gid,
          { parentid: folderId, offset: pageParam, count: PAGE_SIZE_FILES, ...sort },
          { ...options, signal },
        ),
      initialPageParam: 0,
      getNextPageParam: nextListOffset,
    }),
  /** The crumbs of a folder (GET /api/files/{id}/path). */
  path: (folderId: number, options?: RequestOptions) =>
    queryOptions({
      queryKey: driveKeys.path(folderId),
      queryFn: ({ signal }) => driveApi.path(folderId, { ...options, signal }),
    }),
  /** What the user may do in a folder itself: create, upload (its user_acl mask). */
  permissions: ({ gid, folderId }: FolderRef, options?: RequestOptions) =>
    queryOptions({
      queryKey: driveKeys.permissions(gid, folderId),
      queryFn: ({ signal }) => driveApi.selfPermissions(gid, folderId, { ...options, signal }),
      staleTime: 60_000,
    }),
};

export function useMySpace() {
  return useQuery(driveQueries.mySpace());
}

export function useUploadsSpace() {
  return useQuery(driveQueries.uploadsSpace());
}

/** My teams, pinned first. */
export function useTeams() {
  const query = useInfiniteQuery(driveQueries.teams());
  const teams = useMemo(() => mergeTeams(query.data?.pages ?? []), [query.data]);
  return { ...query, teams };
}

export function useGroup(gid: number | undefined) {
  return useQuery({ ...driveQueries.group(gid ?? 0), enabled: gid !== undefined });
}

/** The space id a location lives in: the team's own, or the personal space's once it is known. */
export function useSpaceOf(location: DriveLocation | undefined) {
  const mine = useMySpace();
  const uploads = useUploadsSpace();
  const team = useGroup(location?.area === 'team' ? location.gid : undefined);
  const space = location?.area === 'team' ? team : location?.area === 'uploads' ? uploads : mine;
  return { space, personal: { mine: mine.data?.id, uploads: uploads.data?.id } };
}

/** A folder's rows, deduplicated by id. */
export function useFileList(folder: FolderRef | undefined, sort: FileSort) {
  const query = useInfiniteQuery({
    ...driveQueries.list(folder ?? { gid: 0, folderId: ROOT_FOLDER_ID }, sort),
    enabled: folder !== undefined,
  });
  const files = useMemo(() => mergeById((query.data?.pages ?? []).map((page) => page.files)), [query.data]);
  const total = query.data?.pages.at(-1)?.total ?? files.length;
  return { ...query, files, total };
}

/** A folder's sub-folders for the tree picker: 100 a page, ending on a short page (spec 001 §4). */
export function useFolderTree(folder: FolderRef, enabled: boolean) {
  const query = useInfiniteQuery({
    queryKey: driveKeys.tree(folder.gid, folder.folderId),
    queryFn: ({ pageParam, signal }) =>
      driveApi.list(
        folder.gid,
        {
          parentid: folder.folderId,
          offset: pageParam,
          count: TREE_PAGE_SIZE,
          filter: 'folder',
          orderby: 'name',
          order: 'asc',
        },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextTreeOffset(pages, TREE_PAGE_SIZE),
    enabled,
  });
  const folders = useMemo(() => mergeById((query.data?.pages ?? []).map((page) => page.files)), [query.data]);
  return { ...query, folders };
}

/** A team's newest files for its quick view (spec 001 §7 "quick team 11"). */
export function useQuickFiles(gid: number, enabled: boolean) {
  return useQuery({
    queryKey: driveKeys.quick(gid),
    queryFn: ({ signal }) =>
      driveApi.list(
        gid,
        { parentid: ROOT_FOLDER_ID, offset: 0, count: QUICK_TEAM_FILES, orderby: 'mtime', order: 'desc' },
        { signal },
      ),
    enabled,
  });
}

/** The crumbs of a folder; none for a space root. */
export function useFolderPath(folderId: number | undefined) {
  return useQuery({ ...driveQueries.path(folderId ?? 0), enabled: !!folderId });
}

/** What the user may do in a folder itself. */
export function useFolderPermissions(folder: FolderRef | undefined) {
  return useQuery({
    ...driveQueries.permissions(folder ?? { gid: 0, folderId: 0 }),
    enabled: folder !== undefined,
  });
}

// --- Changes -----------------------------------------------------------------------------------

function invalidateAll(queryClient: QueryClient, keys: QueryKey[]) {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** A folder's contents changed: its lists, tree and quick view, and the space's usage. */
export function folderChanged(queryClient: QueryClient, ...folders: FolderRef[]) {
  return invalidateAll(queryClient, [
    ...folders.map(({ gid, folderId }) => driveKeys.folder(gid, folderId)),
    driveKeys.spaces(),
  ]);
}

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ folder, name }: { folder: FolderRef; name: string }) =>
      driveApi.createFolder(folder.gid, folder.folderId, name),
    onSuccess: (_created, { folder }) => folderChanged(queryClient, folder),
  });
}

export function useCreateEmptyFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ folder, name }: { folder: FolderRef; name: string }) =>
      driveApi.createEmptyFile(folder.gid, folder.folderId, name),
    onSuccess: (_created, { folder }) => folderChanged(queryClient, folder),
  });
}

export function useRename() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ folder, fid, name }: { folder: FolderRef; fid: number; name: string }) =>
      driveApi.rename(folder.gid, fid, name),
    // A renamed folder changes the crumbs of everything below it.
    onSuccess: (_renamed, { folder }) =>
      invalidateAll(queryClient, [driveKeys.folder(folder.gid, folder.folderId), driveKeys.paths()]),
  });
}

/** Deletes to the recycle bin: one item by DELETE, several by batch/delete. */
export function useDelete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      folder,
      fileids,
    }: {
      folder: FolderRef;
      fileids: number[];
    }): Promise<BatchResult> => {
      if (fileids.length === 1) {
        await driveApi.remove(folder.gid, fileids[0]);
        return { failList: [] };
      }
      return driveApi.batchDelete(folder.gid, fileids);
    },
    onSuccess: (_result, { folder }) => folderChanged(queryClient, folder),
  });
}

export type TransferKind = 'copy' | 'move';

export function useTransfer(kind: TransferKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferBody) =>
      kind === 'copy' ? driveApi.batchCopy(body) : driveApi.batchMove(body),
    onSuccess: (_result, body) => {
      const target = { gid: body.target_groupid, folderId: body.target_parentid };
      const source = { gid: body.groupid, folderId: body.parentid };
      if (kind === 'copy') return folderChanged(queryClient, target);
      // Moved folders take their crumbs with them.
      return Promise.all([
        folderChanged(queryClient, source, target),
        invalidateAll(queryClient, [driveKeys.paths()]),
      ]);
    },
  });
}
