import type { TeamRecord, TeamRole } from '@cirrus/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { json, renderInApp, stubApi } from '../profile/test-utils';
import { TeamInfoTab } from './TeamInfoTab';
import { TeamMembersTab } from './TeamMembersTab';
import { TeamSettingsTab } from './TeamSettingsTab';

afterEach(() => vi.unstubAllGlobals());

function teamOf(role: TeamRole, overrides: Partial<TeamRecord> = {}): TeamRecord {
  return {
    id: 7,
    groupid: 70,
    contacts_id: 7,
    name: 'Design',
    avatar: '1_1',
    notice: '',
    type: 3,
    contacts_type: 3,
    volume_type: 'group',
    data_type: 'drive',
    member_count: 3,
    is_top_group: false,
    created_at: 1_700_000_000,
    user_role: 'member',
    space: { total: 0, used: 0 },
    owner_user: { id: 1, nick_name: 'Owner', avatar: '' },
    creator: { id: 1, nick_name: 'Owner' },
    ascription_dept: null,
    self_member: { team_role: role, via_dept: false, in_dept: false },
    dept_count: 0,
    auto_convert_state: 0,
    auto_convert_group: false,
    im_push: true,
    history_limit: 10,
    history_limit_max: 100,
    recent_members: [],
    ...overrides,
  };
}

test.each([
  [1, true],
  [2, true],
  [3, false],
  [4, false],
] as const)('file-message push for role %i: shows its value, may change it: %s', (role, may) => {
  stubApi({});
  renderInApp(<TeamSettingsTab team={teamOf(role)} onLeft={() => {}} />);
  const push = screen.getByRole('switch', { name: 'File-message push' });
  expect(push.getAttribute('aria-checked')).toBe('true');
  expect((push as HTMLButtonElement).disabled).toBe(!may);
});

test('team info names the department a team belongs to, and shows -- without one', () => {
  stubApi({});
  const { unmount } = renderInApp(<TeamInfoTab team={teamOf(3)} />);
  expect(screen.getByText('Team type')).toBeTruthy();
  // spec 000 §2: "team ownership (department display path or --)"
  expect(screen.getByText('Department').closest('tr')?.textContent).toBe('Department--');
  unmount();

  renderInApp(
    <TeamInfoTab
      team={teamOf(3, {
        type: 2,
        ascription_dept: { id: 4, name: 'Web', display_path_name: 'Example Co./R&D/Web' },
      })}
    />,
  );
  expect(screen.getByText('Department').closest('tr')?.textContent).toBe('DepartmentExample Co./R&D/Web');
});

test('removing checked members asks first, naming how many, and only then removes them', async () => {
  const person = (id: number, name: string, role: TeamRole) => ({
    type: 1,
    id,
    team_role: role,
    user: { id, nick_name: name, avatar: '' },
    joined_at: 1_700_000_000,
  });
  const members = [person(12, 'Li Wei', 1), person(21, 'Ann', 3), person(22, 'Bo', 3)];
  const calls = stubApi({
    'GET /api/v3/groups/7/members': () => json(200, { members, offset: 0, limit: 50, total: 3, more: false }),
    'GET /u/v1/groups/7/members/brief': () => json(200, { members: [], total: 3, more: false }),
    'POST /v1/groups/7/members/batch': () => new Response(null, { status: 204 }),
  });
  renderInApp(<TeamMembersTab team={teamOf(1, { id: 7 })} />);
  fireEvent.click(await screen.findByRole('button', { name: /Remove members/ }));
  fireEvent.click(await screen.findByRole('checkbox', { name: 'Ann' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Bo' }));
  fireEvent.click(screen.getAllByRole('button', { name: 'Remove (2)' })[0]);
  const title = await screen.findByText('Remove 2 members from the team?');
  const ask = title.closest('.ant-modal') as HTMLElement;
  expect(within(ask).getByText(/They will no longer see this team/)).toBeTruthy();
  expect(calls.some((c) => c.method === 'POST')).toBe(false);
  fireEvent.click(within(ask).getByRole('button', { name: 'Remove' }));
  await waitFor(() =>
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/v1/groups/7/members/batch',
      body: { delete: [21, 22], type: 1 },
    }),
  );
});
