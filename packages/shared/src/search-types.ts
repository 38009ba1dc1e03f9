// File search (spec 001 §7 "Search"): the answer of GET /xfisearch/v1/me/{base|adv}/search/files.

import type { FileRecord } from './api-types.ts';

/** [start, end) in UTF-16 code units of the string it belongs to. */
export type MatchRange = [number, number];

/** Why a file was found: its name, the pinyin of its name, or its content (ranked in that order). */
export type SearchMatch = 'name' | 'pinyin' | 'content';

/** spec 001 §3 "Search file item: see File", with what the result list highlights. */
export interface SearchFileHit extends FileRecord {
  search: {
    match: SearchMatch;
    /** Where the keyword is in fname (for pinyin matches: the characters it spells). */
    name_ranges: MatchRange[];
    /** Text around the first match in the content ('…' where it was cut), or null without text. */
    snippet: string | null;
    snippet_ranges: MatchRange[];
  };
}

/**
 * One answer of the file search. `result.offset` is where the next request starts; `part_offset`
 * is how many files this answer holds. The server fills a page itself, so an answer holds fewer
 * than `count` files only at the end (`more` false) or when it stopped early after skipping many
 * files the user may not read; then the client asks again from result.offset (spec 001 §4: "while
 * the server says more and the partial offset is below the page size").
 */
export interface FileSearchResult {
  files: SearchFileHit[];
  more: boolean;
  offset: number;
  count: number;
  result: { offset: number; part_offset: number };
}

/** Query of both file-search calls; base reads searchname (or fname), advanced also body. */
export interface FileSearchQuery {
  offset?: number;
  count?: number;
  searchname?: string;
  fname?: string;
  body?: string;
  /** Comma-separated space ids (the advanced form's position). */
  groupids?: string;
  /** Comma-separated extensions (a type filter group expands to its extensions). */
  exts?: string;
  /** mtime window in unix seconds, both ends included. */
  from?: number;
  to?: number;
  secret_label?: number;
}
