import type { Db, DbOrTrx } from '../../db/index.ts';
import type { GroupRow } from '../../db/schema.ts';
import type { BlobCollector } from '../blobs/service.ts';
import type { SettingsService } from '../settings/service.ts';

/**
 * The history limit of a volume (spec 000 §3, §9; spec 001 §3): how many earlier versions a file
 * keeps besides its current content. The team's own history_limit, else the deployment's
 * history_version_count; never above history_version_max. 0 keeps only the current content.
 * When a new version makes a file exceed it, the oldest versions are dropped and their blobs
 * become orphans for the collector.
 */
export function createVersionKeeper({
  db,
  settings,
  orphans,
}: {
  db: Db;
  settings: SettingsService;
  orphans: Pick<BlobCollector, 'orphaned'>;
}) {
  async function limitOf(space: Pick<GroupRow, 'history_limit' | 'company_id'>): Promise<number> {
    const { history_version_count, history_version_max } = await settings.get(space.company_id);
    return Math.max(0, Math.min(space.history_limit ?? history_version_count, history_version_max));
  }

  /** Drops the versions of a file beyond `limit` earlier ones, oldest first, in the caller's transaction. */
  async function trim(trx: DbOrTrx, fileId: number, currentVer: number, limit: number): Promise<number> {
    const dropped = await trx
      .selectFrom('file_versions')
      .select(['id', 'sha256'])
      .where('file_id', '=', fileId)
      .where('ver', '<>', currentVer)
      .orderBy('ver', 'desc')
      .offset(limit)
      .limit(1_000_000)
      .execute();
    if (dropped.length === 0) return 0;
    const ids = dropped.map((v) => v.id);
    for (let i = 0; i < ids.length; i += 500) {
      await trx
        .deleteFrom('file_versions')
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
    }
    await orphans.orphaned(
      trx,
      dropped.map((v) => v.sha256),
    );
    return dropped.length;
  }

  return {
    limitOf,
    trim,

    /**
     * After a new version of a file committed: the versions beyond its space's limit go, in a
     * transaction of their own (a crash in between leaves one version too many until the next).
     */
    async trimFile(space: Pick<GroupRow, 'history_limit' | 'company_id'>, fileId: number): Promise<number> {
      const limit = await limitOf(space);
      return db.transaction().execute(async (trx) => {
        const file = await trx.selectFrom('files').select('ver').where('id', '=', fileId).executeTakeFirst();
        return file ? trim(trx, fileId, file.ver, limit) : 0;
      });
    },
  };
}

export type VersionKeeper = ReturnType<typeof createVersionKeeper>;
