/**
 * The paths below a folder, as a range: those that begin with `prefix` (the folder's path, its id
 * and a slash: `/12/345/`). A path holds ids and slashes only and is compared byte by byte (BINARY
 * in SQLite, COLLATE "C" in PostgreSQL: migration 0013), so every path that begins with `prefix`
 * sorts at or after it and before `prefix` with its last slash raised to the next character, '0'
 * (`/12/3450` for `/12/345/`), and no other path sorts between the two.
 *
 * Queries write `path >= from AND path < to` rather than `path LIKE prefix%`: SQLite cannot take a
 * LIKE from the files_path index (LIKE ignores case there) and read every row of the space instead
 * (issue 11: the statement binning one file of a space of 100,000 took 38 ms, the whole call 59 ms,
 * and the scan filled the page cache).
 */
export function pathsBelow(prefix: string): { from: string; to: string } {
  if (!prefix.endsWith('/')) throw new Error(`not a folder's path prefix: ${prefix}`);
  // '0' is the character after '/'.
  return { from: prefix, to: `${prefix.slice(0, -1)}0` };
}

/** `pathsBelow` of a folder row: the paths of everything below it. */
export const below = (folder: { path: string; id: number }) => pathsBelow(`${folder.path}${folder.id}/`);
