import { DRAG_HOVER_OPEN_MS, type FileRecord } from '@cirrus/shared';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/useNotify';
import { currentDragMove, endDragMove, isDragMove, mayDropInto } from './drag-move';
import type { FolderRef, PersonalSpaceIds } from './location';
import { useTransfer } from './queries';
import { useTransferOutcome } from './transfer-outcome';

/** Moves what is dropped into a folder, with the Move to dialog's call and messages. */
export function useMoveOnDrop(personal: PersonalSpaceIds) {
  const transfer = useTransfer('move');
  const outcome = useTransferOutcome('move', personal);
  const notify = useNotify();
  // Only a drag that started in this page moves anything: the browser hides a drag's data until
  // the drop, so a drag from another tab could not be told apart while the pointer is over a folder.
  return (to: FolderRef) => {
    const move = currentDragMove();
    endDragMove();
    if (!move || !mayDropInto(move, to)) return;
    transfer.mutate(
      {
        fileids: move.ids,
        groupid: move.from.gid,
        parentid: move.from.folderId,
        target_groupid: to.gid,
        target_parentid: to.folderId,
      },
      {
        onSuccess: ({ failList }) => outcome(to, move.ids.length, failList),
        onError: (error) => notify.error(error),
      },
    );
  };
}

/**
 * A drag held over a folder opens it after DRAG_HOVER_OPEN_MS, as desktop file managers do
 * ("spring-loaded" folders), so that rows and desktop files can be dropped deeper than the folder
 * on screen. `over` is what the drag is over (undefined when over nothing that opens); the clock
 * starts again whenever it changes.
 */
export function useHoverOpen<T>(over: T | undefined, open: (over: T) => void): void {
  const latest = useRef(open);
  latest.current = open;
  useEffect(() => {
    if (over === undefined) return;
    const timer = setTimeout(() => latest.current(over), DRAG_HOVER_OPEN_MS);
    return () => clearTimeout(timer);
  }, [over]);
}

/**
 * Drop handlers for one element that stands for a folder (a crumb, a space of the side list, the
 * list of the folder open), and whether a drag that may land there is over it; held there, the
 * drag opens it (`open`, for an element that leads elsewhere). The pointer crossing the element's
 * children fires leave and enter, so a depth count says when it has really left.
 */
export function useFolderDropTarget(
  to: FolderRef | undefined,
  drop: (to: FolderRef) => void,
  open?: () => void,
) {
  const [depth, setDepth] = useState(0);
  useHoverOpen(open && depth > 0 ? true : undefined, () => {
    setDepth(0);
    open?.();
  });
  const takes = (event: DragEvent) =>
    to !== undefined && isDragMove(event.dataTransfer) && mayDropInto(currentDragMove(), to);
  return {
    over: depth > 0,
    handlers: {
      onDragEnter: (event: DragEvent) => {
        if (takes(event)) setDepth((d) => d + 1);
      },
      onDragOver: (event: DragEvent) => {
        if (!takes(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
      },
      onDragLeave: (event: DragEvent) => {
        if (takes(event)) setDepth((d) => Math.max(0, d - 1));
      },
      onDrop: (event: DragEvent) => {
        setDepth(0);
        // A folder inside the element (a row of the list) took the drop already.
        if (!to || !isDragMove(event.dataTransfer) || event.defaultPrevented) return;
        event.preventDefault();
        drop(to);
      },
    },
  };
}

type DragHandlers = Partial<
  Record<'onDragEnter' | 'onDragOver' | 'onDragLeave' | 'onDrop', (event: DragEvent) => void>
>;

/** Two sets of drag handlers on one element, each of which looks only at its own kind of drag. */
export function bothDragHandlers(a: DragHandlers, b: DragHandlers): DragHandlers {
  const keys = ['onDragEnter', 'onDragOver', 'onDragLeave', 'onDrop'] as const;
  return Object.fromEntries(
    keys.map((key) => [
      key,
      (event: DragEvent) => {
        a[key]?.(event);
        b[key]?.(event);
      },
    ]),
  );
}

/**
 * The picture that follows the pointer: the row's name, or how many rows go. A plain element in
 * the page for the moment the browser takes its picture, then removed.
 */
export function useDragLabel() {
  const { t } = useTranslation();
  return (files: readonly FileRecord[], data: DataTransfer) => {
    const label = document.createElement('div');
    label.className = 'cirrus-drag-label';
    label.textContent =
      files.length === 1 ? files[0].fname : t('drive.dragMove.count', { count: files.length });
    document.body.appendChild(label);
    data.setDragImage(label, -12, -8);
    setTimeout(() => label.remove(), 0);
  };
}
