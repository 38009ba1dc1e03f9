/**
 * Downloads go through the browser's own download manager (no copy of the bytes in memory): a
 * hidden iframe opens the download address. An attachment never loads into the frame; an error
 * answer does, as a small same-origin JSON document, so the error can still be shown.
 */
import type { FileRecord } from '@cirrus/shared';
import { driveApi } from '../../api/drive';
import { ApiError, type ApiErrorBody, http } from '../../api/http';

/** A file's own address; a folder or several items come as a zip (spec 001 §5). */
export function downloadUrlOf(gid: number, files: readonly Pick<FileRecord, 'id' | 'ftype'>[]): string {
  if (files.length === 1) {
    const [file] = files;
    return file.ftype === 'folder'
      ? driveApi.folderDownloadUrl(gid, file.id)
      : driveApi.fileDownloadUrl(gid, file.id);
  }
  return driveApi.batchDownloadUrl(
    gid,
    files.map((file) => file.id),
  );
}

/** How long a frame is kept for an error answer to arrive; the download itself is the browser's. */
const FRAME_LIFETIME_MS = 60_000;

function errorBodyOf(frame: HTMLIFrameElement): ApiErrorBody | null {
  try {
    const text = frame.contentDocument?.body?.textContent ?? '';
    const body = JSON.parse(text) as unknown;
    return typeof body === 'object' && body !== null && typeof (body as ApiErrorBody).result === 'string'
      ? (body as ApiErrorBody)
      : null;
  } catch {
    return null;
  }
}

export function startDownload(url: string, onError: (error: ApiError) => void): void {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.className = 'cirrus-download-frame';
  const remove = () => frame.remove();
  const timer = setTimeout(remove, FRAME_LIFETIME_MS);
  frame.addEventListener('load', () => {
    // about:blank loads first in some browsers; only a loaded answer counts.
    if (frame.contentWindow?.location.href === 'about:blank') return;
    clearTimeout(timer);
    onError(new ApiError(400, errorBodyOf(frame)));
    remove();
  });
  frame.src = url;
  document.body.append(frame);
}

/** What a zip would hold: the server's `preflight=1` answer. */
interface ZipPreflight {
  name: string;
  files: number;
  skipped: number;
}

/** A folder or several items: a zip in a browser, a batch download in the desktop client. */
export function isBatchDownload(files: readonly Pick<FileRecord, 'ftype'>[]): boolean {
  return files.length > 1 || files[0]?.ftype === 'folder';
}

/**
 * Asks the server what a batch would hold (`preflight=1`), because neither a download frame nor
 * the desktop client tells the page what was left out: an empty folder is an error (emptyFolder),
 * and a batch without some items says "partial download fail" (spec 001 §8): `onPartial` runs.
 */
export async function preflightBatch(
  gid: number,
  files: readonly Pick<FileRecord, 'id' | 'ftype'>[],
  onPartial: () => void,
): Promise<void> {
  const plan = await http.get<ZipPreflight>(`${downloadUrlOf(gid, files)}&preflight=1`);
  if (plan.skipped > 0) onPartial();
}

/** Downloads a selection: a single file straight to the browser, a batch asked about first. */
export async function downloadItems(
  gid: number,
  files: readonly Pick<FileRecord, 'id' | 'ftype'>[],
  handlers: { onError: (error: unknown) => void; onPartial: () => void },
): Promise<void> {
  if (isBatchDownload(files)) {
    try {
      await preflightBatch(gid, files, handlers.onPartial);
    } catch (error) {
      handlers.onError(error);
      return;
    }
  }
  startDownload(downloadUrlOf(gid, files), handlers.onError);
}
