import { PAGE_SIZE_FAVORITES, STAR_LABEL_ID } from '@cirrus/shared';
import { z } from 'zod';
import { Id, IdList, Offset, pageSize, whole } from '../../http/params.ts';

/** Only the star label exists (spec 001 §9 "Star label id 1"). */
const LabelId = whole(z.literal(STAR_LABEL_ID));

export const LabelParams = z.object({ label: LabelId });
export const FileLabelParams = z.object({ id: Id, label: LabelId });

/** PUT and DELETE /api/v3/files/{id}/labels/1: body groupid (the file's space). */
export const LabelBody = z.preprocess((v) => v ?? {}, z.object({ groupid: Id.optional() }));

export const BatchUnlabelBody = z.object({ fileids: IdList });

/** GET /api/v3/labels/1/files: spec 001 §9 "favorites 50". */
export const LabelFilesQuery = z.object({ offset: Offset, count: pageSize(PAGE_SIZE_FAVORITES) });
