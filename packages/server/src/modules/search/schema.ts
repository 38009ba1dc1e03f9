import { PAGE_SIZE_SEARCH_FILES, SECRET_LABELS, TYPE_FILTER_GROUPS } from '@cirrus/shared';
import { z } from 'zod';
import { IdList, Offset, pageSize, whole } from '../../http/params.ts';

/** An empty query value ("exts=") counts as absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** Cut to 30 characters by the service (spec 001 §5); longer input is not an error. */
const Keyword = optional(z.string().max(1000));

/** Extensions or type filter groups (spec 001 §3: txt, doc, xls, ppt, pdf expand to their extensions). */
const Exts = optional(
  z
    .string()
    .max(1000)
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().replace(/^\./, '').toLowerCase())
        .filter((e) => e !== ''),
    )
    .pipe(z.array(z.string().regex(/^[\p{L}\p{N}_-]{1,32}$/u)).max(100)),
);

/** Unix seconds; a value above 1e12 is read as milliseconds (spec 001 §3 reads mtime so). */
const Time = optional(whole(z.number().nonnegative()).transform((v) => Math.floor(v > 1e12 ? v / 1000 : v)));

/** GET /xfisearch/v1/me/{base|adv}/search/files (spec 001 §7 "Search"). */
export const FileSearchQuery = z.object({
  count: pageSize(PAGE_SIZE_SEARCH_FILES, 100),
  offset: Offset,
  searchname: Keyword,
  fname: Keyword,
  body: Keyword,
  groupids: optional(IdList),
  exts: Exts,
  /** Type filter groups by name (ours, besides exts): type=doc,pdf. */
  type: optional(
    z
      .string()
      .max(100)
      .transform((v) => v.split(',').filter((t) => t !== ''))
      .pipe(z.array(z.enum(Object.keys(TYPE_FILTER_GROUPS) as [keyof typeof TYPE_FILTER_GROUPS]))),
  ),
  from: Time,
  to: Time,
  secret_label: optional(whole(z.number().int().min(0).max(SECRET_LABELS.top_secret))),
});
export type FileSearchQuery = z.infer<typeof FileSearchQuery>;

/** The extensions a query asks for: its exts and the extensions of its type groups, or none. */
export function extensionsOf(q: Pick<FileSearchQuery, 'exts' | 'type'>): string[] | undefined {
  const all = [...(q.exts ?? []), ...(q.type ?? []).flatMap((t) => TYPE_FILTER_GROUPS[t])];
  return all.length ? [...new Set(all)] : undefined;
}
