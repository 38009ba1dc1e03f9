/**
 * Uploads (spec 001 §7 "Upload"; ARCHITECTURE.md "Uploads"): an upload transaction is opened with
 * the file's name and size (the server checks name, permission and quota up front), the bytes go
 * to its upload_url by the tus 1.0 core protocol (HEAD tells the offset, PATCH appends), and a
 * PATCH on the transaction commits the file. The /xfi calls answer the graph error codes.
 */
import { CSRF_COOKIE, CSRF_HEADER, type FileRecord } from '@cirrus/shared';
import { ApiError, type ApiErrorBody, http, readCookie } from './http';

export interface UploadTransaction {
  id: string;
  upload_url: string;
  /** Bytes the server already has (0 for a new transaction). */
  offset: number;
}

const TUS_VERSION = '1.0.0';

const transactions = (volume: number, parent: number) =>
  `/xfi/v1/me/volumes/${volume}/files/${parent}/upload-transactions`;

function tusHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'Tus-Resumable': TUS_VERSION };
  const csrf = readCookie(CSRF_COOKIE);
  if (csrf) headers[CSRF_HEADER] = csrf;
  return headers;
}

function parseErrorBody(text: string): ApiErrorBody | null {
  try {
    const body = JSON.parse(text) as unknown;
    return typeof body === 'object' && body !== null && typeof (body as ApiErrorBody).result === 'string'
      ? (body as ApiErrorBody)
      : null;
  } catch {
    return null;
  }
}

function offsetHeader(value: string | null): number {
  const offset = Number(value);
  if (value === null || !Number.isSafeInteger(offset) || offset < 0) throw new ApiError(500, null);
  return offset;
}

export interface PatchOptions {
  signal: AbortSignal;
  /** Bytes of this chunk sent so far, as the browser reports them. */
  onProgress: (sent: number) => void;
}

/**
 * Sends bytes with XMLHttpRequest rather than fetch (only it reports upload progress) and reads
 * the answer with `read` on success.
 */
function send<T>(
  method: 'POST' | 'PATCH',
  url: string,
  body: Blob,
  { signal, onProgress }: PatchOptions,
  read: (xhr: XMLHttpRequest) => T,
  headers: Record<string, string> = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries({ ...tusHeaders(), ...headers }))
      xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Content-Type', 'application/offset+octet-stream');
    const abort = () => xhr.abort();
    signal.addEventListener('abort', abort, { once: true });
    const done = () => signal.removeEventListener('abort', abort);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(read(xhr));
        } catch (error) {
          reject(error);
        }
      } else {
        reject(new ApiError(xhr.status, parseErrorBody(xhr.responseText)));
      }
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, null));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was paused or cancelled', 'AbortError'));
    };
    xhr.send(body);
  });
}

export const uploadsApi = {
  /** POST .../upload-transactions {name, size, sha1?} -> {transaction: {id, upload_url, offset}}. */
  open: (volume: number, parent: number, body: { name: string; size: number; sha1?: string }) =>
    http.post<{ transaction: UploadTransaction }>(transactions(volume, parent), body),

  /** PATCH .../upload-transactions/{id}: commits the received bytes as the file (a sha1 may come now). */
  commit: (volume: number, parent: number, id: string, body: { sha1?: string } = {}) =>
    http.patch<FileRecord>(`${transactions(volume, parent)}/${encodeURIComponent(id)}`, body),

  /**
   * POST .../upload-transactions?name= with the bytes as the body: a small file in one request,
   * answered with the committed file record.
   */
  whole(volume: number, parent: number, name: string, file: Blob, options: PatchOptions) {
    const url = `${transactions(volume, parent)}?name=${encodeURIComponent(name)}`;
    return send<FileRecord>('POST', url, file, options, (xhr) => JSON.parse(xhr.responseText) as FileRecord);
  },

  /** tus HEAD: the offset to resume from. */
  async offset(uploadUrl: string, signal?: AbortSignal): Promise<number> {
    let response: Response;
    try {
      response = await fetch(uploadUrl, {
        method: 'HEAD',
        headers: tusHeaders(),
        credentials: 'same-origin',
        cache: 'no-store',
        signal,
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new ApiError(0, null);
    }
    if (!response.ok) throw new ApiError(response.status, null);
    return offsetHeader(response.headers.get('Upload-Offset'));
  },

  /**
   * tus PATCH of one chunk at `offset`; answers the server's new offset. XMLHttpRequest rather
   * than fetch: only it reports upload progress.
   */
  patch(uploadUrl: string, offset: number, chunk: Blob, options: PatchOptions): Promise<number> {
    return send(
      'PATCH',
      uploadUrl,
      chunk,
      options,
      (xhr) => offsetHeader(xhr.getResponseHeader('Upload-Offset')),
      {
        'Upload-Offset': String(offset),
      },
    );
  },

  /** tus termination: lets the server drop the partial bytes of a cancelled upload at once. */
  async terminate(uploadUrl: string): Promise<void> {
    await fetch(uploadUrl, { method: 'DELETE', headers: tusHeaders(), credentials: 'same-origin' });
  },
};
