import { AVATAR_OUTPUT } from '@cirrus/shared';

/** Formats the server decodes; the web cropper always sends png (bmp is turned into png there). */
const ACCEPTED = new Set(['png', 'jpeg']);
/** A 5 MB picture of more pixels than this is a decompression bomb, not a photo. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Re-encodes an uploaded picture as the 120x120 png the product shows (spec 000 §9). Whatever
 * arrived (metadata, a polyglot file, an oversized canvas) does not survive: only decoded pixels are
 * written again. Answers null when the bytes are not a png or jpeg picture.
 */
export async function reencodeAvatar(data: Buffer): Promise<Buffer | null> {
  try {
    // Loaded when first needed: libvips is tens of megabytes of memory a server may never use.
    const { default: sharp } = await import('sharp');
    const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.format || !ACCEPTED.has(meta.format)) return null;
    return await image
      .rotate() // honour the EXIF orientation of a photo
      .resize(AVATAR_OUTPUT, AVATAR_OUTPUT, { fit: 'cover' })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    return null;
  }
}
