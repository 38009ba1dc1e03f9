import { type Kysely, type Migration, Migrator } from 'kysely';
import * as core from './migrations/20261122_0001_core.ts';
import * as drive from './migrations/20261122_0002_drive.ts';
import * as accounts from './migrations/20261122_0003_accounts.ts';
import * as teams from './migrations/20261122_0004_teams.ts';
import * as history from './migrations/20261122_0005_history.ts';
import * as preview from './migrations/20261122_0006_preview.ts';
import * as search from './migrations/20261122_0007_search.ts';
import * as links from './migrations/20261122_0008_links.ts';
import * as admin from './migrations/20261122_0009_admin.ts';
import * as fileListOrder from './migrations/20261122_0010_file_list_order.ts';
import * as searchNameGrams from './migrations/20261122_0011_search_name_grams.ts';
import * as folderCounts from './migrations/20261122_0012_folder_counts.ts';
import * as pathOrder from './migrations/20261122_0013_path_order.ts';
import * as uploadIndexes from './migrations/20261124_0014_upload_indexes.ts';
import * as smallBlobs from './migrations/20261124_0015_small_blobs.ts';
import * as searchQueue from './migrations/20261124_0016_search_queue.ts';
import * as searchQueueRev from './migrations/20261127_0017_search_queue_rev.ts';
import * as searchNamesWritten from './migrations/20261127_0018_search_names_written.ts';
import * as chat from './migrations/20261128_0019_chat.ts';
import * as secdoc from './migrations/20261128_0020_secdoc.ts';
import * as linkLogVisits from './migrations/20261128_0021_link_log_visits.ts';
import * as nameOrder from './migrations/20261129_0022_name_order.ts';
import * as chatFiles from './migrations/20261130_0023_chat_files.ts';

export type MigrationDialect = 'sqlite' | 'postgres';

/** Migrations in order; each is a function of the dialect so that ids and types fit both. */
const MIGRATIONS: Record<string, (dialect: MigrationDialect) => Migration> = {
  '20261122_0001_core': core.migration,
  '20261122_0002_drive': drive.migration,
  '20261122_0003_accounts': accounts.migration,
  '20261122_0004_teams': teams.migration,
  '20261122_0005_history': history.migration,
  '20261122_0006_preview': preview.migration,
  '20261122_0007_search': search.migration,
  '20261122_0008_links': links.migration,
  '20261122_0009_admin': admin.migration,
  '20261122_0010_file_list_order': fileListOrder.migration,
  '20261122_0011_search_name_grams': searchNameGrams.migration,
  '20261122_0012_folder_counts': folderCounts.migration,
  '20261122_0013_path_order': pathOrder.migration,
  '20261124_0014_upload_indexes': uploadIndexes.migration,
  '20261124_0015_small_blobs': smallBlobs.migration,
  '20261124_0016_search_queue': searchQueue.migration,
  '20261127_0017_search_queue_rev': searchQueueRev.migration,
  '20261127_0018_search_names_written': searchNamesWritten.migration,
  '20261128_0019_chat': chat.migration,
  '20261128_0020_secdoc': secdoc.migration,
  '20261128_0021_link_log_visits': linkLogVisits.migration,
  '20261129_0022_name_order': nameOrder.migration,
  '20261130_0023_chat_files': chatFiles.migration,
};

export async function migrateToLatest(
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
  db: Kysely<any>,
  dialect: MigrationDialect,
  schema?: string,
): Promise<void> {
  const migrator = new Migrator({
    db,
    // With a PostgreSQL schema of its own (tests), the bookkeeping tables live there too.
    migrationTableSchema: schema,
    provider: {
      async getMigrations() {
        return Object.fromEntries(Object.entries(MIGRATIONS).map(([name, make]) => [name, make(dialect)]));
      },
    },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
