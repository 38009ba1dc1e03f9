import { HISTORY_LOG_MAX, MODIFIERS_LIMIT, PAGE_SIZE_HISTORY } from '@cirrus/shared';
import { z } from 'zod';
import { Id, Offset, pageSize } from '../../http/params.ts';

export const FileIdParams = z.object({ id: Id });
export const HistoryParams = z.object({ id: Id, hid: Id });
export const VolumeParams = z.object({ v: Id });
export const VolumeFileParams = z.object({ v: Id, f: Id });
export const VolumeHistoryParams = z.object({ v: Id, f: Id, id: Id });

export const HistoriesQuery = z.object({ offset: Offset, count: pageSize(PAGE_SIZE_HISTORY) });

/** modifier_id may repeat (?modifier_id=3&modifier_id=7) or come as a comma list. */
const ModifierIds = z.preprocess(
  (v) =>
    v === undefined
      ? []
      : (Array.isArray(v) ? v : [v]).flatMap((s) => String(s).split(',')).filter((s) => s.trim() !== ''),
  z.array(Id).max(100),
);

export const XfiHistoriesQuery = z.object({
  offset: Offset,
  limit: pageSize(PAGE_SIZE_HISTORY),
  modifier_id: ModifierIds,
});

/** spec 001 §7: offset 0, limit 1000. */
export const ModifiersQuery = z.object({ offset: Offset, limit: pageSize(MODIFIERS_LIMIT, MODIFIERS_LIMIT) });

/** POST .../histories/{hid}/recover: body historyid, fileid, groupid (the path says the same). */
export const RecoverBody = z.preprocess(
  (v) => v ?? {},
  z.object({ historyid: Id.optional(), fileid: Id.optional(), groupid: Id.optional() }),
);

export const LogBody = z.object({ log: z.string().max(HISTORY_LOG_MAX) });

/** PATCH /xfi/v1/volumes/{v}: history_limit, checked by the shared rule (spec 000 §5). */
export const VolumeBody = z.object({ history_limit: z.union([z.number(), z.string().max(20)]) });
