/**
 * A LIKE pattern that matches `text` literally anywhere, its wildcards escaped: use it with
 * ESCAPE '\' (PostgreSQL's default escape; SQLite has none unless told).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
