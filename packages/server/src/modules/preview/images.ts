import {
  normalizeExt,
  PREVIEW_IMAGE_AS_IS,
  PREVIEW_IMAGE_MAX_BYTES,
  PREVIEW_IMAGE_MAX_PIXELS,
  PREVIEW_IMAGE_SIZES,
  type PreviewImageSize,
} from '@cirrus/shared';
import type { Metadata } from 'sharp';
import { DomainError } from '../../http/errors.ts';

export type ImageSize = PreviewImageSize;

export interface RenderedImage {
  data: Buffer;
  contentType: string;
}

/** Pictures browsers show as they are and the server does not decode (sharp has no loader for them). */
const AS_IS = PREVIEW_IMAGE_AS_IS;

/** Smaller pictures are looked at in passing: a little less quality, fewer bytes. */
const WEBP_QUALITY: Record<ImageSize, number> = { view: 85, detail: 80, thumb: 75 };

/** Whether a picture of this extension is sent as it is rather than decoded and encoded again. */
export function isAsIs(ext: string): boolean {
  return normalizeExt(ext) in AS_IS;
}

export function asIsType(ext: string): string {
  return AS_IS[normalizeExt(ext)] ?? 'application/octet-stream';
}

/** Refuses a picture before any decoding: too many bytes is fileTooLarge. */
export function checkImageBytes(size: number): void {
  if (size > PREVIEW_IMAGE_MAX_BYTES) throw new DomainError('fileTooLarge');
}

function failure(err: unknown, ext: string): DomainError {
  const text = String((err as Error)?.message ?? err);
  // libvips refuses a canvas above limitInputPixels before allocating it: a decompression bomb.
  if (/pixel limit/i.test(text)) return new DomainError('fileTooLarge');
  // The prebuilt libvips reads AVIF but not HEVC-coded HEIC photos.
  if (['heic', 'heif'].includes(normalizeExt(ext))) return new DomainError('unsupport');
  return new DomainError('invalidFile');
}

/**
 * The picture the viewer shows (`view`, at most 2048 px), a details panel's (`detail`, 800 px) or
 * a list thumbnail (`thumb`, 256 px):
 * decoded, turned upright by its EXIF orientation, shrunk (never enlarged) and encoded as WebP.
 * Only decoded pixels are written again, so nothing active in the original (an SVG's scripts,
 * metadata, a polyglot tail) reaches the browser. A picture whose header promises more than
 * PREVIEW_IMAGE_MAX_PIXELS is refused before decoding (fileTooLarge); bytes that are not a
 * picture are invalidFile. Animated GIFs keep their frames in the `view` size.
 */
export async function renderImage(data: Buffer, ext: string, size: ImageSize): Promise<RenderedImage> {
  const e = normalizeExt(ext);
  const svg = e === 'svg';
  const options = {
    limitInputPixels: PREVIEW_IMAGE_MAX_PIXELS,
    failOn: 'error' as const,
    // Vector pictures are drawn sharp enough for the viewer's size.
    ...(svg ? { density: 144 } : {}),
  };
  // Loaded when first needed: libvips is tens of megabytes of memory a server may never use.
  const { default: sharp } = await import('sharp');
  let meta: Metadata;
  try {
    meta = await sharp(data, options).metadata();
  } catch (err) {
    throw failure(err, e);
  }
  if (!meta.width || !meta.height) throw new DomainError('invalidFile');
  const frames = meta.pages ?? 1;
  if (meta.width * meta.height * Math.min(frames, 1000) > PREVIEW_IMAGE_MAX_PIXELS)
    throw new DomainError('fileTooLarge');
  if (svg && meta.format !== 'svg') throw new DomainError('invalidFile');
  const animated = size === 'view' && meta.format === 'gif' && frames > 1;
  const side = PREVIEW_IMAGE_SIZES[size];
  try {
    const out = await sharp(data, { ...options, animated })
      .rotate() // EXIF orientation
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY[size] })
      .toBuffer();
    return { data: out, contentType: 'image/webp' };
  } catch (err) {
    throw failure(err, e);
  }
}
