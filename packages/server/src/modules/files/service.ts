import { randomUUID } from 'node:crypto';
import {
  type FileList,
  type FileRecord,
  hasPermission,
  maskToFlags,
  nameKey,
  type PreviewNeighbors,
  SECDOC_CONVERT_MAX_MB,
  securityDocsConvert,
  splitExt,
  userRoleFromTeamRole,
} from '@cirrus/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Dialect, Trx } from '../../db/index.ts';
import type { FileRow } from '../../db/schema.ts';
import type { SharedTransactions } from '../../db/shared-transactions.ts';
import { createReadCache, type WriteClock } from '../../db/write-clock.ts';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import { type BlobDigest, type BlobStore, storageWrite } from '../../storage/index.ts';
import type { ChatService } from '../chat/service.ts';
import type { EventLog } from '../events/service.ts';
import type { VersionKeeper } from '../history/keeper.ts';
import type { LockGuard } from '../locks/guard.ts';
import { canOpenBin } from '../recycle/policy.ts';
import { assertConvertibleSize, autoConverts, defaultRightRows } from '../secdoc/policy.ts';
import * as secdocRepo from '../secdoc/repo.ts';
import type { SettingsService } from '../settings/service.ts';
import { canManageSpace } from '../spaces/policy.ts';
import type { QuotaService } from '../spaces/quota-service.ts';
import type { FileAccess, FileContext, LocatedFolder } from './access.ts';
import { ancestorIds, childMask, maskAt, requirePermission, unreadableIds } from './policy.ts';
import { presentFile } from './presenter.ts';
import * as repo from './repo.ts';
import {
  checkName,
  childPath,
  type FailItem,
  failItem,
  folderNow,
  inTransaction,
  liveItemNow,
  lockTrees,
} from './rules.ts';
import type { AclBody, ListQuery, UpdateBody } from './schema.ts';
import { emptyDocument, isNewEmptyType } from './templates.ts';

export interface FileServiceDeps {
  db: Db;
  access: FileAccess;
  quota: QuotaService;
  events: EventLog;
  blobs: BlobStore;
  settings: SettingsService;
  /** History limit and trimming of old versions (modules/history). */
  versions: Pick<VersionKeeper, 'trimFile'>;
  /** Which of some files the actor has starred (modules/stars), for the `labels` of records. */
  starred: (userId: number, fileIds: number[]) => Promise<Set<number>>;
  /** File locks (modules/locks): others may not change a file someone holds; records show the holder. */
  locks: LockGuard;
  /** Open share links of files (modules/links), for link{sid} and link_members_summary of records. */
  links?: (fileIds: number[]) => Promise<Map<number, Pick<FileRecord, 'link' | 'link_members_summary'>>>;
  /** The write clock, for the pages of small folders kept between lists. */
  writes: WriteClock;
  /** Transactions that uploads share with others of the same moment (db/shared-transactions.ts). */
  shared: SharedTransactions;
  /** PostgreSQL's transactions take their spaces' tree locks (rules.ts lockTrees). */
  dialect: Dialect;
  /** Tells a team's conversation of a file added to its space (modules/chat, the team's im_push). */
  chat: Pick<ChatService, 'fileAdded'>;
  log?: Pick<FastifyBaseLogger, 'error'>;
  now: () => number;
}

/**
 * Folders of up to this many entries have their pages kept between lists (issue 11, W6). A small
 * folder is listed again and again, by everyone who opens it; a large one is paged through, each
 * page rarely read twice, and its pages would only take memory.
 */
const KEPT_FOLDER_ENTRIES = 100;
const KEPT_PAGES = 256;

