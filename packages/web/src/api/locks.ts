/**
 * Editing locks (spec 001 §7 "File lock"): acquire, check and release. The client reads each
 * answer through the shared lockOutcome (spec 001 §8 "Lock codes"), failures included, so these
 * calls answer the HTTP status and body rather than throwing.
 */
import { CSRF_COOKIE, CSRF_HEADER } from '@cirrus/shared';
import { readCookie } from './http';

const lockUrl = (volumeid: number, fileid: number) =>
  `/editinglock/v1/volumes/${volumeid}/files/${fileid}/filelock`;

export interface LockAnswer {
  /** 0 when no answer came. */
  status: number;
  body: unknown;
}

async function call(
  method: 'POST' | 'GET' | 'DELETE',
  volumeid: number,
  fileid: number,
): Promise<LockAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const csrf = readCookie(CSRF_COOKIE);
  if (method !== 'GET' && csrf) headers[CSRF_HEADER] = csrf;
  const url = new URL(lockUrl(volumeid, fileid), window.location.origin);
  if (method === 'GET') url.searchParams.set('_', String(Date.now()));
  try {
    const response = await fetch(url, { method, headers, credentials: 'same-origin' });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: response.status, body };
  } catch {
    return { status: 0, body: null };
  }
}

export const locksApi = {
  lock: (volumeid: number, fileid: number) => call('POST', volumeid, fileid),
  check: (volumeid: number, fileid: number) => call('GET', volumeid, fileid),
  unlock: (volumeid: number, fileid: number) => call('DELETE', volumeid, fileid),
};
