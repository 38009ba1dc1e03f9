/** The file list's order: a column click, and the user's last choice kept in this browser. */
import type { FileSort, SortField } from '../../api/drive';
import { DEFAULT_SORT } from './queries';

const SORT_KEY = 'cirrus.drive.sort';

/** The same column flips the order; a new one starts A to Z for names, largest or newest first otherwise. */
export function nextSort(current: FileSort, field: SortField): FileSort {
  if (current.orderby === field) return { orderby: field, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { orderby: field, order: field === 'name' ? 'asc' : 'desc' };
}

export function isFileSort(value: unknown): value is FileSort {
  const sort = value as FileSort | null;
  return (
    typeof sort === 'object' &&
    sort !== null &&
    ['name', 'mtime', 'size'].includes(sort.orderby) &&
    ['asc', 'desc'].includes(sort.order)
  );
}

export function readSort(): FileSort {
  try {
    const saved: unknown = JSON.parse(window.localStorage.getItem(SORT_KEY) ?? 'null');
    if (isFileSort(saved)) return saved;
  } catch {
    // nothing saved, or storage blocked
  }
  return DEFAULT_SORT;
}

export function saveSort(sort: FileSort): void {
  try {
    window.localStorage.setItem(SORT_KEY, JSON.stringify(sort));
  } catch {
    // not remembered
  }
}
