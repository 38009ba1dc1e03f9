import { describe, expect, test } from 'vitest';
import { ERRORS, PREVIEW_ERROR_KEYS } from './errors.ts';
import {
  hasThumbnail,
  isTextKind,
  PREVIEW_IMAGE_MAX_BYTES,
  type PreviewKind,
  previewKindOf,
  previewVariant,
  THUMBNAIL_AS_IS_MAX_BYTES,
} from './preview.ts';

describe('previewKindOf', () => {
  test.each<[string, PreviewKind]>([
    ['jpg', 'image'],
    ['.JPEG', 'image'],
    ['svg', 'image'],
    ['pdf', 'pdf'],
    // spec: doc/docx/xls/xlsx/ppt/pptx/wps/et/dps and odt/ods/odp
    ...['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'wps', 'et', 'dps', 'odt', 'ods', 'odp'].map(
      (ext): [string, PreviewKind] => [ext, 'office'],
    ),
    ['md', 'markdown'],
    ['csv', 'csv'],
    ['txt', 'text'],
    ['ts', 'code'],
    ['html', 'code'],
    ['mp3', 'audio'],
    ['mp4', 'video'],
    ['zip', 'zip'],
    ['rar', 'unsupported'],
    ['exe', 'unsupported'],
    ['avi', 'unsupported'],
    ['', 'unsupported'],
  ])('%s opens in %s', (ext, kind) => {
    expect(previewKindOf(ext)).toBe(kind);
  });

  test('text kinds are read as text', () => {
    expect((['text', 'code', 'markdown', 'csv'] as PreviewKind[]).every(isTextKind)).toBe(true);
    expect(isTextKind('pdf')).toBe(false);
  });
});

describe('previewVariant', () => {
  test.each([
    [false, false, false, 'pcview'],
    [false, true, true, 'pcview'],
    [true, false, false, 'pcview'],
    [true, true, false, 'view'],
    [true, false, true, 'view'],
  ] as const)('private %s, ALLOW_WEBOFFICE %s, allow_weboffice %s -> %s', (priv, a, b, expected) => {
    expect(previewVariant({ IS_PRIVATIZATION: priv, ALLOW_WEBOFFICE: a, allow_weboffice: b })).toBe(expected);
  });
});

test.each(PREVIEW_ERROR_KEYS)('the preview error page %s has a catalogue entry', (key) => {
  expect(ERRORS[key].en).not.toBe('');
});

describe('hasThumbnail', () => {
  test.each<[string, number, boolean]>([
    ['jpg', 3_000_000, true],
    ['JPEG', 10, true],
    ['png', PREVIEW_IMAGE_MAX_BYTES, true],
    ['png', PREVIEW_IMAGE_MAX_BYTES + 1, false],
    ['webp', 1, true],
    ['gif', 1, true],
    ['svg', 1, true],
    ['tiff', 1, true],
    ['avif', 1, true],
    // Sent as they are: their thumbnail is the whole file, so only a small one.
    ['bmp', THUMBNAIL_AS_IS_MAX_BYTES, true],
    ['ico', THUMBNAIL_AS_IS_MAX_BYTES + 1, false],
    // Not decoded by the server.
    ['heic', 10, false],
    ['heif', 10, false],
    ['pdf', 10, false],
    ['docx', 10, false],
    ['mp4', 10, false],
    ['txt', 10, false],
    ['', 0, false],
  ])('%s of %i bytes: %s', (ext, size, expected) => {
    expect(hasThumbnail(ext, size)).toBe(expected);
  });
});
