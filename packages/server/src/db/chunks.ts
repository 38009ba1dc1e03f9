/** Ids per query when a long list is looked up in parts (well within both databases' limits). */
export const ID_CHUNK = 500;

/** The list in parts of at most `size`, for `where id in (...)` queries. */
export function chunks<T>(items: readonly T[], size = ID_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
