import { describe, expect, test } from 'vitest';
import {
  allSelected,
  clickCheckbox,
  clickRow,
  contextSelect,
  EMPTY_SELECTION,
  keepPresent,
  moveCursor,
  rangeBetween,
  type Selection,
  toggleAll,
} from './selection';

const ids = [10, 11, 12, 13, 14, 15];
const sel = (selected: number[], anchor: number | null = null): Selection => ({
  selected: new Set(selected),
  anchor,
});
const picked = (state: Selection) => [...state.selected].sort((a, b) => a - b);

describe('rangeBetween', () => {
  test.each([
    [11, 14, [11, 12, 13, 14]],
    [14, 11, [11, 12, 13, 14]],
    [12, 12, [12]],
    [null, 13, [13]],
    [99, 13, [13]],
  ])('from %s to %s', (from, to, expected) => {
    expect(rangeBetween(ids, from, to)).toEqual(expected);
  });
});

describe('clicking rows', () => {
  test('a plain click selects only that row and sets the anchor', () => {
    const state = clickRow(sel([10, 11], 10), ids, 13);
    expect(picked(state)).toEqual([13]);
    expect(state.anchor).toBe(13);
  });

  test('Ctrl/Cmd-click toggles one row and keeps the others', () => {
    const on = clickRow(sel([10], 10), ids, 12, { toggle: true });
    expect(picked(on)).toEqual([10, 12]);
    const off = clickRow(on, ids, 10, { toggle: true });
    expect(picked(off)).toEqual([12]);
  });

  test('Shift-click selects the range from the anchor, downwards and upwards', () => {
    const first = clickRow(EMPTY_SELECTION, ids, 11);
    const down = clickRow(first, ids, 14, { shift: true });
    expect(picked(down)).toEqual([11, 12, 13, 14]);
    // a second Shift-click re-draws the range from the same anchor
    const up = clickRow(down, ids, 10, { shift: true });
    expect(picked(up)).toEqual([10, 11]);
    expect(up.anchor).toBe(11);
  });

  test('Shift-click replaces the selection; Ctrl+Shift adds the range to it', () => {
    const start = sel([15, 10], 10);
    expect(picked(clickRow(start, ids, 12, { shift: true }))).toEqual([10, 11, 12]);
    expect(picked(clickRow(start, ids, 12, { shift: true, toggle: true }))).toEqual([10, 11, 12, 15]);
  });

  test('Shift-click without an anchor selects just the row', () => {
    expect(picked(clickRow(EMPTY_SELECTION, ids, 13, { shift: true }))).toEqual([13]);
  });
});

describe('the arrow keys', () => {
  test('move from the last row clicked, selecting the row they land on alone', () => {
    const down = moveCursor(sel([12], 12), ids, null, 'next');
    expect(down?.cursor).toBe(13);
    expect(picked(down?.selection ?? EMPTY_SELECTION)).toEqual([13]);
    expect(moveCursor(sel([12], 12), ids, 13, 'previous')?.cursor).toBe(12);
  });

  test('stop at the ends; Home and End go there; from nowhere they start at the top', () => {
    expect(moveCursor(EMPTY_SELECTION, ids, 15, 'next')?.cursor).toBe(15);
    expect(moveCursor(EMPTY_SELECTION, ids, 10, 'previous')?.cursor).toBe(10);
    expect(moveCursor(EMPTY_SELECTION, ids, 12, 'last')?.cursor).toBe(15);
    expect(moveCursor(EMPTY_SELECTION, ids, 12, 'first')?.cursor).toBe(10);
    expect(moveCursor(EMPTY_SELECTION, ids, null, 'next')?.cursor).toBe(10);
    expect(moveCursor(EMPTY_SELECTION, ids, null, 'previous')?.cursor).toBe(10);
    expect(moveCursor(EMPTY_SELECTION, [], null, 'next')).toBeUndefined();
  });

  test('with Shift draw the range from the anchor, which stays', () => {
    const first = moveCursor(sel([12], 12), ids, 12, 'next', { shift: true });
    expect(picked(first?.selection ?? EMPTY_SELECTION)).toEqual([12, 13]);
    const second = moveCursor(first?.selection ?? EMPTY_SELECTION, ids, 13, 'next', { shift: true });
    expect(picked(second?.selection ?? EMPTY_SELECTION)).toEqual([12, 13, 14]);
    expect(second?.selection.anchor).toBe(12);
    // Back up past the anchor: the range turns round it
    const up = moveCursor(sel([12, 13], 12), ids, 12, 'first', { shift: true });
    expect(picked(up?.selection ?? EMPTY_SELECTION)).toEqual([10, 11, 12]);
  });

  test('in the grid, up and down go a line of tiles, stopping at the ends', () => {
    expect(moveCursor(EMPTY_SELECTION, ids, 10, 'next', {}, 4)?.cursor).toBe(14);
    expect(moveCursor(EMPTY_SELECTION, ids, 14, 'previous', {}, 4)?.cursor).toBe(10);
    expect(moveCursor(EMPTY_SELECTION, ids, 13, 'next', {}, 4)?.cursor).toBe(15);
    expect(moveCursor(EMPTY_SELECTION, ids, 12, 'previous', {}, 4)?.cursor).toBe(10);
  });

  test('a cursor on a row that left the list starts again from the anchor', () => {
    expect(moveCursor(sel([11], 11), ids, 99, 'next')?.cursor).toBe(12);
  });
});

describe('checkboxes', () => {
  test('a checkbox toggles its row without touching the others', () => {
    const state = clickCheckbox(sel([10], 10), ids, 13);
    expect(picked(state)).toEqual([10, 13]);
    expect(picked(clickCheckbox(state, ids, 10))).toEqual([13]);
  });

  test('Shift on a checkbox adds the range from the last box', () => {
    const first = clickCheckbox(EMPTY_SELECTION, ids, 10);
    const second = clickCheckbox(first, ids, 15);
    const range = clickCheckbox(clickCheckbox(second, ids, 12), ids, 14, { shift: true });
    expect(picked(range)).toEqual([10, 12, 13, 14, 15]);
  });
});

describe('select all', () => {
  test('ticks every loaded row, and clears when all are ticked', () => {
    const all = toggleAll(sel([11]), ids);
    expect(allSelected(all, ids)).toBe(true);
    expect(picked(toggleAll(all, ids))).toEqual([]);
  });

  test('an empty list is never all selected', () => {
    expect(allSelected(EMPTY_SELECTION, [])).toBe(false);
  });
});

test('rows that left the list leave the selection, and a gone anchor is dropped', () => {
  const state = keepPresent(sel([10, 12, 14], 12), [10, 11, 13, 14]);
  expect(picked(state)).toEqual([10, 14]);
  expect(state.anchor).toBeNull();
  const same = sel([10], 10);
  expect(keepPresent(same, ids)).toBe(same);
});

test('a right-click keeps a selection that holds the row, else selects just it', () => {
  const state = sel([10, 11], 10);
  expect(contextSelect(state, 11)).toBe(state);
  expect(picked(contextSelect(state, 13))).toEqual([13]);
});
