/**
 * History versions (spec 001 §7 "History") and a volume's history limit (spec 000 §7). The /xfi
 * calls answer graph error codes; a version downloads through the content call with ?history=.
 */
import type { FileRecord, HistoryList, HistoryRecord, VolumeRecord } from '@cirrus/shared';
import { http, type RequestOptions } from './http';

export interface Modifier {
  id: number;
  name: string;
  avatar: string;
}

const xfiFile = (gid: number, fid: number) => `/xfi/v1/volumes/${gid}/files/${fid}`;

export const historyApi = {
  /** GET /xfi/v1/volumes/{v}/files/{f}/histories: modifier_id repeats. */
  list: (
    gid: number,
    fid: number,
    q: { offset: number; limit: number; modifierIds: number[] },
    options?: RequestOptions,
  ) => {
    const params = new URLSearchParams({ offset: String(q.offset), limit: String(q.limit) });
    for (const id of q.modifierIds) params.append('modifier_id', String(id));
    return http.get<HistoryList>(`${xfiFile(gid, fid)}/histories?${params}`, options);
  },

  modifiers: (gid: number, fid: number, options?: RequestOptions) =>
    http.get<{ modifiers: Modifier[] }>(`${xfiFile(gid, fid)}/modifiers`, {
      ...options,
      query: { offset: 0, limit: 1000 },
    }),

  recover: (gid: number, fid: number, hid: number) =>
    http.post<FileRecord>(`/api/v3/files/${fid}/histories/${hid}/recover`, {
      historyid: hid,
      fileid: fid,
      groupid: gid,
    }),

  remove: (fid: number, hid: number) => http.delete<void>(`/api/v3/files/${fid}/histories/${hid}`),

  setLog: (gid: number, fid: number, hid: number, log: string) =>
    http.patch<HistoryRecord>(`${xfiFile(gid, fid)}/histories/${hid}`, { log }),

  /** The bytes of one version, as an attachment. */
  downloadUrl: (gid: number, fid: number, hid: number) =>
    `/xfi/v1/me/volumes/${gid}/files/${fid}/content?platform=web&history=${hid}`,

  volume: (gid: number, options?: RequestOptions) =>
    http.get<VolumeRecord>(`/xfi/v1/volumes/${gid}`, options),

  setHistoryLimit: (gid: number, historyLimit: string | number) =>
    http.patch<VolumeRecord>(`/xfi/v1/volumes/${gid}`, { history_limit: historyLimit }),
};
