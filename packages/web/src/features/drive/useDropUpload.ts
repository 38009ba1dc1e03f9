import { type DragEvent, useRef, useState } from 'react';
import { type Collected, fromDataTransfer } from './upload/collect';

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * Files and folders dropped on an element. Nested elements fire enter and leave as the pointer
 * crosses them, so a depth count, not the last event, says whether a drag is over the element.
 * `onDrop` is also told which element the files were dropped on (a folder's row takes them).
 */
export function useDropUpload(
  enabled: boolean,
  onDrop: (collected: Collected, on: Element | null) => void,
  onError: (error: unknown) => void,
) {
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  if (!enabled) return { dragging: false, handlers: {} };
  return {
    dragging,
    handlers: {
      onDragEnter: (event: DragEvent) => {
        if (!hasFiles(event)) return;
        depth.current += 1;
        setDragging(true);
      },
      onDragOver: (event: DragEvent) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      },
      onDragLeave: (event: DragEvent) => {
        if (!hasFiles(event)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      },
      onDrop: (event: DragEvent) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        depth.current = 0;
        setDragging(false);
        const on = event.target instanceof Element ? event.target : null;
        fromDataTransfer(event.dataTransfer).then((collected) => onDrop(collected, on), onError);
      },
    },
  };
}
