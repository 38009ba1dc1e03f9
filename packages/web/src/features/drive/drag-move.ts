/**
 * Moving rows by dragging them onto a folder: a folder row of the list, or a crumb of the trail
 * above it (to move them up). What a drag carries and where it may land, as plain functions; the
 * list and the breadcrumb wire them to the browser's drag events (useDragMove.ts).
 *
 * The browser hides a drag's data until the drop (dragover sees only its types), so the drag
 * that started in this page is also kept here, to tell a folder that may take it from one that
 * may not (the dragged folder itself, the folder the rows are in) while the pointer moves.
 */
import { type FileRecord, hasPermission } from '@cirrus/shared';
import type { FolderRef } from './location';

/** The drag data type of rows being moved; files dragged in from the desktop come as 'Files'. */
export const DRAG_MOVE_TYPE = 'application/x-cirrus-move';

export interface DragMove {
  /** The folder the rows are in. */
  from: FolderRef;
  ids: number[];
}

let current: DragMove | undefined;

/** The drag of rows that started in this page and has not ended, if any. */
export function currentDragMove(): DragMove | undefined {
  return current;
}

export function beginDragMove(move: DragMove, data: DataTransfer): void {
  current = move;
  data.effectAllowed = 'move';
  data.setData(DRAG_MOVE_TYPE, JSON.stringify(move));
}

export function endDragMove(): void {
  current = undefined;
}

/** Whether a drag over an element is a drag of rows (not files from the desktop, not text). */
export function isDragMove(data: DataTransfer | null): boolean {
  return data?.types.includes(DRAG_MOVE_TYPE) === true;
}

/**
 * What a drag from `file` takes along: the whole selection when the row is one of it, as in every
 * file manager, else the row alone.
 */
export function draggedFiles(
  file: FileRecord,
  selected: ReadonlySet<number>,
  files: readonly FileRecord[],
): FileRecord[] {
  if (!selected.has(file.id)) return [file];
  return files.filter((f) => selected.has(f.id));
}

/** Whether rows may be dragged at all: each of them may be moved (the Move to action's rule). */
export function mayDrag(files: readonly FileRecord[]): boolean {
  return files.length > 0 && files.every((file) => hasPermission(file.user_acl, 'move'));
}

/**
 * Whether the rows of `move` may be dropped into `target`: not into the folder they are in (that
 * moves nothing), and not a folder into itself. The server has the last word on permissions.
 */
export function mayDropInto(move: DragMove | undefined, target: FolderRef): boolean {
  if (!move) return false;
  if (move.from.gid === target.gid && move.from.folderId === target.folderId) return false;
  return !(target.folderId !== 0 && move.ids.includes(target.folderId));
}

/** A folder row as a drop target: a folder the user may put things in. */
export function folderRowTarget(file: FileRecord, gid: number): FolderRef | undefined {
  if (file.ftype !== 'folder' || !hasPermission(file.user_acl, 'upload')) return undefined;
  return { gid, folderId: file.id };
}
