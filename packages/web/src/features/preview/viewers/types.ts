import { type PreviewView, previewErrorKey } from '@cirrus/shared';
import type { PreviewPageKey } from '../PreviewErrorPanel';
import type { PrintHandler } from '../print';

/** What every kind's viewer gets from the page. */
export interface ViewerProps {
  view: PreviewView;
  /** The viewer says what printing means for it (none: the page prints with the print style sheet). */
  setPrint: (handler: PrintHandler | undefined) => void;
  /** Loading failed: the page shows this error page instead. */
  onError: (key: PreviewPageKey) => void;
}

/**
 * Why bytes an element (img, video) could not show did not come: the answer's error key, else by
 * its status. One byte is asked for, so a good answer costs nothing; then the bytes themselves were
 * the problem (`whenFine`: invalidFile for a picture, unsupport for a codec the browser lacks).
 */
export async function errorKeyOfResponse(
  url: string,
  whenFine: PreviewPageKey = 'invalidFile',
): Promise<PreviewPageKey> {
  try {
    const response = await fetch(url, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json', Range: 'bytes=0-0' },
    });
    if (response.ok) {
      await response.body?.cancel();
      return whenFine;
    }
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    return previewErrorKey({ status: response.status, body }) ?? 'serverError';
  } catch {
    return 'timeout';
  }
}

/** The error page for a failed API call. */
export function pageKeyOf(error: { status: number; body: unknown }): PreviewPageKey {
  return previewErrorKey({ status: error.status, body: error.body }) ?? 'serverError';
}
