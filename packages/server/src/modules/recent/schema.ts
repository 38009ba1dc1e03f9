import { PAGE_SIZE_RECENT } from '@cirrus/shared';
import { z } from 'zod';
import { IdList, Offset, pageSize, whole } from '../../http/params.ts';

/** GET /api/v3/roaming: count (recent 50, spec 001 §9), offset, max_mtime (read on from a time). */
export const RecentQuery = z.object({
  offset: Offset,
  count: pageSize(PAGE_SIZE_RECENT),
  max_mtime: whole(z.number().int().positive()).optional(),
});

export const RecentRemoveBody = z.object({ fileids: IdList });
