import type { FileSearchResult, SearchFileHit } from '@cirrus/shared';
import { describe, expect, test } from 'vitest';
import { fetchFilePage, mergeHits, needsMore, nextFileOffset } from './paging';

const hit = (fileid: number) => ({ fileid }) as SearchFileHit;

function part(ids: number[], more: boolean, next: number): FileSearchResult {
  return {
    files: ids.map(hit),
    more,
    offset: 0,
    count: 0,
    result: { offset: next, part_offset: ids.length },
  };
}

describe('spec 001 §4: ask again while more and the part is below the page size', () => {
  test.each([
    [part([1, 2, 3], true, 3), 3, false],
    [part([1, 2], true, 9), 3, true],
    [part([1, 2], false, 2), 3, false],
    [part([], true, 500), 3, true],
  ])('%#', (result, pageSize, again) => {
    expect(needsMore(result, pageSize)).toBe(again);
  });

  test('a page is filled from several parts, each from the offset the server gave', async () => {
    const asked: [number, number][] = [];
    const answers = [part([1], true, 40), part([2, 3], true, 90), part([4, 5], true, 95)];
    const page = await fetchFilePage(
      async (offset, count) => {
        asked.push([offset, count]);
        return answers[asked.length - 1];
      },
      10,
      4,
    );
    expect(asked).toEqual([
      [10, 4],
      [40, 3],
      [90, 1],
    ]);
    expect(page.files.map((f) => f.fileid)).toEqual([1, 2, 3, 4, 5]);
    expect(page.result).toEqual({ offset: 95, part_offset: 5 });
    expect(nextFileOffset(page)).toBe(95);
  });

  test('a full first part is one request; no more means no next page', async () => {
    let calls = 0;
    const page = await fetchFilePage(
      async () => {
        calls++;
        return part([1, 2], false, 2);
      },
      0,
      2,
    );
    expect(calls).toBe(1);
    expect(nextFileOffset(page)).toBeUndefined();
  });

  test('pages merge without doubles', () => {
    expect(mergeHits([part([1, 2], true, 2), part([2, 3], false, 3)]).map((f) => f.fileid)).toEqual([
      1, 2, 3,
    ]);
  });
});
