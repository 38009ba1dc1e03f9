import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  type HistoryRecord,
  hasPermission,
  isEditableText,
  isSecdoc,
  isTextKind,
  type OnlineEditor,
  onlineEditorPath,
  PREVIEW_IMAGE_MAX_BYTES,
  PREVIEW_OFFICE_MAX_BYTES,
  PREVIEW_TEXT_MAX_BYTES,
  type PreviewConversionState,
  type PreviewErrorKey,
  type PreviewKind,
  type PreviewNeighbors,
  type PreviewSource,
  type PreviewView,
  previewKindOf,
  previewVariant,
  splitExt,
  type ZipListing,
} from '@cirrus/shared';
import type { Db } from '../../db/index.ts';
import type { FileRow } from '../../db/schema.ts';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { digestFile } from '../../storage/hash.ts';
import type { BlobStore } from '../../storage/index.ts';
import type { FileAccess, Located } from '../files/access.ts';
import { requirePermission } from '../files/policy.ts';
import type { FileWithNames } from '../files/repo.ts';
import type { FileService } from '../files/service.ts';
import type { HistoryService } from '../history/service.ts';
import type { LockGuard } from '../locks/guard.ts';
import { canOpenBin } from '../recycle/policy.ts';
import type { SettingsService } from '../settings/service.ts';
import { canManageSpace } from '../spaces/policy.ts';
import { readBlob } from './blob-bytes.ts';
import type { OfficeConverter } from './convert.ts';
import { asIsType, checkImageBytes, type ImageSize, isAsIs, renderImage } from './images.ts';
import { inspectOffice, inspectPdf } from './inspect.ts';
import type { LinkPreviews } from './links.ts';
import { createRenderQueue } from './render-queue.ts';
import * as repo from './repo.ts';
import { decodeText, isPlainUtf8 } from './text.ts';
import { listZip } from './zip-list.ts';

/** The job that converts an office document to PDF (registered on the job queue in app.ts). */
export const CONVERT_JOB = 'preview.pdf';
/** A convertTimeout is tried again once it is this old (a busy machine may do better later). */
const RETRY_TIMEOUT_AFTER = 10 * 60;
/** A conversion still queued or running after this long lost its job (a crash): queue it again. */
const STALE_AFTER = 30 * 60;

/**
 * How the viewer reached the file: ?recycle=1 (the bin), ?link=sid&rand_code= (a share link),
 * ?history={id} (one of its history versions).
 */
export interface SourceQuery {
  recycle: boolean;
  link?: string;
  rand_code?: string;
  history?: number;
  /** The client's address: a link's access code is throttled per address here as on the link page. */
  ip?: string;
  /**
   * A look in passing (a list's thumbnail), not an opening: a share link's access log is not
   * written for it, as it is when the visitor opens the file.
   */
  glance?: boolean;
}

/** The file a preview call shows, and what the viewer may do with it. */
export interface Target {
  file: FileWithNames;
  source: PreviewSource;
  kind: PreviewKind;
  ext: string;
  canDownload: boolean;
  downloadUrl: string;
  /** The actor may change the file (the update permission) and manages its space: drive files only. */
  canUpdate: boolean;
  canManage: boolean;
  /** The history version shown (`file` is the file as it was then); undefined for the file itself. */
  version?: HistoryRecord;
}

/** Bytes made or kept: a blob (with Range) or a small buffer made here. */
type Made =
  | { blob: string; size: number; type: string; etag: string }
  | { data: Buffer; type: string; etag: string };

/**
 * Bytes to answer. `immutable`: the address named the content it answers (a list's thumbnail
 * with ?v=), so the browser keeps them.
 */
export type Bytes = Made & { name: string; inline: boolean; immutable?: boolean };

interface Deps {
  db: Db;
  access: FileAccess;
  files: Pick<FileService, 'neighbors'>;
  /** A history version as the file was then (?history=). */
  history: Pick<HistoryService, 'versionOf'>;
  locks: LockGuard;
  blobs: BlobStore;
  settings: SettingsService;
  jobs: Pick<JobQueue, 'enqueue'>;
  converter: OfficeConverter;
  links: LinkPreviews;
  /** A file opened in the viewer goes to the top of the user's recent files (modules/recent). */
  opened?: (actor: Actor, file: FileRow) => Promise<void>;
  /** Files blocked by moderation answer illegalFile (modules/moderation, the console's review queue). */
  blocks?: { illegalFileError(file: FileRow, actor: Actor | null): Promise<DomainError | null> };
  /** Runs due jobs now (a conversion just queued); one run at a time is kept going. */
  wake?: () => Promise<unknown>;
  /** Where conversions keep their temporary files (on the blob store's file system). */
  workDir: string;
  /** How many pictures are decoded at once (PREVIEW_IMAGE_CONCURRENCY; render-queue.ts). */
  imageConcurrency?: number;
  now: () => number;
}

