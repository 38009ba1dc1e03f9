/**
 * Row selection of the file list, as pure functions over the ids in list order. The rules are the
 * ones desktop file managers taught everybody:
 * - a plain click selects only that row; Ctrl/Cmd-click toggles it;
 * - Shift-click selects the range from the anchor (the last row clicked without Shift) to the row,
 *   replacing the selection; with Ctrl/Cmd as well it adds the range;
 * - a checkbox toggles its row, and Shift on a checkbox adds the range (the checkbox never clears
 *   other rows, so ticking boxes one by one works as expected).
 */

export interface Selection {
  selected: ReadonlySet<number>;
  /** Where a Shift range starts; null before the first click. */
  anchor: number | null;
}

export const EMPTY_SELECTION: Selection = { selected: new Set(), anchor: null };

export interface ClickModifiers {
  shift?: boolean;
  /** Ctrl on Windows and Linux, Cmd on a Mac. */
  toggle?: boolean;
}

/** The ids from a to b inclusive, in list order; just b when a is no longer in the list. */
export function rangeBetween(ids: readonly number[], a: number | null, b: number): number[] {
  const to = ids.indexOf(b);
  if (to < 0) return [];
  const from = a === null ? -1 : ids.indexOf(a);
  if (from < 0) return [b];
  return ids.slice(Math.min(from, to), Math.max(from, to) + 1);
}

function toggled(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** A click on a row (not on its checkbox). */
export function clickRow(
  state: Selection,
  ids: readonly number[],
  id: number,
  { shift, toggle }: ClickModifiers = {},
): Selection {
  if (shift) {
    const range = rangeBetween(ids, state.anchor, id);
    const selected = toggle ? new Set([...state.selected, ...range]) : new Set(range);
    // The anchor stays, so a second Shift-click re-draws the range from the same row.
    return { selected, anchor: state.anchor ?? id };
  }
  if (toggle) return { selected: toggled(state.selected, id), anchor: id };
  return { selected: new Set([id]), anchor: id };
}

/** A click on a row's checkbox. */
export function clickCheckbox(
  state: Selection,
  ids: readonly number[],
  id: number,
  { shift }: ClickModifiers = {},
): Selection {
  if (shift && state.anchor !== null) {
    return { selected: new Set([...state.selected, ...rangeBetween(ids, state.anchor, id)]), anchor: id };
  }
  return { selected: toggled(state.selected, id), anchor: id };
}

/** Whether every row is selected (the select-all box is ticked). */
export function allSelected(state: Selection, ids: readonly number[]): boolean {
  return ids.length > 0 && ids.every((id) => state.selected.has(id));
}

/** The select-all box: selects every loaded row, or clears when all already are. */
export function toggleAll(state: Selection, ids: readonly number[]): Selection {
  return allSelected(state, ids) ? EMPTY_SELECTION : { selected: new Set(ids), anchor: state.anchor };
}

/** Drops ids that left the list (deleted, moved away), keeping the order of the list. */
export function keepPresent(state: Selection, ids: readonly number[]): Selection {
  const present = ids.filter((id) => state.selected.has(id));
  if (present.length === state.selected.size) return state;
  return {
    selected: new Set(present),
    anchor: state.anchor !== null && ids.includes(state.anchor) ? state.anchor : null,
  };
}

/** Where the arrow keys (and Home, End) take the cursor. */
export type CursorMove = 'next' | 'previous' | 'first' | 'last';

/**
 * A key that moves the cursor: the row it lands on is selected alone, or with Shift the range
 * from the anchor to it, as a Shift-click draws it. The cursor starts from the last row clicked
 * (the anchor) when the keys have not moved it yet; undefined when the list is empty. `step` is
 * how far next and previous go (a line of the grid's tiles for its up and down).
 */
export function moveCursor(
  state: Selection,
  ids: readonly number[],
  cursor: number | null,
  move: CursorMove,
  { shift }: ClickModifiers = {},
  step = 1,
): { selection: Selection; cursor: number } | undefined {
  if (ids.length === 0) return undefined;
  const at = cursor !== null && ids.includes(cursor) ? ids.indexOf(cursor) : ids.indexOf(state.anchor ?? NaN);
  const last = ids.length - 1;
  const index = {
    first: 0,
    last,
    // From nowhere, both arrows start at the top.
    next: at < 0 ? 0 : Math.min(at + step, last),
    previous: at < 0 ? 0 : Math.max(at - step, 0),
  }[move];
  const id = ids[index];
  if (!shift) return { selection: { selected: new Set([id]), anchor: id }, cursor: id };
  const anchor = state.anchor !== null && ids.includes(state.anchor) ? state.anchor : (ids[at] ?? id);
  return { selection: { selected: new Set(rangeBetween(ids, anchor, id)), anchor }, cursor: id };
}

/** A right-click keeps a selection that contains the row, else selects just that row. */
export function contextSelect(state: Selection, id: number): Selection {
  return state.selected.has(id) ? state : { selected: new Set([id]), anchor: id };
}
