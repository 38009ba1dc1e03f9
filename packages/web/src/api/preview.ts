/**
 * Preview service (spec 001 §7 "GET {preview}/v1/legacy/view"): what the viewer needs, and the
 * bytes it shows under /v1/preview (urls the view answers).
 */
import type { PreviewConversionState, PreviewNeighbors, PreviewView, ZipListing } from '@cirrus/shared';
import { ApiError, type ApiErrorBody, http, type OnSessionExpired, type RequestOptions } from './http';

/**
 * How the viewer reached the file: the drive, the recycle bin, a share link with its access code,
 * or one of the file's history versions.
 */
export interface PreviewSourceParams {
  fileid?: number;
  recycle?: boolean;
  link?: string;
  rand_code?: string;
  history?: number;
}

export type SortParams = { orderby: 'name' | 'mtime' | 'size'; order: 'asc' | 'desc' };

export const previewApi = {
  view: (source: PreviewSourceParams, options?: RequestOptions) =>
    http.get<PreviewView>('/v1/legacy/view', {
      ...options,
      query: {
        fileid: source.fileid,
        recycle: source.recycle ? 1 : undefined,
        link: source.link,
        rand_code: source.rand_code,
        history: source.history,
      },
    }),

  /** The files before and after one: in the drive list's order (sort), or a shared folder's through its link. */
  neighbors: (fileid: number, sort: SortParams, source: PreviewSourceParams, options?: RequestOptions) =>
    http.get<PreviewNeighbors>(`/v1/preview/files/${fileid}/neighbors`, {
      ...options,
      query: { ...sort, link: source.link, rand_code: source.rand_code },
    }),

  /** The text of a text, code, Markdown or CSV file (the view's urls.content), as UTF-8. */
  text: (url: string, options?: RequestOptions) => http.get<string>(url, options),

  entries: (url: string, options?: RequestOptions) => http.get<ZipListing>(url, options),

  /**
   * Where an office document's conversion stands (the view's urls.pdf): the state while it is
   * queued or running, 'done' once the PDF is there (its bytes are left for the PDF viewer), or an
   * ApiError with the failure's key (convertFail, convertTimeout, passwdEncrypted ...).
   */
  async conversion(
    url: string,
    {
      signal,
      onSessionExpired = 'login',
    }: { signal?: AbortSignal; onSessionExpired?: OnSessionExpired } = {},
  ): Promise<PreviewConversionState['state'] | 'done'> {
    let response: Response;
    try {
      response = await fetch(url, {
        credentials: 'same-origin',
        signal,
        headers: { Accept: 'application/json' },
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new ApiError(0, null);
    }
    if (response.status === 202) return ((await response.json()) as PreviewConversionState).state;
    if (response.ok) {
      await response.body?.cancel();
      return 'done';
    }
    let body: ApiErrorBody | null = null;
    try {
      body = (await response.json()) as ApiErrorBody;
    } catch {
      // no body
    }
    const error = new ApiError(response.status, body);
    if (onSessionExpired === 'login' && response.status === 401) window.location.reload();
    throw error;
  },
};
