import type { SelfUser, Settings } from '@cirrus/shared';

/** The avatar menu's entries in the order spec 000 §2 / 002 §2 list them. */
export const AVATAR_MENU_ENTRIES = [
  'myInfo',
  'contacts',
  'manageBackground',
  'settings',
  'downloadClient',
  'feedback',
  'customLink',
  'logout',
] as const;

export type AvatarMenuEntry = (typeof AVATAR_MENU_ENTRIES)[number];

export interface AvatarMenuContext {
  user: Pick<SelfUser, 'is_company_admin' | 'role'>;
  settings: Pick<
    Settings,
    | 'IS_PRIVATIZATION'
    | 'unable_logout'
    | 'admin_portal_url'
    | 'download_client_url'
    | 'custom_link_label'
    | 'custom_link_url'
  >;
  inDesktopClient: boolean;
}

/** spec 000 §6 / 002 §6: manage background is for the company admin or a user with a role other than plain user. */
export function mayManageBackground(user: AvatarMenuContext['user']): boolean {
  return user.is_company_admin || user.role.some((role) => role !== 'user');
}

const VISIBLE: Record<AvatarMenuEntry, (context: AvatarMenuContext) => boolean> = {
  myInfo: () => true,
  contacts: () => true,
  manageBackground: ({ user, settings }) => mayManageBackground(user) && Boolean(settings.admin_portal_url),
  settings: ({ inDesktopClient }) => inDesktopClient,
  downloadClient: ({ inDesktopClient, settings }) =>
    !inDesktopClient && Boolean(settings.download_client_url),
  feedback: ({ settings }) => !settings.IS_PRIVATIZATION,
  customLink: ({ settings }) => Boolean(settings.custom_link_label && settings.custom_link_url),
  logout: ({ settings }) => !settings.unable_logout,
};

export function avatarMenuEntries(context: AvatarMenuContext): AvatarMenuEntry[] {
  return AVATAR_MENU_ENTRIES.filter((entry) => VISIBLE[entry](context));
}
