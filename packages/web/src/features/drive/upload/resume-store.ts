/**
 * Open upload transactions, kept in localStorage so that an upload survives a page reload: when
 * the user picks the same file (same name, size and modification time) for the same folder
 * again, the upload continues from the server's offset instead of starting over.
 */
import type { UploadTransaction } from '../../../api/uploads';

const STORAGE_KEY = 'cirrus.uploads';
/** Entries older than this are dropped; the server forgets unfinished transactions too. */
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;

export interface SavedUpload {
  transactionId: string;
  uploadUrl: string;
  name: string;
  size: number;
  lastModified: number;
  savedAt: number;
}

/** What makes "the same file for the same place": space, folder, path in the upload, size, mtime. */
export function fingerprintOf(
  gid: number,
  parentId: number,
  file: { name: string; size: number; lastModified: number },
): string {
  return [gid, parentId, file.name, file.size, file.lastModified].join(':');
}

function readAll(): Record<string, SavedUpload> {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, SavedUpload>) : {};
  } catch {
    return {};
  }
}

function writeAll(entries: Record<string, SavedUpload>): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(entries));
  } catch {
    // storage full or blocked: the upload still works, it just will not resume after a reload
  }
}

export const resumeStore = {
  find(fingerprint: string, now = Date.now()): SavedUpload | undefined {
    const entry = readAll()[fingerprint];
    return entry && now - entry.savedAt < MAX_AGE_MS ? entry : undefined;
  },

  save(
    fingerprint: string,
    transaction: UploadTransaction,
    file: { name: string; size: number; lastModified: number },
    now = Date.now(),
  ): void {
    const entries = readAll();
    for (const [key, entry] of Object.entries(entries)) {
      if (now - entry.savedAt >= MAX_AGE_MS) delete entries[key];
    }
    entries[fingerprint] = {
      transactionId: transaction.id,
      uploadUrl: transaction.upload_url,
      name: file.name,
      size: file.size,
      lastModified: file.lastModified,
      savedAt: now,
    };
    writeAll(entries);
  },

  forget(fingerprint: string): void {
    const entries = readAll();
    if (!(fingerprint in entries)) return;
    delete entries[fingerprint];
    writeAll(entries);
  },
};