/** The media types of the bytes the viewer plays or renders itself (never HTML, SVG or XML). */
const MEDIA_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  flac: 'audio/flac',
  opus: 'audio/ogg',
  weba: 'audio/webm',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
};

/** LibreOffice chooses its import filter by extension: Kingsoft's formats are Microsoft's binary ones. */
const CONVERT_EXT: Record<string, string> = { wps: 'doc', et: 'xls', dps: 'ppt' };

/**
 * Previews (spec 001 §2, §8; spec 002 §2): what the viewer needs (GET {preview}/v1/legacy/view)
 * and the bytes it shows: text decoded to UTF-8, pictures decoded and encoded again, PDFs and
 * media with Range, office documents converted to PDF by a durable job, zip directories.
 * Everything made from a content is kept by its sha256 (preview_renditions), so each version is
 * decoded, inspected or converted once.
 */
export function createPreviewService(deps: Deps) {
  const {
    db,
    access,
    files,
    history,
    locks,
    blobs,
    settings,
    jobs,
    converter,
    links,
    opened,
    wake,
    workDir,
    now,
  } = deps;
  let waking: Promise<unknown> | undefined;
  const renders = createRenderQueue(deps.imageConcurrency ?? 2);

  function wakeJobs(): void {
    if (!wake || waking) return;
    waking = wake()
      .catch(() => undefined)
      .finally(() => {
        waking = undefined;
      });
  }

  async function finish(
    actor: Actor | null,
    file: FileWithNames,
    source: PreviewSource,
    can: Pick<Target, 'canDownload' | 'downloadUrl' | 'canUpdate' | 'canManage' | 'version'>,
  ): Promise<Target> {
    // A file an administrator blocked shows the illegalFile page, through a link too (issue 6).
    const blocked = await deps.blocks?.illegalFileError(file, actor);
    if (blocked) throw blocked;
    const ext = file.is_folder ? '' : splitExt(file.name).ext.toLowerCase();
    const kind = file.is_folder ? 'unsupported' : previewKindOf(ext);
    return { file, source, kind, ext, ...can };
  }

  /** A security document its rights do not let them read has its own error page (spec 001 §9). */
  function requireRead(located: Located): void {
    requirePermission(located.mask, 'read', located.file.secure_guid ? 'noSecdocAuth' : 'permissionDenied');
  }

  /**
   * One of a file's history versions (?history=), as the file was then: for whoever may read the
   * file and its history versions (the history permission, which their list needs too); read
   * only, never edited or locked in the viewer. It downloads as the history panel's download does.
   */
  async function versionTarget(actor: Actor, fileId: number, historyId: number): Promise<Target> {
    const { located, version } = await history.versionOf(actor, fileId, historyId);
    requireRead(located);
    const { file } = located;
    const canDownload = hasPermission(located.mask, 'download');
    const downloadUrl = canDownload
      ? `/xfi/v1/me/volumes/${file.group_id}/files/${file.id}/content?platform=web&history=${version.id}`
      : '';
    return finish(actor, file, 'history', {
      canDownload,
      downloadUrl,
      canUpdate: false,
      canManage: false,
      version,
    });
  }

  async function target(actor: Actor | null, fileId: number | undefined, q: SourceQuery): Promise<Target> {
    let file: FileWithNames;
    let source: PreviewSource;
    let canDownload = false;
    let downloadUrl = '';
    let canUpdate = false;
    let canManage = false;
    // A version is of a file of the drive: not through a share link, nor in the bin.
    if (q.history !== undefined && (q.link || q.recycle)) throw new DomainError('badRequest');
    if (q.link) {
      const found = await links.resolve({
        sid: q.link,
        fileId,
        randCode: q.rand_code,
        actor,
        ip: q.ip ?? '',
        glance: q.glance,
      });
      ({ file, canDownload, downloadUrl } = found);
      source = 'link';
    } else {
      if (!actor) throw new DomainError('userNotLogin');
      if (fileId === undefined) throw new DomainError('badRequest');
      if (q.history !== undefined) return versionTarget(actor, fileId, q.history);
      const located = await access
        .requireFile(actor, fileId, { deleted: q.recycle })
        .catch(async (err: unknown) => {
          // Someone outside the file's space who has it through a link shared with them (/s/{fid}, issue 8).
          const missing = err instanceof DomainError && err.key === 'fileNotExists' && !q.recycle;
          const shared = missing
            ? await links.resolveFile?.({ fileId, actor, ip: q.ip ?? '', glance: q.glance })
            : undefined;
          if (!shared) throw err;
          return shared;
        });
      if (!('ctx' in located)) {
        ({ file, canDownload, downloadUrl } = located);
        return finish(actor, file, 'link', { canDownload, downloadUrl, canUpdate: false, canManage: false });
      }
      requireRead(located);
      file = located.file;
      // spec 001 §2: a team's bin, and so its files, are for its creator, managers and admins.
      if (file.status !== 'live' && !canOpenBin(located.ctx)) throw new DomainError('fileNotExists');
      source = file.status === 'live' ? 'file' : 'recycle';
      canDownload = source === 'file' && hasPermission(located.mask, 'download');
      canUpdate = source === 'file' && hasPermission(located.mask, 'update');
      canManage = canManageSpace(located.ctx.role);
      if (canDownload)
        downloadUrl = `/api/v3/groups/${file.group_id}/files/${file.id}/download?action=download`;
    }
    return finish(actor, file, source, { canDownload, downloadUrl, canUpdate, canManage });
  }

  function requireKind(t: Target, ...kinds: PreviewKind[]): void {
    if (!kinds.includes(t.kind)) throw new DomainError('unsupport');
  }

  /** An inspection (a PDF's or office document's encryption), once per content. */
  async function inspected(t: Target): Promise<PreviewErrorKey | null> {
    const { sha256, size } = t.file;
    const cached = await repo.findRendition(db, sha256, 'inspect');
    if (cached?.state === 'done') return (cached.error || null) as PreviewErrorKey | null;
    const problem =
      t.kind === 'pdf'
        ? await inspectPdf(blobs, sha256, size)
        : await inspectOffice(blobs, sha256, size, t.ext);
    await repo.saveRendition(db, {
      source_sha256: sha256,
      name: 'inspect',
      state: 'done',
      error: problem ?? '',
      at: now(),
    });
    return problem;
  }

  /** The error page a file shows instead of its content, when one is known before loading it. */
  async function problemOf(t: Target): Promise<PreviewErrorKey | null> {
    const { size, sha256 } = t.file;
    switch (t.kind) {
      case 'unsupported':
        return 'unsupport';
      case 'text':
      case 'code':
      case 'markdown':
      case 'csv':
        return size > PREVIEW_TEXT_MAX_BYTES ? 'fileTooLarge' : null;
      case 'image': {
        if (size > PREVIEW_IMAGE_MAX_BYTES) return 'fileTooLarge';
        const made = await repo.findRendition(db, sha256, 'view');
        return made?.state === 'failed' ? (made.error as PreviewErrorKey) : null;
      }
      case 'pdf':
        return inspected(t);
      case 'office': {
        if (size > PREVIEW_OFFICE_MAX_BYTES) return 'fileTooLarge';
        const problem = await inspected(t);
        if (problem) return problem;
        const made = await repo.findRendition(db, sha256, 'pdf');
        return made?.state === 'failed' && !retryable(made) ? (made.error as PreviewErrorKey) : null;
      }
      default:
        return null;
    }
  }

  function retryable(row: repo.RenditionRow): boolean {
    return row.error === 'convertTimeout' && row.updated_at <= now() - RETRY_TIMEOUT_AFTER;
  }

  function urlsOf(t: Target, q: SourceQuery): PreviewView['urls'] {
    const params = new URLSearchParams();
    if (t.source === 'recycle') params.set('recycle', '1');
    if (t.version) params.set('history', String(t.version.id));
    if (t.source === 'link' && q.link) {
      params.set('link', q.link);
      if (q.rand_code) params.set('rand_code', q.rand_code);
    }
    const query = params.size > 0 ? `?${params}` : '';
    const with_ = (extra: string) => (query ? `${query}&${extra}` : `?${extra}`);
    const base = `/v1/preview/files/${t.file.id}`;
    return {
      content: `${base}/content${query}`,
      image: `${base}/image${with_('size=view')}`,
      thumbnail: `${base}/image${with_('size=thumb')}`,
      pdf: `${base}/pdf${query}`,
      entries: `${base}/entries${query}`,
      download: t.canDownload ? t.downloadUrl : '',
    };
  }

  /** Marks a conversion queued and queues its job (once per content, by the job's dedupe key). */
  async function queueConversion(t: Target): Promise<PreviewConversionState> {
    const { sha256, size } = t.file;
    await repo.saveRendition(db, { source_sha256: sha256, name: 'pdf', state: 'queued', at: now() });
    await jobs.enqueue(
      db,
      CONVERT_JOB,
      { sha256, ext: t.ext, size },
      { dedupeKey: `${CONVERT_JOB}:${sha256}`, maxAttempts: 3 },
    );
    wakeJobs();
    return { state: 'queued' };
  }

  async function failConversion(sha256: string, error: PreviewErrorKey): Promise<void> {
    await repo.saveRendition(db, { source_sha256: sha256, name: 'pdf', state: 'failed', error, at: now() });
  }

  /** A picture already made from this content (a rendition; or why it could not be): undefined when not yet tried. */
  async function madeImage(sha256: string, size: ImageSize): Promise<Made | undefined> {
    const made = await repo.findRendition(db, sha256, size);
    if (made?.state === 'failed') throw new DomainError(made.error as PreviewErrorKey);
    if (made?.state !== 'done') return undefined;
    return {
      blob: made.result_sha256,
      size: made.result_size,
      type: made.content_type,
      etag: `"${made.result_sha256}"`,
    };
  }

  /** Decodes and encodes a picture and keeps the outcome; run by the render queue, once per content. */
  async function renderOnce(sha256: string, ext: string, size: ImageSize): Promise<Made> {
    // Made meanwhile (a render that ended between the caller's look and its turn here).
    const done = await madeImage(sha256, size);
    if (done) return done;
    try {
      const picture = await renderImage(await readBlob(blobs, sha256), ext, size);
      const digest = await blobs.putBuffer(picture.data);
      await repo.saveRendition(db, {
        source_sha256: sha256,
        name: size,
        state: 'done',
        result_sha256: digest.sha256,
        result_size: digest.size,
        content_type: picture.contentType,
        at: now(),
      });
      return { data: picture.data, type: picture.contentType, etag: `"${digest.sha256}"` };
    } catch (err) {
      if (err instanceof DomainError)
        await repo.saveRendition(db, {
          source_sha256: sha256,
          name: size,
          state: 'failed',
          error: err.key,
          at: now(),
        });
      throw err;
    }
  }

  /** The file's lock, and whether the actor may lock it and edit it in the viewer. */
  async function editingOf(actor: Actor | null, t: Target) {
    const lockCheck = actor && t.source === 'file' ? await locks.forActor(actor) : null;
    const filelock = (await lockCheck?.locksOf(db, [t.file.id]))?.get(t.file.id) ?? null;
    const canLock = !!lockCheck?.enabled && t.canUpdate && !t.file.is_folder;
    const error = await problemOf(t);
    const heldByOther = !!filelock && filelock.userid !== actor?.userId;
    // A save is an upload of a new version: the same permission and lock rules decide it. The
    // editor saves UTF-8, so only text that is UTF-8 already is edited (read only when all else holds).
    const editable =
      t.source === 'file' &&
      t.canUpdate &&
      !error &&
      !heldByOther &&
      isEditableText(t.kind, Number(t.file.size)) &&
      isPlainUtf8(await readBlob(blobs, t.file.sha256));
    return { filelock, canLock, error, editable };
  }

  return {
    target,

    /**
     * GET /api/v3/editor/yqx/{id} (and /api/cooper/editor/yqx/{id}): where the file is edited
     * online, or yqxForbid (a file the viewer does not edit, no update permission, a lock held by
     * someone else, the recycle bin). The editor is the viewer's, for text (shared isEditableText).
     */
    async editor(actor: Actor, fileId: number, recycle: boolean): Promise<OnlineEditor> {
      if (recycle) throw new DomainError('yqxForbid');
      const t = await target(actor, fileId, { recycle: false });
      if (!(await editingOf(actor, t)).editable) throw new DomainError('yqxForbid');
      return { fileid: t.file.id, openType: 'editOnline', url: onlineEditorPath(t.file.id) };
    },

    /** GET {preview}/v1/legacy/view?fileid=&recycle=&link=&rand_code=: what the viewer needs. */
    async view(actor: Actor | null, fileId: number | undefined, q: SourceQuery): Promise<PreviewView> {
      const t = await target(actor, fileId, q);
      const { file } = t;
      const s = await settings.get(actor?.companyId ?? 0);
      const { filelock, canLock, error, editable } = await editingOf(actor, t);
      const view: PreviewView = {
        fileid: file.id,
        fname: file.name,
        extname: t.ext,
        fsize: file.size,
        fver: file.ver,
        mtime: file.mtime,
        groupid: file.group_id,
        parentid: file.parent_id,
        kind: t.kind,
        folder: file.is_folder === 1,
        error,
        source: t.source,
        recycle: t.source === 'recycle',
        history: t.version
          ? {
              historyid: t.version.id,
              ver: t.version.ver,
              ctime: t.version.ctime,
              is_current: t.version.is_current,
            }
          : null,
        variant: previewVariant(s),
        // Printing hands out the content as surely as a download does.
        permissions: {
          download: t.canDownload,
          print: t.canDownload,
          lock: canLock && (!filelock || filelock.userid === actor?.userId),
          unlock: !!filelock && (filelock.userid === actor?.userId || t.canManage),
          edit: editable,
        },
        filelock,
        secdoc: isSecdoc(file),
        converter: converter.available,
        urls: urlsOf(t, q),
      };
      if (actor && t.source === 'file' && opened) await opened(actor, file);
      return view;
    },

    /**
     * The file's bytes for the viewer: a PDF, audio or video as stored (the route answers Range);
     * text kinds decoded to UTF-8 and always sent as text/plain. Pictures, office documents and
     * archives have calls of their own; nothing here is ever HTML or SVG.
     */
    async content(actor: Actor | null, fileId: number, q: SourceQuery): Promise<Bytes> {
      const t = await target(actor, fileId, q);
      requireKind(t, 'pdf', 'audio', 'video', 'text', 'code', 'markdown', 'csv');
      const { file } = t;
      if (isTextKind(t.kind)) {
        if (file.size > PREVIEW_TEXT_MAX_BYTES) throw new DomainError('fileTooLarge');
        const text = decodeText(await readBlob(blobs, file.sha256));
        return {
          data: Buffer.from(text, 'utf8'),
          type: 'text/plain; charset=utf-8',
          etag: `"${file.sha256}-text"`,
          name: file.name,
          inline: false,
        };
      }
      if (t.kind === 'pdf') {
        const problem = await inspected(t);
        if (problem) throw new DomainError(problem);
      }
      return {
        blob: file.sha256,
        size: file.size,
        type: MEDIA_TYPES[t.ext] ?? 'application/octet-stream',
        etag: `"${file.sha256}"`,
        name: file.name,
        inline: false,
      };
    },

    /**
     * The picture the viewer shows, or a thumbnail: made once per content (see images.ts), by
     * one render however many ask at once, a few renders at a time (render-queue.ts). `version`
     * is the content the asker expects (the list's fsha, ?v=): when it is the file's, the answer
     * is for that content alone and the browser may keep it (immutable). `signal`: the request; a
     * render still waiting for its turn when every asker has gone is not made.
     */
    async image(
      actor: Actor | null,
      fileId: number,
      q: SourceQuery,
      size: ImageSize,
      version?: string,
      signal?: AbortSignal,
    ): Promise<Bytes> {
      const t = await target(actor, fileId, q);
      requireKind(t, 'image');
      const { file } = t;
      checkImageBytes(file.size);
      const answer = { name: file.name, inline: true, immutable: !!version && version === file.sha1 };
      if (isAsIs(t.ext))
        return {
          blob: file.sha256,
          size: file.size,
          type: asIsType(t.ext),
          etag: `"${file.sha256}"`,
          ...answer,
        };
      const made =
        (await madeImage(file.sha256, size)) ??
        (await renders.run(`${file.sha256}:${size}`, () => renderOnce(file.sha256, t.ext, size), signal));
      return { ...made, ...answer };
    },

    /** Renders started and the most at once (for the tests and an operator's curiosity). */
    imageRenders: () => renders.stats(),
    /**
     * An office document as PDF: the PDF once converted; 202 with the state while the conversion
     * is queued or running (it is queued by the first ask); the failure's key after it failed.
     */
    async pdf(actor: Actor | null, fileId: number, q: SourceQuery): Promise<Bytes | PreviewConversionState> {
      const t = await target(actor, fileId, q);
      requireKind(t, 'office');
      if (!converter.available) throw new DomainError('unsupport');
      const { file } = t;
      if (file.size > PREVIEW_OFFICE_MAX_BYTES) throw new DomainError('fileTooLarge');
      const problem = await inspected(t);
      if (problem) throw new DomainError(problem);
      const made = await repo.findRendition(db, file.sha256, 'pdf');
      if (!made) return queueConversion(t);
      if (made.state === 'done') {
        return {
          blob: made.result_sha256,
          size: made.result_size,
          type: 'application/pdf',
          etag: `"${made.result_sha256}"`,
          name: `${splitExt(file.name).base}.pdf`,
          inline: false,
        };
      }
      if (made.state === 'failed') {
        if (retryable(made)) return queueConversion(t);
        throw new DomainError(made.error as PreviewErrorKey);
      }
      if (made.updated_at <= now() - STALE_AFTER) return queueConversion(t);
      return { state: made.state === 'running' ? 'running' : 'queued' };
    },

    /** A zip archive's entries. */
    async entries(actor: Actor | null, fileId: number, q: SourceQuery): Promise<ZipListing> {
      const t = await target(actor, fileId, q);
      requireKind(t, 'zip');
      const { entries, total } = await listZip(blobs, t.file.sha256, t.file.size);
      return { entries, total };
    },

    /**
     * The viewer's previous and next file in the folder: in the drive list's order (`sort`), or
     * through a share link in the order its page lists a shared folder.
     */
    async neighbors(
      actor: Actor | null,
      fileId: number,
      sort: { orderby: 'name' | 'mtime' | 'size'; order: 'asc' | 'desc' },
      q: SourceQuery,
    ): Promise<PreviewNeighbors> {
      if (q.link)
        return links.neighbors({ sid: q.link, fileId, randCode: q.rand_code, actor, ip: q.ip ?? '' });
      if (!actor) throw new DomainError('userNotLogin');
      return files.neighbors(actor, fileId, sort);
    },

    /**
     * The conversion job (CONVERT_JOB): converts one content to PDF and keeps the outcome. A
     * convertFail, convertTimeout or passwdEncrypted is an outcome, not an error of the job, so
     * it is not retried by the queue; anything else (the store unreadable) is, and the job is
     * idempotent: a finished conversion is not done again.
     */
    async convert(payload: Record<string, unknown>): Promise<void> {
      const sha256 = String(payload.sha256);
      const ext = String(payload.ext);
      const size = Number(payload.size);
      const row = await repo.findRendition(db, sha256, 'pdf');
      if (row?.state === 'done') return;
      await repo.saveRendition(db, { source_sha256: sha256, name: 'pdf', state: 'running', at: now() });
      if (size > PREVIEW_OFFICE_MAX_BYTES) return failConversion(sha256, 'fileTooLarge');
      const encrypted = await inspectOffice(blobs, sha256, size, ext);
      if (encrypted) return failConversion(sha256, encrypted);
      await fsp.mkdir(workDir, { recursive: true });
      const dir = await fsp.mkdtemp(path.join(workDir, 'convert-'));
      try {
        const input = path.join(dir, `document.${CONVERT_EXT[ext] ?? ext}`);
        await pipeline(blobs.createReadStream(sha256), fs.createWriteStream(input));
        const pdf = await converter.toPdf(input, path.join(dir, 'out'));
        const digest = await digestFile(pdf);
        await blobs.putFile(pdf, digest.sha256);
        await repo.saveRendition(db, {
          source_sha256: sha256,
          name: 'pdf',
          state: 'done',
          result_sha256: digest.sha256,
          result_size: digest.size,
          content_type: 'application/pdf',
          at: now(),
        });
      } catch (err) {
        if (err instanceof DomainError) return failConversion(sha256, err.key as PreviewErrorKey);
        throw err;
      } finally {
        await fsp.rm(dir, { recursive: true, force: true });
      }
    },
  };
}

export type PreviewService = ReturnType<typeof createPreviewService>;
