import { DEFAULT_SETTINGS, type SelfUser, type Settings } from '@cirrus/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { authKeys } from '../features/auth/queries';
import { briefOf, json, stubApi } from '../features/profile/test-utils';
import type { DesktopClient } from '../features/settings/desktop-client';
import { AvatarMenu } from './AvatarMenu';
import { paths } from './paths';

function makeUser(overrides: Partial<SelfUser> = {}): SelfUser {
  return {
    id: 12,
    userid: 12,
    unique_name: 'li.wei',
    nick_name: 'Li Wei',
    email: 'li.wei@example.com',
    phone_number: '13800000000',
    address: '',
    sex: 0,
    avatar: '',
    pinyin: 'liwei',
    source: 'local',
    vip_level: 0,
    role: [],
    is_company_admin: false,
    must_change_password: false,
    companyid: 1,
    company: { companyid: 1, adminid: 1, name: 'Example Co.' },
    company_member: { employee_id: 'E12', title: 'Engineer', ext_phone_number: '', main_dept_id: 3 },
    depts: [{ id: 3, display_name: 'Web', display_path_name: 'Example Co./R&D/Web', path_name: '1/2/3' }],
    ...overrides,
  };
}

function renderMenu({
  user = makeUser(),
  settings = {},
  desktopClient = null,
}: {
  user?: SelfUser;
  settings?: Partial<Settings>;
  desktopClient?: DesktopClient | null;
} = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(authKeys.self(), user);
  render(
    <QueryClientProvider client={client}>
      <AntdApp>
        <MemoryRouter initialEntries={[paths.drive]}>
          <Routes>
            <Route
              path="*"
              element={
                <AvatarMenu
                  user={user}
                  settings={{ ...DEFAULT_SETTINGS, ...settings }}
                  desktopClient={desktopClient}
                />
              }
            />
          </Routes>
          <Routes>
            <Route path={paths.contacts} element={<p>contacts page</p>} />
            <Route path="*" element={null} />
          </Routes>
        </MemoryRouter>
      </AntdApp>
    </QueryClientProvider>,
  );
  const trigger = screen.getByRole('button', { name: 'Account menu: Li Wei' });
  fireEvent.click(trigger);
  expect(trigger.classList.contains('ant-dropdown-open')).toBe(true);
  return screen.getByRole('menu');
}

function entryNames(menu: HTMLElement): string[] {
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent ?? '');
}

afterEach(() => vi.unstubAllGlobals());

describe('AvatarMenu', () => {
  test('shows the user panel and a plain web user’s entries', () => {
    const menu = renderMenu();
    expect(screen.getByText('li.wei@example.com')).toBeTruthy();
    expect(entryNames(menu)).toEqual(['My info', 'Contacts', 'Download client', 'Feedback', 'Log out']);
  });

  test('shows the phone when no email is bound', () => {
    renderMenu({ user: makeUser({ email: '' }) });
    expect(screen.getByText('13800000000')).toBeTruthy();
  });

  test('an admin in the desktop client with a custom link sees every entry', () => {
    const menu = renderMenu({
      user: makeUser({ is_company_admin: true }),
      settings: { custom_link_label: 'Intranet', custom_link_url: 'https://intranet.example.com' },
      desktopClient: { version: '3.2.1' },
    });
    expect(entryNames(menu)).toEqual([
      'My info',
      'Contacts',
      'Admin console',
      'Settings',
      'Feedback',
      'Intranet',
      'Log out',
    ]);
    const link = within(menu).getByRole('link', { name: 'Intranet' });
    expect(link.getAttribute('href')).toBe('https://intranet.example.com');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  test('a private deployment without logout hides feedback and logout', () => {
    const menu = renderMenu({ settings: { IS_PRIVATIZATION: true, unable_logout: true } });
    expect(entryNames(menu)).toEqual(['My info', 'Contacts', 'Download client']);
  });

  test('logout asks first, with the user panel gone', () => {
    const menu = renderMenu();
    fireEvent.click(within(menu).getByText('Log out'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByText(/Log out of Cirrus on this browser/)).toBeTruthy();
    const trigger = screen.getByRole('button', { name: 'Account menu: Li Wei' });
    expect(trigger.classList.contains('ant-dropdown-open')).toBe(false);
  });

  test('contacts goes to the contacts page', () => {
    const menu = renderMenu();
    fireEvent.click(within(menu).getByText('Contacts'));
    expect(screen.getByText('contacts page')).toBeTruthy();
  });

  test('my info shows the user’s own card', async () => {
    const user = makeUser();
    stubApi({
      [`GET /u/v1/companies/self/users/${user.id}/brief`]: () => json(200, briefOf(user)),
      'GET /api/v3/spaces': () => json(200, { total: 1024 ** 3, used: 0 }),
    });
    const menu = renderMenu({ user });
    fireEvent.click(within(menu).getByText('My info'));
    // The dialog's code loads when it is first opened.
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Example Co./R&D/Web')).toBeTruthy();
    expect(within(dialog).getByText('Engineer')).toBeTruthy();
    expect(within(dialog).getByText('li.wei')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /Change password/ })).toBeTruthy();
  });
});
