/**
 * File search (spec 001 §7 "Search"): the base call reads one keyword for names and contents; the
 * advanced call (when allow_advanced_search) a name, a content text, position, type and dates.
 * People and teams are found through the name-search calls (api/namesearch.ts).
 */
import type { FileSearchQuery, FileSearchResult } from '@cirrus/shared';
import type { BatchResult } from './drive';
import { http, type RequestOptions } from './http';

export type FileSearchMode = 'base' | 'adv';

/** The search page's move (spec 001 §7): only where the files go, as groupid and parentid. */
export interface SearchMoveBody {
  fileids: number[];
  groupid: number;
  parentid: number;
}

export const searchApi = {
  files: (mode: FileSearchMode, query: FileSearchQuery, options?: RequestOptions) =>
    http.get<FileSearchResult>(`/xfisearch/v1/me/${mode}/search/files`, { ...options, query: { ...query } }),

  moveFiles: (body: SearchMoveBody) =>
    http.post<BatchResult>(`/api/v3/groups/${body.groupid}/files/batch/move`, body),
};
