import { z } from 'zod';
import { FolderId, Id } from '../../http/params.ts';

const Sha1 = z
  .string()
  .regex(/^[0-9a-fA-F]{40}$/)
  .transform((s) => s.toLowerCase());

export const VolumeParams = z.object({ volume: Id, parent: FolderId });
export const TransactionParams = z.object({ volume: Id, parent: FolderId, id: z.string().min(1).max(64) });
export const UploadParams = z.object({ id: z.string().min(1).max(64) });

/** POST .../upload-transactions (payload not shown in spec 001 §7; ours per ARCHITECTURE "Uploads"). */
export const BeginBody = z.object({
  name: z.string().max(10_000),
  size: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  sha1: Sha1.optional(),
});
export type BeginBody = z.infer<typeof BeginBody>;

/** POST .../upload-transactions with the bytes as the body: the name (and a sha1) in the query. */
export const WholeQuery = z.object({ name: z.string().max(10_000).optional(), sha1: Sha1.optional() });

/** PATCH .../upload-transactions/{id}: commit; a sha1 may be given now if it was not at the start. */
export const CommitBody = z.object({ sha1: Sha1.optional() }).optional();
