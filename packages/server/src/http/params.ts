import { z } from 'zod';
import { ID_MAX } from '../db/ids.ts';

/**
 * A number as the clients send it, in a path, a query or a body: a JSON number or a decimal string
 * ("12", "-1"), then checked by `schema`. Nothing else counts as a number: not "0x10", "1e3", " 1",
 * "" (which `z.coerce` reads as 16, 1000, 1 and 0), nor true, null or [1].
 */
export function whole<T extends z.ZodType<number, number>>(schema: T) {
  return z
    .union([
      z.number(),
      z
        .string()
        .regex(/^-?\d{1,16}$/)
        .transform(Number),
    ])
    .pipe(schema);
}

/** A positive integer id in a path or query ("12"). */
export const Id = whole(z.number().int().positive().max(ID_MAX));

/** An id, or 0 for none (a company id of 0: people outside any company). */
export const IdOrZero = whole(z.number().int().nonnegative().max(ID_MAX));
/** A folder id: 0 is the space root (spec 001 §7 "files/0"). */
export const FolderId = IdOrZero;

/** A boolean query flag: true/false, 1/0. */
export const QueryBool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Ids as a JSON array or a comma-separated string ("1,2,3"), as the specs' clients send them. */
export const IdList = z.preprocess(
  (v) =>
    typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : typeof v === 'number' ? [v] : v,
  z.array(Id).min(1).max(1000),
);

export const Offset = whole(z.number().int().nonnegative().max(1_000_000_000)).default(0);

/** A page size with the spec's default and a ceiling. */
export function pageSize(fallback: number, max = 1000) {
  return whole(z.number().int().positive().max(max)).default(fallback);
}
