import type { FileList, FileRecord, GroupRecord } from '@cirrus/shared';
import { TREE_PAGE_SIZE } from '@cirrus/shared';
import { describe, expect, test } from 'vitest';
import { mergeById, mergeTeams, nextListOffset, nextTreeOffset } from './paging';

const file = (id: number) => ({ id, fname: `f${id}` }) as FileRecord;
const page = (ids: number[], offset: number, total: number): FileList => ({
  files: ids.map(file),
  offset,
  count: 50,
  total,
  more: offset + ids.length < total,
});

describe('file list paging (spec 001 §4: appended pages, deduplicated by id)', () => {
  test('pages are joined in order', () => {
    expect(mergeById([[file(1), file(2)], [file(3)]]).map((f) => f.id)).toEqual([1, 2, 3]);
  });

  test('a row that comes back on the next page (offsets shifted by a new file) is kept once, where it first was', () => {
    const merged = mergeById([
      [file(5), file(4), file(3)],
      [file(3), file(2), file(1)],
    ]);
    expect(merged.map((f) => f.id)).toEqual([5, 4, 3, 2, 1]);
  });

  test('the next page starts after what the server sent, duplicates included', () => {
    expect(nextListOffset(page([1, 2, 3], 0, 5))).toBe(3);
    expect(nextListOffset(page([3, 4], 3, 5))).toBeUndefined();
  });

  test('ten thousand rows merge quickly', () => {
    const pages = Array.from({ length: 200 }, (_, p) =>
      Array.from({ length: 50 }, (_, i) => file(p * 50 + i)),
    );
    const started = performance.now();
    expect(mergeById(pages)).toHaveLength(10_000);
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('folder tree paging (spec 001 §4: a page shorter than the limit is the end)', () => {
  const rows = (n: number) => ({ files: Array.from({ length: n }, () => ({})) });

  test.each([
    [[TREE_PAGE_SIZE], TREE_PAGE_SIZE],
    [[TREE_PAGE_SIZE, TREE_PAGE_SIZE], 2 * TREE_PAGE_SIZE],
    [[TREE_PAGE_SIZE, 99], undefined],
    [[0], undefined],
    [[], undefined],
  ])('pages of %j -> next offset %s', (sizes, expected) => {
    expect(nextTreeOffset(sizes.map(rows), TREE_PAGE_SIZE)).toBe(expected);
  });
});

test('teams: pinned first, each kind in the server order, deduplicated', () => {
  const team = (id: number, top: boolean) => ({ id, is_top_group: top }) as GroupRecord;
  const merged = mergeTeams([
    { groups: [team(1, false), team(2, true), team(3, false)] },
    { groups: [team(3, false), team(4, true)] },
  ]);
  expect(merged.map((t) => t.id)).toEqual([2, 4, 1, 3]);
});