/** Files and folders: lists, reads, names, folders, new files, content writes, deletion, permissions. */
export function createFileService({
  db,
  access,
  quota,
  events,
  blobs,
  settings,
  versions,
  starred,
  locks,
  links = async () => new Map(),
  writes,
  shared,
  dialect,
  chat,
  log,
  now,
}: FileServiceDeps) {
  /**
   * A page of a small folder as read (its rows and how many entries the list has), kept until
   * anything is written to the files, to the folder_counts the total comes from (they move with
   * the files: write-clock.ts, TRIGGERED) or to the users (whose names the rows carry). Its two
   * queries were most of a list's time. The rows are shared by every answer made from them, so
   * nothing changes them.
   */
  const pages = createReadCache<string, { rows: repo.ListedFile[]; total: number }>(writes, {
    max: KEPT_PAGES,
    tables: ['files', 'folder_counts', 'users'],
    keep: (page) => page.total <= KEPT_FOLDER_ENTRIES,
  });

  /** "/Reports/2026/plan.docx": names from the space root. */
  async function pathOf(file: Pick<FileRow, 'path' | 'name'>): Promise<string> {
    const ids = ancestorIds(file.path);
    const names = await repo.namesOf(db, ids);
    return `/${[...ids.map((id) => names.get(id) ?? ''), file.name].join('/')}`;
  }

  async function recordOf(
    actor: Actor,
    ctx: FileContext,
    file: repo.FileWithNames,
    mask = maskAt(ctx, file),
  ): Promise<FileRecord> {
    const stars = await starred(actor.userId, [file.id]);
    const held = await (await locks.forActor(actor)).locksOf(db, [file.id]);
    const shared = await links([file.id]);
    const record = presentFile(file, ctx, mask, await pathOf(file), stars.has(file.id));
    Object.assign(record, shared.get(file.id));
    record.filelock = held.get(file.id) ?? null;
    return record;
  }

  async function reload(actor: Actor, ctx: FileContext, id: number): Promise<FileRecord> {
    const file = await repo.findFile(db, id);
    if (!file) throw new Error(`file ${id} vanished after its write`);
    return recordOf(actor, ctx, file);
  }

  /**
   * A new version of a live file: its content changes, its id and name stay. The caller trims the
   * versions beyond the space's history limit once this has committed (versions.trimFile).
   */
  async function addVersion(
    trx: Trx,
    actor: Actor,
    ctx: FileContext,
    existing: FileRow,
    digest: BlobDigest,
    detail: Record<string, unknown> = {},
  ) {
    requirePermission(maskAt(ctx, existing), 'update');
    const t = now();
    const ver = existing.ver + 1;
    await repo.updateFile(trx, existing.id, { ...digest, ver, mtime: t, modifier_id: actor.userId });
    await repo.insertVersion(trx, {
      file_id: existing.id,
      ver,
      ...digest,
      modifier_id: actor.userId,
      created_at: t,
    });
    await quota.charge(trx, actor.userId, [
      { space: ctx.space, bytes: digest.size - existing.size, files: 0 },
    ]);
    await events.record(trx, {
      type: 'update',
      actorId: actor.userId,
      groupId: ctx.space.id,
      fileId: existing.id,
      name: existing.name,
      isFolder: false,
      parentId: existing.parent_id,
      detail: { ...detail, ver },
    });
  }

  /**
   * Whether a new file of this name made in this space becomes a security document
   * (secdoc/policy.ts), and the largest content a security document of the space takes, in MB.
   */
  async function secdocRules(
    space: FileContext['space'],
    name: string,
  ): Promise<{ convertsNew: boolean; maxMb: number }> {
    // Security documents live in teams only (they do not leave one): a personal space's uploads,
    // the busiest, read no settings for them.
    if (space.type !== 'team') return { convertsNew: false, maxMb: SECDOC_CONVERT_MAX_MB };
    const config = await settings.get(space.company_id);
    return {
      convertsNew: autoConverts(space, name) && securityDocsConvert(config),
      maxMb: config.secdoc_convert_max_mb,
    };
  }

  /** A new file with its first version: its row as stored. `secure`: a security document. */
  async function addFile(
    trx: Trx,
    actor: Actor,
    target: LocatedFolder,
    path: string,
    name: string,
    digest: BlobDigest,
    secure: boolean,
    mode: 'upload' | 'create',
  ) {
    const t = now();
    const groupId = target.ctx.space.id;
    const parentId = target.folder?.id ?? 0;
    const file = await repo.insertFile(trx, {
      secure_guid: secure ? randomUUID() : undefined,
      group_id: groupId,
      parent_id: parentId,
      path,
      name,
      name_key: nameKey(name),
      is_folder: 0,
      ...digest,
      ver: 1,
      ctime: t,
      mtime: t,
      creator_id: actor.userId,
      modifier_id: actor.userId,
      deleted_at: null,
      deleted_by: null,
      delete_root: null,
    });
    await repo.insertVersion(trx, {
      file_id: file.id,
      ver: 1,
      ...digest,
      modifier_id: actor.userId,
      created_at: t,
    });
    if (secure) {
      const creator = { userId: actor.userId, manages: canManageSpace(target.ctx.role) };
      await secdocRepo.replaceRights(trx, file.id, groupId, defaultRightRows(target.ctx.space, creator));
    }
    await quota.charge(trx, actor.userId, [{ space: target.ctx.space, bytes: digest.size, files: 1 }]);
    await events.record(trx, {
      type: 'file_create',
      actorId: actor.userId,
      groupId,
      fileId: file.id,
      name,
      isFolder: false,
      parentId,
      // Made with New (an empty document) rather than uploaded: the activity says so.
      ...(mode === 'create' ? { detail: { new_empty: true } } : {}),
    });
    return file;
  }

  /**
   * Writes content under a name in a folder, in one transaction: a new file, or (uploads only) a
   * new version of the live file of that name. The blob is already in the store.
   */
  async function writeContent(
    actor: Actor,
    target: LocatedFolder,
    name: string,
    digest: BlobDigest,
    mode: 'upload' | 'create',
    /** Whether a new file is told of in a team's conversation (im_push; the team's switch decides too). */
    imPush: boolean,
    /** More writes that commit or fail together with this one (the upload transaction's end). */
    alsoInTransaction?: (trx: Trx) => Promise<void>,
  ): Promise<FileRecord> {
    const lockCheck = await locks.forActor(actor);
    const { convertsNew: secure, maxMb } = await secdocRules(target.ctx.space, name);
    // A transaction shared with the other uploads of the moment: several small files arriving
    // together into a folder commit at once (db/shared-transactions.ts, issue 11 W3). It answers
    // the new file's row, or the id of the file that got a new version.
    const written = await inTransaction(shared, async (trx): Promise<FileRow | number> => {
      await alsoInTransaction?.(trx);
      await lockTrees(trx, dialect, [target.ctx.space.id], 'place');
      const folder = await folderNow(trx, target.folder);
      const existing = await repo.findLiveByName(
        trx,
        target.ctx.space.id,
        target.folder?.id ?? 0,
        nameKey(name),
      );
      if (!existing) {
        requirePermission(target.mask, mode === 'create' ? 'new_empty' : 'upload');
        if (secure) assertConvertibleSize(digest.size, maxMb);
        return addFile(trx, actor, target, childPath(folder), name, digest, secure, mode);
      }
      // A name taken by a folder, or any taken name for a new empty file, is a conflict.
      if (mode === 'create' || existing.is_folder) throw new DomainError('fileNameConflict');
      if (existing.secure_guid) assertConvertibleSize(digest.size, maxMb);
      await lockCheck.assertFree(trx, existing);
      await addVersion(trx, actor, target.ctx, existing, digest);
      return existing.id;
    });
    if (typeof written === 'number') {
      // History limit: the oldest versions beyond it go (modules/history/keeper.ts).
      await versions.trimFile(target.ctx.space, written);
      return reload(actor, target.ctx, written);
    }
    if (imPush) await tellTeam(actor, target.ctx, written);
    // A file made just now has no star, lock or share link yet, and the actor made it: its row as
    // inserted is the whole record, without reading it again.
    const maker = actor.user.nick_name;
    const file: repo.FileWithNames = { ...written, creator_name: maker, modifier_name: maker };
    const record = presentFile(file, target.ctx, maskAt(target.ctx, file), await pathOf(file), false);
    record.filelock = null;
    return record;
  }

  /**
   * A new file in a team space whose file-message push is on: a message in the team's conversation
   * (chat.fileAdded reads the switch again as it writes). A new version is no file added. The file
   * has committed by then, so a failure here is logged, not answered: the upload did happen.
   * Every member reads the conversation, so a file that a folder's permission entry may hide from
   * someone (an entry without `read` on its way down) is not told of: its name would reach people
   * to whom it does not exist.
   */
  async function tellTeam(actor: Actor, ctx: FileContext, file: FileRow) {
    if (ctx.space.type !== 'team' || ctx.space.im_push !== 1) return;
    const chain = new Set([...ancestorIds(file.path), file.id]);
    const entries = await repo.findAcl(db, ctx.space.id);
    if (entries.some((entry) => chain.has(entry.file_id) && !hasPermission(entry.mask, 'read'))) return;
    try {
      await chat.fileAdded(actor, file);
    } catch (err) {
      log?.error({ err, fileId: file.id }, 'files: the team chat was not told of a file added');
    }
  }

  /** A live file reached through a share link: the link's context gives the mask. */
  async function viaLink(fileId: number, ctx: FileContext) {
    const file = await repo.findFile(db, fileId);
    if (file?.status !== 'live' || file.group_id !== ctx.space.id) throw new DomainError('fileNotExists');
    return { ctx, file, mask: maskAt(ctx, file) };
  }

  async function remove(actor: Actor, fileId: number, groupId?: number): Promise<void> {
    const { ctx, file, mask } = await access.requireFile(actor, fileId, { groupId });
    requirePermission(mask, 'delete');
    // A file someone else holds the lock of (or a folder with one below) stays where it is.
    await (await locks.forActor(actor)).assertFree(db, file);
    await db.transaction().execute(async (trx) => {
      await lockTrees(trx, dialect, [file.group_id], 'reshape');
      // Its path as it is now: moved meanwhile, the items below it are found under the new one.
      await repo.markDeleted(trx, await liveItemNow(trx, file), actor.userId, now());
      await events.record(trx, {
        type: 'delete',
        actorId: actor.userId,
        groupId: ctx.space.id,
        fileId: file.id,
        name: file.name,
        isFolder: file.is_folder === 1,
        parentId: file.parent_id,
      });
    });
  }

  /** GET /api/v3/groups/{g}/files/{f}/permission: the item's own entries (owner and admin). */
  async function entries(actor: Actor, groupId: number, fileId: number) {
    const { ctx, file } = await access.requireFile(actor, fileId, { groupId });
    if (!canManageSpace(ctx.role)) throw new DomainError('permissionDenied');
    const rows = await repo.findAclOfFile(db, file.id);
    return {
      fileid: file.id,
      entries: rows.map((r) => ({
        principal_type: r.principal_type,
        principal_id: r.principal_id,
        name: (r.principal_type === 'user' ? r.nick_name : r.dept_name) ?? '',
        user_acl: r.mask,
      })),
    };
  }

  /**
   * The files before and after one in its folder, in the order `q` gives, its position and how
   * many there are (the viewer's previous and next).
   */
  async function neighborsOf(file: FileRow, q: repo.SiblingQuery): Promise<PreviewNeighbors> {
    const found = await repo.neighbors(db, file, q);
    const brief = (row: { id: number; name: string } | undefined) =>
      row ? { fileid: row.id, fname: row.name } : null;
    return { prev: brief(found.prev), next: brief(found.next), index: found.index, total: found.total };
  }

  return {
    pathOf,

    /**
     * Records of rows from anywhere (starred, recent ...) that the actor may still read, in the
     * order given; `hidden` are the ids of the others (no longer in a space the actor sees, or
     * their read permission was taken away).
     */
    async recordsFor(
      actor: Actor,
      rows: repo.FileWithNames[],
    ): Promise<{ records: FileRecord[]; hidden: number[] }> {
      const contexts = new Map<number, FileContext | undefined>();
      const stars = await starred(
        actor.userId,
        rows.map((row) => row.id),
      );
      const records: FileRecord[] = [];
      const hidden: number[] = [];
      const shared = await links(rows.map((row) => row.id));
      for (const row of rows) {
        if (!contexts.has(row.group_id))
          contexts.set(row.group_id, await access.context(actor, row.group_id));
        const ctx = contexts.get(row.group_id);
        const mask = ctx ? maskAt(ctx, row) : 0;
        if (!ctx || !hasPermission(mask, 'read')) {
          hidden.push(row.id);
          continue;
        }
        const record = presentFile(row, ctx, mask, await pathOf(row), stars.has(row.id));
        records.push(Object.assign(record, shared.get(row.id)));
      }
      return { records, hidden };
    },

    /** GET /api/v3/groups/{gid}/files and GET /xfi/u/v1/volumes/{volume}/files/{parent}/files. */
    async list(
      actor: Actor,
      groupId: number,
      parentId: number,
      q: Omit<ListQuery, 'parentid'>,
    ): Promise<FileList> {
      const { ctx, folder, mask } = await access.requireFolder(actor, groupId, parentId);
      requirePermission(mask, 'read');
      const hiddenIds = unreadableIds(ctx);
      const query: repo.ListQuery = {
        groupId,
        parentId,
        foldersOnly: q.filter === 'folder',
        orderby: q.orderby,
        order: q.order,
        offset: q.offset,
        count: q.count,
        secretLabel: q.secret_label,
        hiddenIds,
      };
      const [{ rows, total }, base] = await Promise.all([
        // The query says all a page depends on, the actor's hidden entries included.
        pages.get(JSON.stringify(query), async () => {
          const [rows, total] = await Promise.all([
            repo.listChildren(db, query),
            repo.countChildren(db, query),
          ]);
          return { rows, total };
        }),
        folder ? pathOf(folder) : Promise.resolve(''),
      ]);
      const stars = await starred(
        actor.userId,
        rows.map((row) => row.id),
      );
      // spec 001 issue 10: the list shows who holds a file's lock.
      const held = await (await locks.forActor(actor)).locksOf(
        db,
        rows.filter((row) => !row.is_folder).map((row) => row.id),
      );
      const shared = await links(rows.map((row) => row.id));
      return {
        files: rows.map((row) => {
          const record = presentFile(
            row,
            ctx,
            childMask(ctx, mask, row),
            `${base}/${row.name}`,
            stars.has(row.id),
          );
          Object.assign(record, shared.get(row.id));
          record.filelock = held.get(row.id) ?? null;
          return record;
        }),
        offset: q.offset,
        count: q.count,
        total,
        more: q.offset + rows.length < total,
      };
    },

    /** GET /api/v3/groups/{gid}/files/{fid}. */
    async get(actor: Actor, groupId: number, fileId: number): Promise<FileRecord> {
      const { ctx, file, mask } = await access.requireFile(actor, fileId, { groupId });
      requirePermission(mask, 'read');
      return recordOf(actor, ctx, file, mask);
    },

    /** PUT /api/v3/groups/{gid}/files/{fid}: rename (fname) and/or set the secret label. */
    async update(actor: Actor, groupId: number, fileId: number, body: UpdateBody): Promise<FileRecord> {
      const { ctx, file, mask } = await access.requireFile(actor, fileId, { groupId });
      const kind = file.is_folder ? 'folder' : 'file';
      // Who may rename comes first: someone who may not is not told what is wrong with the name.
      if (body.fname !== undefined) requirePermission(mask, 'rename');
      const name = body.fname === undefined ? file.name : checkName(body.fname, kind);
      const renamed = name !== file.name;
      // spec 001 §4: rename is blocked with the lock notice while someone else holds the file's lock.
      if (renamed && !file.is_folder) await (await locks.forActor(actor)).assertFree(db, file);
      const relabelled = body.secret_label !== undefined && body.secret_label !== file.secret_label;
      if (body.secret_label !== undefined) {
        const { allow_secret_label } = await settings.get(actor.companyId);
        if (!allow_secret_label) throw new DomainError('badRequest');
        requirePermission(mask, 'secret');
      }
      if (renamed && nameKey(name) !== file.name_key) {
        const taken = await repo.findLiveByName(db, file.group_id, file.parent_id, nameKey(name));
        if (taken) throw new DomainError('fileNameConflict');
      }
      if (renamed || relabelled) {
        await inTransaction(db, async (trx) => {
          const base = {
            actorId: actor.userId,
            groupId: file.group_id,
            fileId: file.id,
            isFolder: file.is_folder === 1,
            parentId: file.parent_id,
          };
          if (renamed) {
            await repo.updateFile(trx, file.id, { name, name_key: nameKey(name) });
            await events.record(trx, { ...base, type: 'rename', name, detail: { from: file.name } });
          }
          if (relabelled) {
            await repo.updateFile(trx, file.id, { secret_label: body.secret_label });
            await events.record(trx, {
              ...base,
              type: 'update',
              name,
              detail: { secret_label: body.secret_label },
            });
          }
        });
      }
      return reload(actor, ctx, file.id);
    },

    /** POST /api/v3/groups/{gid}/files: a new folder. */
    async createFolder(
      actor: Actor,
      groupId: number,
      parentId: number,
      rawName: string,
      opts: { existOk: boolean },
    ): Promise<FileRecord> {
      const target = await access.requireFolder(actor, groupId, parentId);
      const name = checkName(rawName, 'folder');
      requirePermission(target.mask, 'new_empty');
      const existing = await repo.findLiveByName(db, groupId, parentId, nameKey(name));
      if (existing) {
        if (opts.existOk && existing.is_folder) return reload(actor, target.ctx, existing.id);
        throw new DomainError('fileNameConflict');
      }
      const t = now();
      const id = await inTransaction(db, async (trx) => {
        await lockTrees(trx, dialect, [groupId], 'place');
        const folder = await folderNow(trx, target.folder);
        const { id: folderId } = await repo.insertFile(trx, {
          group_id: groupId,
          parent_id: parentId,
          path: childPath(folder),
          name,
          name_key: nameKey(name),
          is_folder: 1,
          ctime: t,
          mtime: t,
          creator_id: actor.userId,
          modifier_id: actor.userId,
          deleted_at: null,
          deleted_by: null,
          delete_root: null,
        });
        await quota.charge(trx, actor.userId, [{ space: target.ctx.space, bytes: 0, files: 1 }]);
        await events.record(trx, {
          type: 'file_create',
          actorId: actor.userId,
          groupId,
          fileId: folderId,
          name,
          isFolder: true,
          parentId,
        });
        return folderId;
      });
      return reload(actor, target.ctx, id);
    },

    /** POST /api/v3/groups/{gid}/files/new_empty: an empty docx, xlsx, pptx or txt. */
    async newEmpty(
      actor: Actor,
      groupId: number,
      parentId: number,
      rawName: string,
      opts: { imPush: boolean },
    ): Promise<FileRecord> {
      const target = await access.requireFolder(actor, groupId, parentId);
      const name = checkName(rawName, 'file');
      const ext = splitExt(name).ext.toLowerCase();
      if (!isNewEmptyType(ext)) throw new DomainError('badRequest');
      requirePermission(target.mask, 'new_empty');
      if (await repo.findLiveByName(db, groupId, parentId, nameKey(name)))
        throw new DomainError('fileNameConflict');
      const bytes = await emptyDocument(ext);
      await quota.check(actor.userId, target.ctx.space, { bytes: bytes.length, files: 1 });
      const digest = await storageWrite(() => blobs.putBuffer(bytes));
      return writeContent(actor, target, name, digest, 'create', opts.imPush);
    },

    /**
     * Checks an upload up front (POST .../upload-transactions): name, size limit, permission
     * (a same-name upload needs `update`, a new name `upload`) and quota. Answers the saved name.
     */
    async prepareUpload(actor: Actor, groupId: number, parentId: number, rawName: string, size: number) {
      const target = await access.requireFolder(actor, groupId, parentId);
      const name = checkName(rawName, 'file');
      // spec 001 §5: default 104857600 bytes; a file of exactly the limit is allowed.
      const { max_file_size } = await settings.get(actor.companyId);
      if (size > max_file_size) throw new DomainError('fileTooLarge', { limit: max_file_size });
      const existing = await repo.findLiveByName(db, groupId, parentId, nameKey(name));
      if (existing?.is_folder) throw new DomainError('fileNameConflict');
      if (existing) requirePermission(maskAt(target.ctx, existing), 'update');
      else requirePermission(target.mask, 'upload');
      // A new version of a file someone else holds the lock of is refused up front (and again at commit).
      if (existing) await (await locks.forActor(actor)).assertFree(db, existing);
      // A security document takes no content above the conversion's limit (spec 001 §8, 5007).
      const secdoc = await secdocRules(target.ctx.space, name);
      if (existing ? existing.secure_guid : secdoc.convertsNew) assertConvertibleSize(size, secdoc.maxMb);
      await quota.check(actor.userId, target.ctx.space, {
        bytes: size - (existing?.size ?? 0),
        files: existing ? 0 : 1,
      });
      return { name, space: target.ctx.space, target };
    },

    /**
     * Saves content (its blob already stored) as a new file or a new version, without an upload
     * transaction: the demo's first files (seed/drive.ts), which nobody added in the team chat
     * (`imPush` false).
     */
    async saveUpload(
      actor: Actor,
      groupId: number,
      parentId: number,
      name: string,
      digest: BlobDigest,
      opts: { imPush: boolean },
    ) {
      const target = await access.requireFolder(actor, groupId, parentId);
      return writeContent(actor, target, name, digest, 'upload', opts.imPush);
    },

    /**
     * saveUpload into the folder prepareUpload just located, without looking it up again: the
     * folder's being live is checked once more in the write's transaction, and the name's
     * permission against the item found there.
     */
    saveUploadTo(
      actor: Actor,
      target: LocatedFolder,
      name: string,
      digest: BlobDigest,
      alsoInTransaction?: (trx: Trx) => Promise<void>,
    ) {
      return writeContent(actor, target, name, digest, 'upload', true, alsoInTransaction);
    },

    /**
     * New content for a live file as its next version, content already in the blob store: a
     * history version recovered (modules/history), later an editor's save. `detail` goes into
     * the update event.
     */
    async saveVersion(
      actor: Actor,
      fileId: number,
      digest: BlobDigest,
      detail: Record<string, unknown> = {},
      /** A share link with write permission stands for the actor's place in the space (modules/links). */
      through?: { ctx: FileContext },
      /**
       * Checks, in the transaction, that what the content came from is still there (a recovered
       * version deleted meanwhile): else its blob may be collected under the new version.
       */
      sourceStillThere?: (trx: Trx) => Promise<void>,
    ): Promise<FileRecord> {
      const { ctx, file, mask } = through
        ? await viaLink(fileId, through.ctx)
        : await access.requireFile(actor, fileId);
      if (file.is_folder) throw new DomainError('fileNotExists');
      requirePermission(mask, 'update');
      await quota.check(actor.userId, ctx.space, { bytes: digest.size - file.size, files: 0 });
      // A new version (an editor's save, a recovered history version) of a file someone else
      // holds the lock of is refused, as an upload over it is (spec 001 §3 "File lock").
      const lockCheck = await locks.forActor(actor);
      await inTransaction(db, async (trx) => {
        const current = await repo.findFile(trx, file.id);
        if (current?.status !== 'live') throw new DomainError('fileNotExists');
        await sourceStillThere?.(trx);
        await lockCheck.assertFree(trx, current);
        await addVersion(trx, actor, ctx, current, digest, detail);
      });
      await versions.trimFile(ctx.space, file.id);
      return reload(actor, ctx, file.id);
    },

    /** DELETE /api/v3/groups/{gid}/files/{fid}: to the recycle bin, with everything below. */
    remove: (actor: Actor, groupId: number, fileId: number) => remove(actor, fileId, groupId),

    /** POST .../files/batch/delete: each item on its own; failures are listed. */
    /** POST /api/v3/groups/{gid}/files/batch/delete: items of that space only (others fail). */
    async batchDelete(actor: Actor, groupId: number, fileIds: number[]): Promise<{ failList: FailItem[] }> {
      const failList: FailItem[] = [];
      for (const fileId of fileIds) {
        try {
          await remove(actor, fileId, groupId);
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          failList.push(await failItem(db, fileId, err, (id) => access.mayRead(actor, id)));
        }
      }
      return { failList };
    },

    /** GET /api/files/{id}/path: the item's space and the items from the root down to it. */
    async path(actor: Actor, fileId: number) {
      const { ctx, file, mask } = await access.requireFile(actor, fileId);
      requirePermission(mask, 'read');
      const ids = ancestorIds(file.path);
      const names = await repo.namesOf(db, ids);
      const nodes = ids.map((id, i) => ({
        fileid: id,
        fname: names.get(id) ?? '',
        parentid: i === 0 ? 0 : ids[i - 1],
        ftype: 'folder',
      }));
      nodes.push({
        fileid: file.id,
        fname: file.name,
        parentid: file.parent_id,
        ftype: file.is_folder ? 'folder' : 'file',
      });
      return {
        groupid: ctx.space.id,
        group: {
          id: ctx.space.id,
          name: ctx.space.name,
          type: ctx.space.type === 'team' ? ctx.space.team_type : ctx.space.type,
        },
        path: nodes,
      };
    },

    /**
     * GET /api/files/{id}/metadata (recycle: an item in the bin too, for those who may open that
     * bin: spec 001 §2, a team bin is for creator, manager and admin only).
     */
    async metadata(actor: Actor, fileId: number, recycle: boolean): Promise<FileRecord> {
      const { ctx, file, mask } = await access.requireFile(actor, fileId, { deleted: recycle });
      requirePermission(mask, 'read');
      if (file.status !== 'live' && !canOpenBin(ctx)) throw new DomainError('permissionDenied');
      return recordOf(actor, ctx, file, mask);
    },

    /** GET /api/cooper/files/node?fileids=: the items the actor may read, in the order asked. */
    async nodes(actor: Actor, fileIds: number[]): Promise<{ files: FileRecord[] }> {
      const files: FileRecord[] = [];
      for (const fileId of fileIds) {
        try {
          const { ctx, file, mask } = await access.requireFile(actor, fileId);
          if (hasPermission(mask, 'read')) files.push(await recordOf(actor, ctx, file, mask));
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
        }
      }
      return { files };
    },

    /**
     * The files before and after one in its folder, in the list's order (the viewer's previous and
     * next, modules/preview); files the actor may not read are skipped as the list skips them.
     */
    async neighbors(actor: Actor, fileId: number, sort: Pick<ListQuery, 'orderby' | 'order'>) {
      const { ctx, file, mask } = await access.requireFile(actor, fileId);
      requirePermission(mask, 'read');
      return neighborsOf(file, { ...sort, hiddenIds: unreadableIds(ctx) });
    },

    /** The same for a file whose caller has decided who may see it (a shared folder, modules/links). */
    neighborsOf,

    /** GET /xfi/v1/volumes/{v}/files/self/permissions?file=: the actor's mask (file 0: the root). */
    async selfPermissions(actor: Actor, groupId: number, fileId: number) {
      const { ctx, mask } =
        fileId === 0
          ? await access.requireFolder(actor, groupId, 0)
          : await access.requireFile(actor, fileId, { groupId });
      return {
        volume_id: groupId,
        file_id: fileId,
        user_acl: mask,
        permission: maskToFlags(mask),
        user_role: userRoleFromTeamRole(ctx.role),
      };
    },

    entries,

    /** PUT /api/v3/groups/{g}/files/{f}/permission: replaces the item's own entries (owner and admin of a team). */
    async setEntries(actor: Actor, groupId: number, fileId: number, body: AclBody) {
      const { ctx, file } = await access.requireFile(actor, fileId, { groupId });
      if (ctx.space.type !== 'team' || !canManageSpace(ctx.role)) throw new DomainError('permissionDenied');
      const unique = new Map(body.entries.map((e) => [`${e.principal_type}:${e.principal_id}`, e]));
      const wanted = [...unique.values()].map((e) => ({
        principal_type: e.principal_type,
        principal_id: e.principal_id,
        mask: e.user_acl,
      }));
      const known = await repo.existingPrincipals(
        db,
        wanted.filter((e) => e.principal_type === 'user').map((e) => e.principal_id),
        wanted.filter((e) => e.principal_type === 'dept').map((e) => e.principal_id),
        ctx.space.company_id,
      );
      const unknown = wanted.some(
        (e) => !(e.principal_type === 'user' ? known.users : known.depts).has(e.principal_id),
      );
      if (unknown) throw new DomainError('badRequest');
      await db.transaction().execute(async (trx) => {
        await repo.replaceAcl(trx, file.id, ctx.space.id, wanted);
        await events.record(trx, {
          type: 'permission',
          actorId: actor.userId,
          groupId: ctx.space.id,
          fileId: file.id,
          name: file.name,
          isFolder: file.is_folder === 1,
          parentId: file.parent_id,
          detail: { entries: wanted.length },
        });
      });
      return entries(actor, groupId, fileId);
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;
