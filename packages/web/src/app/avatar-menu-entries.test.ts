import { DEFAULT_SETTINGS } from '@cirrus/shared';
import { describe, expect, test } from 'vitest';
import { type AvatarMenuContext, avatarMenuEntries, mayManageBackground } from './avatar-menu-entries';

const plainUser = { is_company_admin: false, role: [] };

function context(overrides: {
  user?: Partial<AvatarMenuContext['user']>;
  settings?: Partial<AvatarMenuContext['settings']>;
  inDesktopClient?: boolean;
}): AvatarMenuContext {
  return {
    user: { ...plainUser, ...overrides.user },
    settings: { ...DEFAULT_SETTINGS, ...overrides.settings },
    inDesktopClient: overrides.inDesktopClient ?? false,
  };
}

describe('avatar menu entries (spec 000 §2, §6; spec 002 §2)', () => {
  test('a plain user on the web', () => {
    expect(avatarMenuEntries(context({}))).toEqual([
      'myInfo',
      'contacts',
      'downloadClient',
      'feedback',
      'logout',
    ]);
  });

  test('everything at once, in the spec order', () => {
    expect(
      avatarMenuEntries(
        context({
          user: { is_company_admin: true },
          settings: { custom_link_label: 'Intranet', custom_link_url: 'https://intranet.example.com' },
          inDesktopClient: true,
        }),
      ),
    ).toEqual(['myInfo', 'contacts', 'manageBackground', 'settings', 'feedback', 'customLink', 'logout']);
  });

  test.each([
    ['the company admin', { is_company_admin: true, role: [] }, true],
    ['a user with another role', { is_company_admin: false, role: ['auditor'] }, true],
    ['a user whose only role is plain user', { is_company_admin: false, role: ['user'] }, false],
    ['a user without roles', { is_company_admin: false, role: [] }, false],
  ])('manage background for %s: %s', (_who, user, shown) => {
    expect(mayManageBackground(user)).toBe(shown);
    expect(avatarMenuEntries(context({ user })).includes('manageBackground')).toBe(shown);
  });

  test('manage background needs a portal address to go to', () => {
    const entries = avatarMenuEntries(
      context({ user: { is_company_admin: true }, settings: { admin_portal_url: '' } }),
    );
    expect(entries).not.toContain('manageBackground');
  });

  test('settings only in the desktop client, download client only on the web', () => {
    expect(avatarMenuEntries(context({ inDesktopClient: true }))).toContain('settings');
    expect(avatarMenuEntries(context({ inDesktopClient: true }))).not.toContain('downloadClient');
    expect(avatarMenuEntries(context({ inDesktopClient: false }))).not.toContain('settings');
  });

  test('feedback is hidden in a private deployment', () => {
    expect(avatarMenuEntries(context({ settings: { IS_PRIVATIZATION: true } }))).not.toContain('feedback');
  });

  test('logout is hidden when logout is disabled', () => {
    expect(avatarMenuEntries(context({ settings: { unable_logout: true } }))).not.toContain('logout');
  });

  test.each([
    ['label and address', 'Intranet', 'https://intranet.example.com', true],
    ['only a label', 'Intranet', '', false],
    ['only an address', '', 'https://intranet.example.com', false],
  ])('custom link with %s: shown %s', (_case, custom_link_label, custom_link_url, shown) => {
    const entries = avatarMenuEntries(context({ settings: { custom_link_label, custom_link_url } }));
    expect(entries.includes('customLink')).toBe(shown);
  });
});
