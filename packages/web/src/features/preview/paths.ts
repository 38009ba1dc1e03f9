/**
 * The preview views' addresses (spec 001 §2, spec 002 §2). They sit at the top of the site, outside
 * the app's base path:
 *   /p/{fid}      a file of the drive       /s/{fid}  a file shared with the user
 *   /l/{sid}      a file through a share link (?fileid= picks one in a shared folder, ?parentid= the
 *                 subfolder the visitor has open, ?rand_code= the access code)
 *   /view/p/{id}  a file in the recycle bin, with the recycle marker
 *   /p/{fid}?history={id}  one of a file's history versions, read only, marked with its version
 *   /403, /502    the preview shell's error pages
 * A drive preview carries the list's order (?orderby=&order=), so previous and next follow it.
 */
import type { FileRecord } from '@cirrus/shared';
import type { PreviewSourceParams, SortParams } from '../../api/preview';

export type PreviewRouteKind = 'file' | 'shared' | 'link' | 'recycle';

export const PREVIEW_FORBIDDEN_PATH = '/403';
export const PREVIEW_SERVER_ERROR_PATH = '/502';

const SORT_FIELDS = ['name', 'mtime', 'size'] as const;

function sortQuery(sort?: SortParams): string {
  return sort ? `?orderby=${sort.orderby}&order=${sort.order}` : '';
}

/** Where a file of the drive opens (double click or Enter in the list). */
export function previewPath(fileid: number, sort?: SortParams): string {
  return `/p/${fileid}${sortQuery(sort)}`;
}

/** A file shared with the user (the shared-files list). */
export function sharedPreviewPath(fileid: number): string {
  return `/s/${fileid}`;
}

/** One of a file's history versions (ours: the spec downloads versions, the viewer shows them too). */
export function historyPreviewPath(fileid: number, historyid: number): string {
  return `/p/${fileid}?history=${historyid}`;
}

/** A file in the recycle bin (spec 001 §2: /view/p/{id} with the recycle marker). */
export function recyclePreviewPath(fileid: number): string {
  return `/view/p/${fileid}`;
}

interface LinkAddress {
  fileid?: number;
  randCode?: string;
  /** The subfolder of a shared folder the visitor has open (the link page's ?parentid=). */
  parentid?: number;
}

/** A file through a share link; the sharing issue builds its link addresses on this. */
export function linkPreviewPath(sid: string, opts: LinkAddress = {}): string {
  const params = new URLSearchParams();
  if (opts.fileid) params.set('fileid', String(opts.fileid));
  if (opts.randCode) params.set('rand_code', opts.randCode);
  if (opts.parentid) params.set('parentid', String(opts.parentid));
  const query = params.toString();
  return `/l/${encodeURIComponent(sid)}${query ? `?${query}` : ''}`;
}

/**
 * A file of a shared folder in the viewer: its link page's address with ?view=1 (features/share),
 * the subfolder it was opened in kept, so that closing the viewer goes back there.
 */
export function linkViewPath(sid: string, fileid: number, opts: Omit<LinkAddress, 'fileid'> = {}): string {
  return `${linkPreviewPath(sid, { ...opts, fileid })}&view=1`;
}

/** The subfolder a link page's address has open; undefined for the shared folder's top. */
export function linkFolderOf(search: URLSearchParams): number | undefined {
  return parsePreviewId(search.get('parentid') ?? undefined);
}

/** Where the viewer's previous or next file opens: the same way in (a link's subfolder too), the same order. */
export function neighborPath(
  source: PreviewSourceParams,
  fileid: number,
  sort?: SortParams,
  linkFolder?: number,
): string {
  return source.link
    ? linkViewPath(source.link, fileid, { randCode: source.rand_code, parentid: linkFolder })
    : previewPath(fileid, sort);
}

/** Whether a row of the list opens in the viewer (folders open in the list itself). */
export function opensInViewer(file: Pick<FileRecord, 'ftype'>): boolean {
  return file.ftype === 'file';
}

/** A positive integer id from an address segment; undefined for anything else. */
export function parsePreviewId(segment: string | undefined): number | undefined {
  if (!segment || !/^[1-9]\d{0,9}$/.test(segment)) return undefined;
  const id = Number(segment);
  return id <= 2 ** 31 - 1 ? id : undefined;
}

/** The list order an address carries, or undefined (then the list's default order applies). */
export function sortFromSearch(search: URLSearchParams): SortParams | undefined {
  const orderby = search.get('orderby');
  const order = search.get('order');
  if (!SORT_FIELDS.includes(orderby as SortParams['orderby'])) return undefined;
  if (order !== 'asc' && order !== 'desc') return undefined;
  return { orderby: orderby as SortParams['orderby'], order };
}

/** What the view call asks for, from the route and its query; undefined when the address names nothing valid. */
export function sourceOf(
  kind: PreviewRouteKind,
  param: string | undefined,
  search: URLSearchParams,
): PreviewSourceParams | undefined {
  if (kind === 'link') {
    if (!param || !/^[A-Za-z0-9_-]{1,64}$/.test(param)) return undefined;
    const fileid = parsePreviewId(search.get('fileid') ?? undefined);
    return { link: param, fileid, rand_code: search.get('rand_code') ?? undefined };
  }
  const fileid = parsePreviewId(param);
  if (fileid === undefined) return undefined;
  if (kind === 'recycle') return { fileid, recycle: true };
  const history = search.get('history');
  if (kind === 'file' && history !== null) {
    const historyid = parsePreviewId(history);
    return historyid === undefined ? undefined : { fileid, history: historyid };
  }
  return { fileid };
}
