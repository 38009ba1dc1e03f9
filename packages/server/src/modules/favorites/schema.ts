import { PAGE_SIZE_MEMBERS } from '@cirrus/shared';
import { z } from 'zod';
import { Id, Offset, pageSize, whole } from '../../http/params.ts';

/** Favourites are typed (spec 000 §3): 3 team, 4 user. */
export const FavoriteTypeParam = whole(z.literal([3, 4]));

export const FavoriteTypeParams = z.object({ type: FavoriteTypeParam });
export const FavoriteParams = z.object({ type: FavoriteTypeParam, id: Id });
export const AddFavoriteBody = z.object({ entity_id: Id });

export const FavoritesQuery = z.object({
  type: FavoriteTypeParam.optional(),
  offset: Offset,
  limit: pageSize(PAGE_SIZE_MEMBERS, 200),
});
export type FavoritesQuery = z.infer<typeof FavoritesQuery>;
