/** Moderation seen by an owner: the appeal of a blocked file or link (spec 001 §7). */
import { http } from './http';

export const moderationApi = {
  appeal: (kind: 'files' | 'links', id: number | string, reason: string) =>
    http.post<{ id: number; status: string }>(`/api/v3/${kind}/${id}/appeal`, { reason }),
};
