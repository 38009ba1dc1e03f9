import { PREVIEW_IMAGE_MAX_BYTES } from '@cirrus/shared';
import { fireEvent, render } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { FileThumb, type ThumbFile, thumbnailUrl } from './FileThumb';

const file = (extname: string, over: Partial<ThumbFile> = {}): ThumbFile => ({
  fileid: 42,
  ftype: 'file',
  extname,
  fsize: 120_000,
  ...over,
});

describe('thumbnailUrl: only pictures the server draws ask for a thumbnail', () => {
  test.each(['jpg', 'jpeg', 'png', 'gif', 'webp', 'svg', 'tiff', 'avif', 'JPG'])('%s asks', (ext) => {
    expect(thumbnailUrl(file(ext))).toBe('/v1/preview/files/42/image?size=thumb');
  });

  test.each(['pdf', 'docx', 'xlsx', 'txt', 'mp4', 'mp3', 'zip', 'heic', ''])('%s does not', (ext) => {
    expect(thumbnailUrl(file(ext))).toBeUndefined();
  });

  test('not a folder, not a picture too large to decode, not a large picture sent as it is', () => {
    expect(thumbnailUrl(file('', { ftype: 'folder' }))).toBeUndefined();
    expect(thumbnailUrl(file('png', { fsize: PREVIEW_IMAGE_MAX_BYTES + 1 }))).toBeUndefined();
    expect(thumbnailUrl(file('bmp', { fsize: 5_000_000 }))).toBeUndefined();
    expect(thumbnailUrl(file('bmp', { fsize: 50_000 }))).toBeDefined();
  });

  test('a picture in the recycle bin is asked for through the bin (the recycle marker); a binned folder has none', () => {
    expect(thumbnailUrl(file('png', { ftype: 'delfile', fsha: 'b'.repeat(40) }))).toBe(
      `/v1/preview/files/42/image?size=thumb&recycle=1&v=${'b'.repeat(40)}`,
    );
    expect(thumbnailUrl(file('', { ftype: 'delfolder' }))).toBeUndefined();
    expect(thumbnailUrl(file('pdf', { ftype: 'delfile' }))).toBeUndefined();
  });

  test('a details panel asks for the larger size, under the same rules', () => {
    expect(thumbnailUrl(file('png'), {}, 'detail')).toBe('/v1/preview/files/42/image?size=detail');
    expect(thumbnailUrl(file('docx'), {}, 'detail')).toBeUndefined();
  });

  test('the content version and a share link travel in the address', () => {
    const sha = 'a'.repeat(40);
    expect(thumbnailUrl(file('png', { fsha: sha }))).toBe(`/v1/preview/files/42/image?size=thumb&v=${sha}`);
    expect(thumbnailUrl(file('png'), { link: 'Ab12cd', rand_code: 'tok.en' })).toBe(
      '/v1/preview/files/42/image?size=thumb&link=Ab12cd&rand_code=tok.en',
    );
  });
});

describe('FileThumb', () => {
  test('a picture: the icon, and a lazy thumbnail hidden until it has loaded', () => {
    const { container } = render(<FileThumb file={file('png')} />);
    const box = container.querySelector('.cirrus-thumb') as HTMLElement;
    expect(box.style.width).toBe('28px');
    expect(box.style.height).toBe('28px');
    expect(box.querySelector('.cirrus-file-icon')).not.toBeNull();
    const img = box.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/v1/preview/files/42/image?size=thumb');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.alt).toBe('');
    expect(img.classList.contains('is-loaded')).toBe(false);
    fireEvent.load(img);
    expect(img.classList.contains('is-loaded')).toBe(true);
  });

  test('a thumbnail that fails leaves the icon, and no broken picture', () => {
    const { container } = render(<FileThumb file={file('jpg')} />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.cirrus-file-icon')).not.toBeNull();
  });

  test.each(['pdf', 'docx', 'heic'])('a %s file shows its icon and asks for nothing', (ext) => {
    const { container } = render(<FileThumb file={file(ext)} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.cirrus-file-icon')).not.toBeNull();
  });

  test('a new version of the picture is a new thumbnail, loaded afresh', () => {
    const { container, rerender } = render(<FileThumb file={file('png', { fsha: '1'.repeat(40) })} />);
    fireEvent.load(container.querySelector('img') as HTMLImageElement);
    rerender(<FileThumb file={file('png', { fsha: '2'.repeat(40) })} />);
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toContain(`v=${'2'.repeat(40)}`);
    expect(img.classList.contains('is-loaded')).toBe(false);
  });
});
