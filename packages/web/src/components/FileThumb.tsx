import { hasThumbnail, type PreviewImageSize } from '@cirrus/shared';
import { type CSSProperties, useState } from 'react';
import { FileTypeIcon } from './FileTypeIcon';
import './FileThumb.css';

/** What a list knows of an item, enough to tell whether it has a thumbnail and where. */
export interface ThumbFile {
  fileid: number;
  ftype: string;
  extname: string;
  fsize: number;
  /** The content's sha1 where the list has it: the thumbnail's address names its content, and the browser keeps it. */
  fsha?: string;
}

/** How the list reached its items: a share link's page asks through the link (and its access code's token). */
export interface ThumbSource {
  link?: string;
  rand_code?: string;
}

/** A thumbnail's size: a list's (256 px), or a details panel's larger one (800 px); the viewer's is its own. */
export type ThumbSize = Exclude<PreviewImageSize, 'view'>;

/**
 * The address of a file's list thumbnail (the server's 256 px WebP; `size` detail: 800 px), or undefined for one that has
 * none (a folder, not a picture, too large, a kind the server does not decode: shared hasThumbnail).
 * A file in the recycle bin (delfile) is asked for through the bin, with the recycle marker its
 * preview carries (spec 001 §2): the server answers it to whoever may open that bin.
 */
export function thumbnailUrl(
  file: ThumbFile,
  source: ThumbSource = {},
  size: ThumbSize = 'thumb',
): string | undefined {
  const inBin = file.ftype === 'delfile';
  if ((file.ftype !== 'file' && !inBin) || !hasThumbnail(file.extname, file.fsize)) return undefined;
  const query = new URLSearchParams({ size });
  if (inBin) query.set('recycle', '1');
  if (file.fsha) query.set('v', file.fsha);
  if (source.link) query.set('link', source.link);
  if (source.rand_code) query.set('rand_code', source.rand_code);
  return `/v1/preview/files/${file.fileid}/image?${query}`;
}

/**
 * A file's type icon in a box of fixed size, with the picture's thumbnail drawn over it once it
 * has come. Loaded lazily by the browser (only rows near the screen ask) and decoded off the main
 * thread; until it comes, and if it fails, the icon shows: no broken picture, nothing moves.
 */
export function FileThumb({
  file,
  source,
  size,
  box = 28,
  iconSize = 22,
  className,
}: {
  file: ThumbFile;
  source?: ThumbSource;
  size?: ThumbSize;
  /** The box's side in pixels (a tile's box is sized by its CSS: pass 0). */
  box?: number;
  iconSize?: number;
  className?: string;
}) {
  const url = thumbnailUrl(file, source, size);
  const style: CSSProperties | undefined = box ? { width: box, height: box } : undefined;
  return (
    <span className={`cirrus-thumb${className ? ` ${className}` : ''}`} style={style}>
      <FileTypeIcon file={file} size={iconSize} />
      {/* A new address (a new version) is a new picture: its state starts again. */}
      {url && <ThumbImage key={url} url={url} />}
    </span>
  );
}

function ThumbImage({ url }: { url: string }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  if (state === 'failed') return null;
  return (
    <img
      src={url}
      alt=""
      loading="lazy"
      decoding="async"
      draggable={false}
      className={`cirrus-thumb-img${state === 'loaded' ? ' is-loaded' : ''}`}
      onLoad={() => setState('loaded')}
      onError={() => setState('failed')}
    />
  );
}
