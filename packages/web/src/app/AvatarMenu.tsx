import {
  ContactsOutlined,
  ControlOutlined,
  DownloadOutlined,
  DownOutlined,
  FormOutlined,
  LinkOutlined,
  LogoutOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { SelfUser, Settings } from '@cirrus/shared';
import { Button, Dropdown, Flex, type MenuProps, Typography } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { lazyWarmed } from '../components/lazyWarmed';
import { UserAvatar } from '../components/UserAvatar';
import { useFocusReturn } from '../components/useFocusReturn';
import { useOpenedOnce } from '../components/useOpenedOnce';
import { LogoutDialog } from '../features/auth/LogoutDialog';
import type { DesktopClient } from '../features/settings/desktop-client';
import { type AvatarMenuEntry, avatarMenuEntries } from './avatar-menu-entries';
import { paths } from './paths';

// Loaded when first opened (the user card brings the avatar cropper): not on the first screen.
const MyInfoDialog = lazy(() =>
  import('../features/profile/MyInfoDialog').then((m) => ({ default: m.MyInfoDialog })),
);
// The same for the feedback form (bench W8; a typed form, so its code comes once the first
// screen is up: components/lazyWarmed.ts), and the desktop client's settings.
const FeedbackDialog = lazyWarmed(() =>
  import('../features/feedback/FeedbackDialog').then((m) => ({ default: m.FeedbackDialog })),
);
const DesktopSettingsDialog = lazy(() =>
  import('../features/settings/DesktopSettingsDialog').then((m) => ({ default: m.DesktopSettingsDialog })),
);

type Dialog = 'myInfo' | 'settings' | 'feedback' | 'logout';

interface AvatarMenuProps {
  user: SelfUser;
  settings: Settings;
  desktopClient: DesktopClient | null;
}

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/**
 * The avatar menu of spec 000 §2 / 002 §2: the user's avatar, nickname and bound email or phone,
 * then the entries that apply to this user, deployment and client.
 */
export function AvatarMenu({ user, settings, desktopClient }: AvatarMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  useFocusReturn(menuOpen);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const closeDialog = () => setDialog(null);
  const myInfoMounted = useOpenedOnce(dialog === 'myInfo');
  const feedbackMounted = useOpenedOnce(dialog === 'feedback');
  const settingsMounted = useOpenedOnce(dialog === 'settings');

  const entries = avatarMenuEntries({ user, settings, inDesktopClient: desktopClient !== null });
  const boundAccount = user.email || user.phone_number;

  const item = (entry: AvatarMenuEntry): NonNullable<MenuProps['items']>[number] => {
    switch (entry) {
      case 'myInfo':
        return { key: entry, icon: <UserOutlined />, label: t('avatarMenu.myInfo') };
      case 'contacts':
        return { key: entry, icon: <ContactsOutlined />, label: t('avatarMenu.contacts') };
      case 'manageBackground':
        return {
          key: entry,
          icon: <ControlOutlined />,
          label: (
            <ExternalLink href={settings.admin_portal_url}>{t('avatarMenu.manageBackground')}</ExternalLink>
          ),
        };
      case 'settings':
        return { key: entry, icon: <SettingOutlined />, label: t('avatarMenu.settings') };
      case 'downloadClient':
        return {
          key: entry,
          icon: <DownloadOutlined />,
          label: (
            <ExternalLink href={settings.download_client_url}>{t('avatarMenu.downloadClient')}</ExternalLink>
          ),
        };
      case 'feedback':
        return { key: entry, icon: <FormOutlined />, label: t('avatarMenu.feedback') };
      case 'customLink':
        return {
          key: entry,
          icon: <LinkOutlined />,
          label: <ExternalLink href={settings.custom_link_url}>{settings.custom_link_label}</ExternalLink>,
        };
      case 'logout':
        return { key: entry, icon: <LogoutOutlined />, label: t('avatarMenu.logout'), danger: true };
    }
  };

  const items: MenuProps['items'] = entries.flatMap((entry) =>
    entry === 'logout' && entries.length > 1 ? [{ type: 'divider' as const }, item(entry)] : [item(entry)],
  );

  const onClick: MenuProps['onClick'] = ({ key }) => {
    // Whatever was chosen, the panel goes away; the logout confirmation in particular is shown
    // without the user panel or any dropdown (spec 002 §2).
    setMenuOpen(false);
    switch (key as AvatarMenuEntry) {
      case 'myInfo':
      case 'settings':
      case 'feedback':
      case 'logout':
        setDialog(key as Dialog);
        break;
      case 'contacts':
        void navigate(paths.contacts);
        break;
      default:
        break; // links open by themselves
    }
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        open={menuOpen}
        onOpenChange={setMenuOpen}
        menu={{ items, onClick }}
        popupRender={(menu) => (
          <div className="cirrus-user-panel">
            <Flex gap={12} align="center" className="cirrus-user-panel-head">
              <UserAvatar user={user} size={44} />
              <Flex vertical style={{ minWidth: 0 }}>
                <Typography.Text strong ellipsis>
                  {user.nick_name}
                </Typography.Text>
                {boundAccount && (
                  <Typography.Text type="secondary" ellipsis>
                    {boundAccount}
                  </Typography.Text>
                )}
              </Flex>
            </Flex>
            {menu}
          </div>
        )}
      >
        <Button type="text" className="cirrus-avatar-trigger">
          {/* Beside the name it stands for: its initials would only repeat the name. */}
          <span aria-hidden className="cirrus-avatar-trigger-picture">
            <UserAvatar user={user} size={28} />
          </span>
          {/* The button's name, "Account menu: {name}", comes from here so that it holds the name
              shown (WCAG 2.5.3 label in name): with an aria-label the initials beside count as shown. */}
          <span className="cirrus-avatar-trigger-name">
            <span className="cirrus-visually-hidden">{t('avatarMenu.label')}</span> {user.nick_name}
          </span>
          <DownOutlined aria-hidden style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>

      {myInfoMounted && (
        <Suspense fallback={null}>
          <MyInfoDialog open={dialog === 'myInfo'} onClose={closeDialog} user={user} />
        </Suspense>
      )}
      {desktopClient && settingsMounted && (
        <Suspense fallback={null}>
          <DesktopSettingsDialog
            open={dialog === 'settings'}
            onClose={closeDialog}
            version={desktopClient.version}
          />
        </Suspense>
      )}
      {feedbackMounted && (
        <Suspense fallback={null}>
          <FeedbackDialog open={dialog === 'feedback'} onClose={closeDialog} />
        </Suspense>
      )}
      <LogoutDialog open={dialog === 'logout'} onClose={closeDialog} />
    </>
  );
}
