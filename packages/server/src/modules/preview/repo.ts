import type { PreviewImageSize } from '@cirrus/shared';
import type { Selectable } from 'kysely';
import type { DbOrTrx } from '../../db/index.ts';
import type { PreviewRenditionsTable } from '../../db/schema.ts';

export type RenditionRow = Selectable<PreviewRenditionsTable>;
export type RenditionName = 'pdf' | PreviewImageSize | 'inspect';

export function findRendition(db: DbOrTrx, sha256: string, name: RenditionName) {
  return db
    .selectFrom('preview_renditions')
    .selectAll()
    .where('source_sha256', '=', sha256)
    .where('name', '=', name)
    .executeTakeFirst();
}

/** Writes a rendition's state, whatever was there (a retry, or two requests that raced). */
export async function saveRendition(
  db: DbOrTrx,
  row: {
    source_sha256: string;
    name: RenditionName;
    state: RenditionRow['state'];
    result_sha256?: string;
    result_size?: number;
    content_type?: string;
    error?: string;
    at: number;
  },
): Promise<void> {
  const values = {
    state: row.state,
    result_sha256: row.result_sha256 ?? '',
    result_size: row.result_size ?? 0,
    content_type: row.content_type ?? '',
    error: row.error ?? '',
    updated_at: row.at,
  };
  await db
    .insertInto('preview_renditions')
    .values({ source_sha256: row.source_sha256, name: row.name, created_at: row.at, ...values })
    .onConflict((oc) => oc.columns(['source_sha256', 'name']).doUpdateSet(values))
    .execute();
}
