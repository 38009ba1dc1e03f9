import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { makeFile, renderInApp, stubApi } from '../profile/test-utils';
import { FileDetailPanel } from './FileDetailPanel';

afterEach(() => vi.unstubAllGlobals());

const panel = (fname: string, over = {}) => {
  stubApi({});
  renderInApp(
    <FileDetailPanel
      file={makeFile({ fileid: 5, fname, ...over })}
      spaceName="Design"
      open
      onClose={() => {}}
    />,
  );
  return screen.getByRole('dialog');
};

describe('FileDetailPanel: the picture', () => {
  test('a picture shows its larger thumbnail at the panel’s width, over its type icon until it has come', () => {
    const dialog = panel('beach.png', { fsha: 'd'.repeat(40) });
    const box = dialog.querySelector('.cirrus-detail-picture') as HTMLElement;
    expect(box.querySelector('.cirrus-file-icon')).not.toBeNull();
    const img = box.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(`/v1/preview/files/5/image?size=detail&v=${'d'.repeat(40)}`);
    expect(img.classList.contains('is-loaded')).toBe(false);
    fireEvent.load(img);
    expect(img.classList.contains('is-loaded')).toBe(true);
  });

  test('a picture that does not come leaves its type icon', () => {
    const dialog = panel('beach.jpg');
    fireEvent.error(dialog.querySelector('.cirrus-detail-picture img') as HTMLImageElement);
    expect(dialog.querySelector('.cirrus-detail-picture img')).toBeNull();
    expect(dialog.querySelector('.cirrus-detail-picture .cirrus-file-icon')).not.toBeNull();
  });

  test.each([
    ['plan.docx', {}],
    ['Photos', { ftype: 'folder' }],
    ['huge.png', { fsize: 60 * 1024 * 1024 }],
  ])('%s has no picture', (fname, over) => {
    const dialog = panel(fname, over);
    expect(dialog.querySelector('.cirrus-detail-picture')).toBeNull();
    expect(dialog.querySelector('img')).toBeNull();
    // The details are there.
    expect(screen.getByText('Design')).toBeTruthy();
  });
});
