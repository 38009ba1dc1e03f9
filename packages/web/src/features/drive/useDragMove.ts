import type { FileRecord } from '@cirrus/shared';
import { type DragEvent, useState } from 'react';
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
 * Drop handlers for one element that stands for a folder (a crumb), and whether a drag that may
 * land there is over it. The pointer crossing the element's children fires leave and enter, so a
 * depth count says when it has really left.
 */
export function useFolderDropTarget(to: FolderRef | undefined, drop: (to: FolderRef) => void) {
  const [depth, setDepth] = useState(0);
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
        if (!to || !isDragMove(event.dataTransfer)) return;
        event.preventDefault();
        drop(to);
      },
    },
  };
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
