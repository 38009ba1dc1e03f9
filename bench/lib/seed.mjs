// Large folders are written straight into the SQLite file of a stopped server (not through
// 100,000 uploads): the rows look like uploads of one small shared blob, so downloads, previews
// and the search index's backfill treat them as real files.
import Database from 'better-sqlite3';
import { prng } from './data.mjs';

const WORDS = [
  '报告',
  '合同',
  '会议纪要',
  'budget',
  'design',
  'invoice',
  '照片',
  'report',
  'roadmap',
  '方案',
];
const EXTS = ['bin', 'jpg', 'png', 'zip', 'mp4'];

/**
 * Fills folder `folderId` with `count` entries (1 in 200 a folder), deterministic names and
 * mtimes spread over three years. The content of every file is the blob of `template` (a file
 * uploaded through the API beforehand).
 */
export function seedFolder(dbFile, { folderId, templateId, count, seed = 'w4' }) {
  const db = new Database(dbFile);
  db.pragma('journal_mode = WAL');
  try {
    const folder = db.prepare('SELECT * FROM files WHERE id = ?').get(folderId);
    const template = db.prepare('SELECT * FROM files WHERE id = ?').get(templateId);
    if (!folder || !template) throw new Error('seed: the folder or the template file is missing');
    const insertFile = db.prepare(`INSERT INTO files
      (group_id, parent_id, path, name, name_key, is_folder, size, sha256, sha1, ver, ctime, mtime,
       creator_id, modifier_id, status, secret_label)
      VALUES (@group_id, @parent_id, @path, @name, @name_key, @is_folder, @size, @sha256, @sha1, 1,
       @ctime, @mtime, @creator_id, @creator_id, 'live', 0)`);
    const insertVersion = db.prepare(`INSERT INTO file_versions
      (file_id, ver, size, sha256, sha1, modifier_id, created_at) VALUES (?, 1, ?, ?, ?, ?, ?)`);
    const random = prng(seed);
    const now = Math.floor(Date.now() / 1000);
    const fill = db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const isFolder = i % 200 === 0 ? 1 : 0;
        const word = WORDS[Math.floor(random() * WORDS.length)];
        const serial = String(i).padStart(6, '0');
        const name = isFolder ? `${word} ${serial}` : `${word}-${serial}.${EXTS[i % EXTS.length]}`;
        const mtime = now - Math.floor(random() * 3 * 365 * 86400);
        const row = {
          group_id: folder.group_id,
          parent_id: folder.id,
          path: `${folder.path}${folder.id}/`,
          name,
          name_key: name.normalize('NFC').toLowerCase(),
          is_folder: isFolder,
          size: isFolder ? 0 : template.size,
          sha256: isFolder ? '' : template.sha256,
          sha1: isFolder ? '' : template.sha1,
          ctime: mtime,
          mtime,
          creator_id: template.creator_id,
        };
        const { lastInsertRowid } = insertFile.run(row);
        if (!isFolder)
          insertVersion.run(lastInsertRowid, row.size, row.sha256, row.sha1, row.creator_id, mtime);
      }
    });
    fill();
    // The search index's maintenance job indexes rows written by hand; it is due again at the
    // next start instead of an hour after the first.
    try {
      db.prepare(`UPDATE job_schedules SET next_run_at = 0 WHERE kind = 'search.maintain'`).run();
    } catch {
      // No job schedules (yet): nothing to bring forward.
    }
    return { groupId: folder.group_id, folderId: folder.id, count };
  } finally {
    db.close();
  }
}

/** Files with no search index row yet (the server's maintenance job indexes rows written so). */
export function unindexedCount(dbFile) {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        'SELECT count(*) AS n FROM files f WHERE NOT EXISTS (SELECT 1 FROM search_docs d WHERE d.file_id = f.id)',
      )
      .get().n;
  } catch {
    return 0;
  } finally {
    db.close();
  }
}

/**
 * Jobs our server is running or has due (the search maintenance job goes on merging index
 * segments for a while after the last row is indexed): workloads wait for none to be left.
 */
export function busyJobCount(dbFile) {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        "SELECT count(*) AS n FROM jobs WHERE status = 'running' OR (status = 'queued' AND run_at <= ?)",
      )
      .get(Math.floor(Date.now() / 1000)).n;
  } catch {
    return 0;
  } finally {
    db.close();
  }
}
