/** Stars (spec 001 §7 "Recent, recycle, stars"): label 1 on a file. */
import { type FileList, type FileRecord, STAR_LABEL_ID } from '@cirrus/shared';
import { http, type RequestOptions } from './http';

export const starsApi = {
  star: (fileid: number, groupid: number) =>
    http.put<FileRecord>(`/api/v3/files/${fileid}/labels/${STAR_LABEL_ID}`, { groupid }),

  unstar: (fileid: number, groupid: number) =>
    http.delete<void>(`/api/v3/files/${fileid}/labels/${STAR_LABEL_ID}`, { groupid }),

  unstarMany: (fileids: number[]) =>
    http.post<{ failList: [] }>(`/api/v3/files/labels/${STAR_LABEL_ID}/batch/delete`, { fileids }),

  list: (offset: number, count: number, options?: RequestOptions) =>
    http.get<FileList>(`/api/v3/labels/${STAR_LABEL_ID}/files`, { ...options, query: { offset, count } }),
};
