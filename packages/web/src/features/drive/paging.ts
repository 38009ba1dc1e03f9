/**
 * How pages of a list become one list (spec 001 §4): pages are appended in order and the result
 * is deduplicated by id, because a file created or moved between two page loads shifts the
 * offsets and may come back twice. The first occurrence wins, so rows do not jump.
 */
import type { FileList, GroupRecord } from '@cirrus/shared';

export function mergeById<T extends { id: number }>(pages: readonly (readonly T[])[]): T[] {
  const seen = new Set<number>();
  const merged: T[] = [];
  for (const page of pages) {
    for (const item of page) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      merged.push(item);
    }
  }
  return merged;
}

/** The offset of the next file-list page, or undefined when the server says no more follow. */
export function nextListOffset(lastPage: FileList): number | undefined {
  // Offsets count what the server sent, duplicates included: they are positions in its order.
  return lastPage.more ? lastPage.offset + lastPage.files.length : undefined;
}

/**
 * The folder tree's paging (spec 001 §4): the end is reached when a page returns fewer rows than
 * the limit; until then the next page starts after everything loaded so far.
 */
export function nextTreeOffset(
  pages: readonly { files: readonly unknown[] }[],
  limit: number,
): number | undefined {
  const last = pages.at(-1);
  if (!last || last.files.length < limit) return undefined;
  return pages.reduce((loaded, page) => loaded + page.files.length, 0);
}

/** Teams, pinned ones (is_top_group) first, each kind in the server's order; deduplicated by id. */
export function mergeTeams(pages: readonly { groups: readonly GroupRecord[] }[]): GroupRecord[] {
  const teams = mergeById(pages.map((page) => page.groups));
  return [...teams.filter((team) => team.is_top_group), ...teams.filter((team) => !team.is_top_group)];
}
