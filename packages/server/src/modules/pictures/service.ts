import crypto from 'node:crypto';
import { type UploadAddress, type UploadedPicture, validateAvatarFile } from '@cirrus/shared';
import type { Db } from '../../db/index.ts';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import { sha256Hex } from '../../lib/sha256.ts';
import type { BlobStore } from '../../storage/index.ts';
import { storageWrite } from '../../storage/index.ts';
import type { SettingsService } from '../settings/service.ts';
import { reencodeAvatar } from './image.ts';
import * as repo from './repo.ts';

/** How long an upload key works (not shown in the spec; ours). */
export const UPLOAD_KEY_TTL_SECONDS = 600;
/** Where the second step form-POSTs to. */
export const PICTURE_FORM_URL = '/api/v3/pictures';

export const avatarUrl = (userId: number, pictureId: number) =>
  `/api/v3/avatars/${userId}.png?v=${pictureId}`;
export const imageUrl = (pictureId: number) => `/api/v3/images/${pictureId}.png`;

export interface UploadedFile {
  filename: string;
  data: Buffer;
  /** The upload went past the size limit and was cut. */
  truncated: boolean;
}

/**
 * The two-step picture upload of spec 000 §7: POST /api/v3/avatar/upload (or /api/v3/image/upload
 * for a team's own picture) answers an address, a key and fields; the client form-POSTs the png
 * there. The key works once, for 10 minutes, for the user it was issued to. The picture is
 * re-encoded (sharp) into the blob store; an avatar then shows at a stable address per user.
 */
export function createPictureService({
  db,
  blobs,
  settings,
  now,
}: {
  db: Db;
  blobs: BlobStore;
  settings: SettingsService;
  now: () => number;
}) {
  async function assertAvatarEditable(actor: Actor): Promise<void> {
    // spec 000 §6: avatar edit is allowed for oneself unless disabled by configuration.
    if ((await settings.get(actor.companyId)).unable_user_avatar_edit)
      throw new DomainError('permissionDenied');
  }

  return {
    async issueKey(actor: Actor, kind: 'avatar' | 'image'): Promise<UploadAddress> {
      if (kind === 'avatar') await assertAvatarEditable(actor);
      const key = crypto.randomBytes(32).toString('base64url');
      const t = now();
      await repo.insertUploadKey(db, {
        key_hash: sha256Hex(key),
        user_id: actor.userId,
        kind,
        created_at: t,
        expires_at: t + UPLOAD_KEY_TTL_SECONDS,
        used_at: null,
      });
      return { url: PICTURE_FORM_URL, key, fields: { key }, expires_in: UPLOAD_KEY_TTL_SECONDS };
    },

    /** The form POST: the key is used up first, so a refused picture needs a new key. */
    async upload(actor: Actor, key: string, file: UploadedFile | undefined): Promise<UploadedPicture> {
      const kind = key ? await repo.claimUploadKey(db, sha256Hex(key), actor.userId, now()) : undefined;
      if (!kind) throw new DomainError('uploadKeyInvalid');
      if (kind === 'avatar') await assertAvatarEditable(actor);
      if (!file) throw new DomainError('error_file_tips');
      const nameError = validateAvatarFile({ name: file.filename, size: file.data.length });
      if (nameError) throw new DomainError(nameError);
      if (file.truncated) throw new DomainError('error_tips');

      const png = await reencodeAvatar(file.data);
      if (!png) throw new DomainError('error_tips');
      const digest = await storageWrite(() => blobs.putBuffer(png));
      // The blob is in place before anything refers to it.
      return db.transaction().execute(async (trx) => {
        const id = await repo.insertPicture(trx, {
          user_id: actor.userId,
          kind,
          sha256: digest.sha256,
          size: digest.size,
          created_at: now(),
        });
        if (kind === 'image') return { url: imageUrl(id) };
        const url = avatarUrl(actor.userId, id);
        await repo.setUserAvatar(trx, actor.userId, url);
        return { url };
      });
    },

    /** The newest avatar of a user, or undefined. */
    async avatarOf(userId: number) {
      const row = await repo.latestAvatar(db, userId);
      return row && { row, stream: () => blobs.createReadStream(row.sha256) };
    },

    async image(id: number) {
      const row = await repo.findImage(db, id);
      return row && { row, stream: () => blobs.createReadStream(row.sha256) };
    },
  };
}

export type PictureService = ReturnType<typeof createPictureService>;
