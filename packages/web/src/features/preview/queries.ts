/**
 * The viewer's server state: one key factory (`previewKeys`) and the hooks over previewApi. Lock
 * changes invalidate `previewKeys.all` (the view carries the file's lock).
 */
import { PREVIEW_CONVERT_POLL_MS } from '@cirrus/shared';
import { useQuery } from '@tanstack/react-query';
import type { OnSessionExpired } from '../../api/http';
import { type PreviewSourceParams, previewApi, type SortParams } from '../../api/preview';

export const previewKeys = {
  all: ['preview'] as const,
  view: (source: PreviewSourceParams) =>
    [
      ...previewKeys.all,
      'view',
      source.fileid ?? 0,
      source.recycle ?? false,
      source.link ?? '',
      source.rand_code ?? '',
      source.history ?? 0,
    ] as const,
  neighbors: (fileid: number, sort: SortParams, source: PreviewSourceParams) =>
    [...previewKeys.all, 'neighbors', fileid, sort.orderby, sort.order, source.link ?? ''] as const,
  text: (url: string) => [...previewKeys.all, 'text', url] as const,
  entries: (url: string) => [...previewKeys.all, 'entries', url] as const,
  conversion: (url: string) => [...previewKeys.all, 'conversion', url] as const,
};

/** What the viewer needs; a logged-out visitor of a share link sees the userNotLogin page instead of being sent away. */
export function usePreviewView(source: PreviewSourceParams | undefined, onSessionExpired: OnSessionExpired) {
  return useQuery({
    queryKey: previewKeys.view(source ?? {}),
    queryFn: ({ signal }) => previewApi.view(source ?? {}, { signal, onSessionExpired }),
    enabled: source !== undefined,
    staleTime: 10_000,
  });
}

export function useNeighbors(
  fileid: number | undefined,
  sort: SortParams,
  source: PreviewSourceParams,
  enabled: boolean,
) {
  return useQuery({
    queryKey: previewKeys.neighbors(fileid ?? 0, sort, source),
    queryFn: ({ signal }) =>
      previewApi.neighbors(fileid as number, sort, source, {
        signal,
        // As the view: a link's visitor is not sent to the login page.
        onSessionExpired: source.link ? 'none' : 'login',
      }),
    enabled: enabled && fileid !== undefined,
  });
}

export function useText(url: string) {
  return useQuery({
    queryKey: previewKeys.text(url),
    queryFn: ({ signal }) => previewApi.text(url, { signal }),
    staleTime: 60_000,
  });
}

export function useZipEntries(url: string) {
  return useQuery({
    queryKey: previewKeys.entries(url),
    queryFn: ({ signal }) => previewApi.entries(url, { signal }),
    staleTime: 60_000,
  });
}

/** An office document's conversion, asked again every 1.5 s while it is queued or running. */
export function useConversion(url: string, enabled: boolean) {
  return useQuery({
    queryKey: previewKeys.conversion(url),
    queryFn: ({ signal }) => previewApi.conversion(url, { signal }),
    enabled,
    refetchInterval: (query) =>
      query.state.data === 'queued' || query.state.data === 'running' ? PREVIEW_CONVERT_POLL_MS : false,
    retry: false,
  });
}
