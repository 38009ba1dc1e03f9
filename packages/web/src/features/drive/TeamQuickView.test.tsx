import type { GroupRecord } from '@cirrus/shared';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { json, makeFile, renderInApp, stubApi } from '../profile/test-utils';
import { TeamQuickView } from './TeamQuickView';

const TEAM: GroupRecord = {
  id: 40,
  groupid: 40,
  contacts_id: 0,
  name: 'Design',
  avatar: '',
  notice: '',
  type: 3,
  contacts_type: 0,
  volume_type: 'team',
  data_type: 'drive',
  member_count: 3,
  is_top_group: false,
  created_at: 0,
  user_role: 'member',
  space: { total: 0, used: 0 },
  auto_convert_state: 0,
  auto_convert_group: false,
};

afterEach(() => vi.unstubAllGlobals());

describe('TeamQuickView', () => {
  test('asks for nothing until clicked, then opens on the first click', async () => {
    const calls = stubApi({
      'GET /api/v3/groups/40/files': () =>
        json(200, { files: [], offset: 0, count: 0, total: 0, more: false }),
    });
    renderInApp(<TeamQuickView team={TEAM} />);
    const button = screen.getByRole('button', { name: 'Newest files in Design' });
    expect(screen.queryByText('Newest files')).toBeNull();
    expect(calls).toEqual([]);

    fireEvent.click(button);
    expect(await screen.findByText('No files in this team yet.')).toBeTruthy();
    expect(screen.getByText('Newest files')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/api/v3/groups/40/files']);
  });

  test('a picture shows its thumbnail, other files their type icon', async () => {
    stubApi({
      'GET /api/v3/groups/40/files': () =>
        json(200, {
          files: [
            makeFile({ fileid: 3, fname: 'poster.webp', fsha: 'e'.repeat(40), mtime: 1_700_000_200 }),
            makeFile({ fileid: 4, fname: 'brief.pdf', mtime: 1_700_000_100 }),
          ],
          offset: 0,
          count: 2,
          total: 2,
          more: false,
        }),
    });
    renderInApp(<TeamQuickView team={TEAM} />);
    fireEvent.click(screen.getByRole('button', { name: 'Newest files in Design' }));
    const item = async (name: string) => (await screen.findByText(name)).closest('a') as HTMLElement;

    const poster = await item('poster.webp');
    expect(poster.querySelector('.cirrus-thumb img')?.getAttribute('src')).toBe(
      `/v1/preview/files/3/image?size=thumb&v=${'e'.repeat(40)}`,
    );
    expect(poster.querySelector('.cirrus-file-icon')).not.toBeNull();
    const brief = await item('brief.pdf');
    expect(brief.querySelector('img')).toBeNull();
    expect(brief.querySelector('.cirrus-file-icon')).not.toBeNull();
  });
});
