/** The largest id an id column holds (PostgreSQL's integer; SQLite would take more). */
export const ID_MAX = 2 ** 31 - 1;

/** The id a text names ("12"), or undefined for any other text or a number no row can have. */
export function idOf(text: string): number | undefined {
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const id = Number(text);
  return id >= 1 && id <= ID_MAX ? id : undefined;
}
