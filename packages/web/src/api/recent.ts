/** Recent files (spec 001 §7 "Recent, recycle, stars"); "destory" is the spec's spelling. */
import type { RecentList } from '@cirrus/shared';
import { http, type RequestOptions } from './http';

export const recentApi = {
  list: (offset: number, count: number, options?: RequestOptions) =>
    http.get<RecentList>('/api/v3/roaming', { ...options, query: { offset, count } }),

  remove: (fileids: number[]) => http.post<{ failList: [] }>('/api/v3/roaming/batch/destory', { fileids }),
};
