/**
 * Recycle bins (spec 001 §7 "Recent, recycle, stars"): the personal bin at /api/v3/recycles, a
 * space's bin at /api/v3/groups/{gid}/recycles. "destory" is the spec's spelling.
 */
import type { BatchFailItem, RecoverResult, RecycleList } from '@cirrus/shared';
import { http, type RequestOptions } from './http';

/** The personal bin (my drive and uploaded files), or a team's bin. */
export type BinRef = { kind: 'mine' } | { kind: 'team'; gid: number };

const base = (bin: BinRef) =>
  bin.kind === 'mine' ? '/api/v3/recycles' : `/api/v3/groups/${bin.gid}/recycles`;

export const recycleApi = {
  list: (bin: BinRef, offset: number, count: number, options?: RequestOptions) =>
    http.get<RecycleList>(base(bin), { ...options, query: { offset, count } }),

  recover: (bin: BinRef, fileids: number[]) =>
    http.post<RecoverResult>(`${base(bin)}/batch/recover`, { fileids }),

  destroy: (bin: BinRef, fileids: number[]) =>
    http.post<{ failList: BatchFailItem[] }>(`${base(bin)}/batch/destory`, { fileids }),

  empty: (bin: BinRef) => http.delete<void>(base(bin)),
};
