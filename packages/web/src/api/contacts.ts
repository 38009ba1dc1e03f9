/** Contacts service (spec 000 §7 "Contacts service"): users, departments, groups, favourites. */
import type { FavoriteItem, FavoriteType, SelfUser, UserBrief, UserDept } from '@cirrus/shared';
import { http, type RequestOptions } from './http';

/** PATCH /v1/users/self: a changed email or phone needs its binding code. */
export interface UpdateSelfBody {
  nick_name?: string;
  email?: string;
  phone_number?: string;
  address?: string;
  sex?: 0 | 1 | 2;
  code?: string;
}

export const contactsApi = {
  /** GET /v1/users/self: the current user; 401 userNotLogin when logged out. */
  getSelf: (options?: RequestOptions) => http.get<SelfUser>('/v1/users/self', options),

  updateSelf: (body: UpdateSelfBody) => http.patch<SelfUser>('/v1/users/self', body),

  updateExtPhone: (extPhoneNumber: string) =>
    http.patch<SelfUser>('/v1/companies/self/members/self', { ext_phone_number: extPhoneNumber }),

  getUserBrief: (id: number) => http.get<UserBrief>(`/u/v1/companies/self/users/${id}/brief`),

  getUserDepts: (id: number) => http.get<{ depts: UserDept[] }>(`/v1/companies/self/users/${id}/depts`),

  favorites: (query: { type?: FavoriteType; offset?: number; limit?: number } = {}) =>
    http.get<{ favorites: FavoriteItem[]; more: boolean }>('/u/v1/users/self/favorites', { query }),

  addFavorite: (type: FavoriteType, entityId: number) =>
    http.post<FavoriteItem>(`/v1/users/self/favorites/${type}`, { entity_id: entityId }),

  removeFavorite: (type: FavoriteType, entityId: number) =>
    http.delete<void>(`/v1/users/self/favorites/${type}/${entityId}`),
};
