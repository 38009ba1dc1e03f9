import { isUtf8 } from 'node:buffer';
import { DomainError } from '../../http/errors.ts';

/**
 * Text for the viewer, as UTF-8 (text, code, Markdown, CSV). A byte-order mark names UTF-8 or
 * UTF-16; otherwise valid UTF-8 is taken as it is, and anything else is read as GB18030, the
 * superset of GBK that Chinese Windows tools write. NUL bytes mean it is not text at all.
 */
export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8');
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes.subarray(0, 8192).includes(0)) throw new DomainError('invalidFile');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/**
 * Whether text is UTF-8 as it stands: no byte-order mark, no NUL, valid UTF-8. Only such text is
 * edited in the viewer, which saves UTF-8: a GB18030 or UTF-16 file would change its encoding.
 */
export function isPlainUtf8(bytes: Buffer): boolean {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return false;
  return !bytes.subarray(0, 8192).includes(0) && isUtf8(bytes);
}
