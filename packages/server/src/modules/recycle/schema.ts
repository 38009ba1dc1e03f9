import { PAGE_SIZE_TRASH } from '@cirrus/shared';
import { z } from 'zod';
import { Id, IdList, Offset, pageSize } from '../../http/params.ts';

export const GroupParams = z.object({ gid: Id });

/** spec 001 §9: trash 50, team recycle 50. */
export const BinQuery = z.object({ offset: Offset, count: pageSize(PAGE_SIZE_TRASH) });

/** POST .../recycles/batch/recover and .../batch/destory. */
export const BinItemsBody = z.object({ fileids: IdList });
