/** In-app notices (spec 001 §7 GET /xnc/v1/notices); marking read is ours. */
import type { NoticePage } from '@cirrus/shared';
import { http, type RequestOptions } from './http';

export const noticesApi = {
  list: (query: { offset?: number; limit?: number; unread?: boolean } = {}, options?: RequestOptions) =>
    http.get<NoticePage>('/xnc/v1/notices', { ...options, query }),
  /** Ours: PUT /xnc/v1/notices/read; all of them without ids. */
  markRead: (ids?: number[]) => http.put<{ unread: number }>('/xnc/v1/notices/read', ids ? { ids } : {}),
};
