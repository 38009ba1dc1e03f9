import type { RecycleRecord } from '@cirrus/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { json, makeFile, renderInApp, stubApi } from '../profile/test-utils';
import { MyBinPage } from './BinPage';

const binned = (
  fileid: number,
  fname: string,
  ftype: 'delfile' | 'delfolder' = 'delfile',
): RecycleRecord => ({
  ...makeFile({ fileid, fname, ftype, fsha: ftype === 'delfile' ? `${fileid}`.padStart(40, 'a') : '' }),
  deleted_at: 1_700_000_100,
  deleted_by: { id: 12, name: 'Li Wei' },
  origin_path: '/',
  group_name: 'My drive',
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MyBinPage', () => {
  test('a picture in the bin shows its thumbnail, asked for through the bin; other rows keep their icon', async () => {
    stubApi({
      'GET /api/v3/recycles': () =>
        json(200, {
          files: [binned(7, 'beach.png'), binned(8, 'plan.docx'), binned(9, 'Photos', 'delfolder')],
          offset: 0,
          count: 50,
          total: 3,
          more: false,
        }),
    });
    // The list is virtualised: it draws the rows that fit the height jsdom does not lay out.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    renderInApp(<MyBinPage />);
    const row = (name: string) => screen.getByText(name).closest('li') as HTMLElement;
    await screen.findByText('beach.png');

    const img = row('beach.png').querySelector('.cirrus-thumb img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(
      `/v1/preview/files/7/image?size=thumb&recycle=1&v=${'7'.padStart(40, 'a')}`,
    );
    expect(row('beach.png').querySelector('.cirrus-file-icon')).not.toBeNull();
    for (const name of ['plan.docx', 'Photos']) {
      expect(row(name).querySelector('img')).toBeNull();
      expect(row(name).querySelector('.cirrus-file-icon')).not.toBeNull();
    }
  });
});
