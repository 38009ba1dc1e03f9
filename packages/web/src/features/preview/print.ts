/**
 * Printing from the viewer (spec 001 §2 "Print shortcut: Ctrl+P (Cmd+P on Mac) asks the embedded
 * viewer to print"). The viewer registers what printing means for its kind; without one, the page
 * prints with the print style sheet, which leaves only the content.
 */
import { useEffect, useRef } from 'react';

export type PrintHandler = () => void | Promise<void>;

/** Whether a key press is the print shortcut: Ctrl+P, or Cmd+P on a Mac. */
export function isPrintShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
) {
  return (
    (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'p'
  );
}

/** Takes Ctrl/Cmd+P from the browser for as long as the viewer is open. */
export function usePrintShortcut(onPrint: () => void) {
  const latest = useRef(onPrint);
  latest.current = onPrint;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPrintShortcut(event)) return;
      event.preventDefault();
      latest.current();
    };
    // Capture: before anything in the page could stop it.
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);
}

const ROOT_ID = 'cirrus-print-root';

/**
 * Prints pictures, one a page (a PDF's pages rendered for print): they go into a container that
 * the print style sheet alone shows, the browser prints, and the container goes.
 */
export async function printImages(urls: string[]): Promise<void> {
  document.getElementById(ROOT_ID)?.remove();
  const root = document.createElement('div');
  root.id = ROOT_ID;
  const images = urls.map((url) => {
    const img = document.createElement('img');
    img.src = url;
    img.alt = '';
    root.append(img);
    return img;
  });
  document.body.append(root);
  document.body.classList.add('cirrus-printing');
  await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
  const cleanup = () => {
    document.body.classList.remove('cirrus-printing');
    root.remove();
    window.removeEventListener('afterprint', cleanup);
  };
  window.addEventListener('afterprint', cleanup);
  window.print();
}
