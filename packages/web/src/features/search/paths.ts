/**
 * The search routes (spec 001 §2), under the app base:
 *   /search/{keyword}                              all results: teams, members and files
 *   /{area}/search/team|member|file/{keyword}      one kind in full; {area} is the first path
 *                                                  segment of the page the search started from
 * The file page keeps the query string, which also carries the advanced form's fields.
 */
import {
  type FileRecord,
  type FileSearchQuery,
  PAGE_SIZE_SEARCH_FILES,
  TYPE_FILTER_GROUPS,
  type TypeFilter,
} from '@cirrus/shared';
import type { FileSearchMode } from '../../api/search';
import { APP_BASE } from '../../app/paths';
import { drivePath, locationOfFolder, type PersonalSpaceIds } from '../drive/location';

export type SearchKind = 'team' | 'member' | 'file';
export const SEARCH_KINDS: readonly SearchKind[] = ['team', 'member', 'file'];

/** The drive shows the file with this id highlighted in its folder (features/drive). */
export const HIGHLIGHT_PARAM = 'highlight';

/** The first path segment under the base ("drive", "contacts" ...); the drive when there is none. */
export function searchAreaOf(pathname: string): string {
  const rest = pathname.startsWith(`${APP_BASE}/`) ? pathname.slice(APP_BASE.length + 1) : '';
  const first = rest.split('/')[0];
  return first && first !== 'search' ? first : 'drive';
}

/** The keyword of a search page's address (the search box shows it there), or undefined elsewhere. */
export function searchKeywordOf(pathname: string): string | undefined {
  if (!pathname.startsWith(`${APP_BASE}/`)) return undefined;
  const parts = pathname.slice(APP_BASE.length + 1).split('/');
  const at =
    parts[0] === 'search'
      ? 1
      : parts[1] === 'search' && SEARCH_KINDS.includes(parts[2] as SearchKind)
        ? 3
        : -1;
  if (at < 0 || parts.length > at + 1) return undefined;
  try {
    return decodeURIComponent(parts[at] ?? '');
  } catch {
    return undefined;
  }
}

export function searchAllPath(keyword: string): string {
  return `${APP_BASE}/search/${encodeURIComponent(keyword)}`;
}

export function searchListPath(area: string, kind: SearchKind, keyword: string, search = ''): string {
  const query = search && !search.startsWith('?') ? `?${search}` : search;
  return `${APP_BASE}/${area}/search/${kind}/${encodeURIComponent(keyword)}${query}`;
}

/** The folder a found file is in, with the file to highlight there. */
export function fileFolderPath(
  file: Pick<FileRecord, 'fileid' | 'groupid' | 'parentid'>,
  personal: PersonalSpaceIds,
): string {
  const folder = drivePath(locationOfFolder({ gid: file.groupid, folderId: file.parentid }, personal));
  return `${folder}?${HIGHLIGHT_PARAM}=${file.fileid}`;
}

/** The advanced form's fields, as the file search page's query string carries them. */
export interface AdvancedFilters {
  fname?: string;
  body?: string;
  groupids?: number[];
  type?: TypeFilter[];
  /** Unix seconds, both ends included. */
  from?: number;
  to?: number;
}

const isTypeFilter = (v: string): v is TypeFilter => v in TYPE_FILTER_GROUPS;
const positiveInts = (v: string | null) =>
  (v ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

/** Filters from a query string; `adv` says whether the advanced form was used. */
export function filtersFromSearch(search: string): { adv: boolean; filters: AdvancedFilters } {
  const p = new URLSearchParams(search);
  const filters: AdvancedFilters = {};
  const fname = p.get('fname')?.trim();
  const body = p.get('body')?.trim();
  if (fname) filters.fname = fname;
  if (body) filters.body = body;
  const groupids = positiveInts(p.get('groupids'));
  if (groupids.length) filters.groupids = groupids;
  const type = (p.get('type') ?? '').split(',').filter(isTypeFilter);
  if (type.length) filters.type = type;
  const [from] = positiveInts(p.get('from'));
  const [to] = positiveInts(p.get('to'));
  if (from) filters.from = from;
  if (to) filters.to = to;
  return { adv: p.get('adv') === '1', filters };
}

export function searchOfFilters(filters: AdvancedFilters): string {
  const p = new URLSearchParams({ adv: '1' });
  if (filters.fname) p.set('fname', filters.fname);
  if (filters.body) p.set('body', filters.body);
  if (filters.groupids?.length) p.set('groupids', filters.groupids.join(','));
  if (filters.type?.length) p.set('type', filters.type.join(','));
  if (filters.from) p.set('from', String(filters.from));
  if (filters.to) p.set('to', String(filters.to));
  return `?${p}`;
}

/**
 * Which call a file search makes and with what (spec 001 §6: allow_advanced_search decides): the
 * advanced call when the form was used and it is allowed, reading the keyword as the name unless
 * the form named one; otherwise the base call with the keyword.
 */
export function fileSearchRequest(
  keyword: string,
  search: string,
  advancedAllowed: boolean,
): { mode: FileSearchMode; query: FileSearchQuery; empty: boolean } {
  const { adv, filters } = filtersFromSearch(search);
  if (!adv || !advancedAllowed) {
    return {
      mode: 'base',
      query: { searchname: keyword, count: PAGE_SIZE_SEARCH_FILES },
      empty: keyword.trim() === '',
    };
  }
  const fname = filters.fname ?? keyword;
  const query: FileSearchQuery = {
    count: PAGE_SIZE_SEARCH_FILES,
    ...(fname ? { fname } : {}),
    ...(filters.body ? { body: filters.body } : {}),
    ...(filters.groupids ? { groupids: filters.groupids.join(',') } : {}),
    ...(filters.type ? { exts: filters.type.flatMap((t) => TYPE_FILTER_GROUPS[t]).join(',') } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
  return { mode: 'adv', query, empty: !fname.trim() && !filters.body };
}
