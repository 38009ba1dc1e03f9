import type { Readable } from 'node:stream';
import { FILE_TYPE_GROUPS, splitExt } from '@cirrus/shared';
import yazl from 'yazl';
import type { BlobStore } from '../../storage/index.ts';
import type { ZipPlan } from './service.ts';

/** Content that is compressed already gains nothing from deflate; it is stored as it is. */
const STORED = new Set<string>([
  ...FILE_TYPE_GROUPS.image,
  ...FILE_TYPE_GROUPS.zip,
  ...FILE_TYPE_GROUPS.audio,
  ...FILE_TYPE_GROUPS.video,
  'docx',
  'xlsx',
  'pptx',
  'pdf',
]);

/**
 * Streams a zip of the plan: each blob is opened only when its turn comes (addReadStreamLazy),
 * so neither the zip nor many open files pile up (issue 3: no temp copy of the whole zip).
 */
export function streamZip(plan: ZipPlan, blobs: BlobStore): Readable {
  const zip = new yazl.ZipFile();
  for (const { path, file } of plan.entries) {
    const mtime = new Date(file.mtime * 1000);
    if (file.is_folder) {
      zip.addEmptyDirectory(path, { mtime });
      continue;
    }
    const compress = !STORED.has(splitExt(file.name).ext.toLowerCase());
    zip.addReadStreamLazy(path, { mtime, size: file.size, compress }, (cb) =>
      cb(null, blobs.createReadStream(file.sha256, undefined, file.size)),
    );
  }
  zip.end();
  return zip.outputStream as Readable;
}
