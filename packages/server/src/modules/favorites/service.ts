import type { FavoriteItem, FavoriteType } from '@cirrus/shared';
import type { Db } from '../../db/index.ts';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import { deptsOfUsers } from '../contacts/repo.ts';
import type { SpaceService } from '../spaces/service.ts';
import type { UserService } from '../users/service.ts';
import * as repo from './repo.ts';
import type { FavoritesQuery } from './schema.ts';

const USER: FavoriteType = 4;
const TEAM: FavoriteType = 3;

interface Deps {
  db: Db;
  users: UserService;
  /** Which teams the actor belongs to (type 3 favourites). */
  spaces: Pick<SpaceService, 'access'>;
  now: () => number;
}

/** The favourite star (spec 000 §2, §3, §4): a user stars people (type 4) and teams (type 3). */
export function createFavoriteService({ db, users, spaces, now }: Deps) {
  return {
    /** Starred people (type 4) and teams (type 3), newest first; one type when asked. */
    async list(actor: Actor, query: FavoritesQuery) {
      const rows = await repo.listFavorites(db, actor.userId, query.type, query.offset, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const userIds = page.filter((r) => r.type === USER).map((r) => r.entity_id);
      const [people, depts] = await Promise.all([repo.findUsers(db, userIds), deptsOfUsers(db, userIds)]);
      const favorites: FavoriteItem[] = [];
      for (const r of page) {
        if (r.type === TEAM) {
          // A team the actor left or that was deleted stays starred but is not shown.
          const access = await spaces.access(actor, r.entity_id);
          if (access?.space.type !== 'team') continue;
          const { space } = access;
          favorites.push({
            type: TEAM,
            entity_id: r.entity_id,
            created_at: r.created_at,
            group: { id: space.id, name: space.name, avatar: space.avatar, type: space.team_type },
          });
          continue;
        }
        const user = people.find((p) => p.id === r.entity_id);
        if (!user) continue;
        favorites.push({
          type: USER,
          entity_id: r.entity_id,
          created_at: r.created_at,
          user: {
            id: user.id,
            nick_name: user.nick_name,
            unique_name: user.unique_name,
            email: user.email ?? '',
            avatar: user.avatar,
            depts: depts
              .filter((d) => d.user_id === r.entity_id)
              .map((d) => ({
                id: d.id,
                display_name: d.name,
                display_path_name: d.display_path_name,
                path_name: d.display_path_name,
              })),
          },
        });
      }
      return { favorites, offset: query.offset, limit: query.limit, more: rows.length > query.limit };
    },

    /** Stars a user the actor may see, or a team they belong to; starring twice is the same as once. */
    async add(actor: Actor, type: FavoriteType, entityId: number): Promise<FavoriteItem> {
      if (type === USER && !(await users.canSee(actor, entityId))) throw new DomainError('userNotExist');
      if (type === TEAM && (await spaces.access(actor, entityId))?.space.type !== 'team') {
        throw new DomainError('groupNotExist');
      }
      await repo.addFavorite(db, { user_id: actor.userId, type, entity_id: entityId, created_at: now() });
      const row = await repo.findFavorite(db, actor.userId, type, entityId);
      return { type, entity_id: entityId, created_at: row?.created_at ?? now() };
    },

    async remove(actor: Actor, type: FavoriteType, entityId: number): Promise<void> {
      await repo.removeFavorite(db, actor.userId, type, entityId);
    },

    async has(actor: Actor, type: FavoriteType, entityId: number): Promise<boolean> {
      return (await repo.findFavorite(db, actor.userId, type, entityId)) !== undefined;
    },
  };
}

export type FavoriteService = ReturnType<typeof createFavoriteService>;
