/**
 * Activity and comments (spec 001 §7): the events of the user's spaces, of a team and of a file,
 * and the comments on a file.
 */
import type { CommentList, CommentRecord, EventList } from '@cirrus/shared';
import { http, type RequestOptions } from './http';

export const activityApi = {
  mine: (offset: number, count: number, options?: RequestOptions) =>
    http.get<EventList>('/api/v3/events', { ...options, query: { offset, count } }),

  team: (gid: number, offset: number, count: number, options?: RequestOptions) =>
    http.get<EventList>(`/api/v3/groups/${gid}/events`, { ...options, query: { offset, count } }),

  file: (fid: number, offset: number, count: number, options?: RequestOptions) =>
    http.get<EventList>(`/api/v3/files/${fid}/events`, { ...options, query: { offset, count } }),

  comments: (fid: number, offset: number, count: number, options?: RequestOptions) =>
    http.get<CommentList>(`/api/v3/files/${fid}/comments`, { ...options, query: { offset, count } }),

  addComment: (fid: number, content: string) =>
    http.post<CommentRecord>(`/api/v3/files/${fid}/comments`, { content }),

  deleteComment: (fid: number, commentid: number) =>
    http.delete<void>(`/api/v3/files/${fid}/comments`, { commentid }),
};
