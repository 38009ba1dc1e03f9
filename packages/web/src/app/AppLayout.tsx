import { FolderOutlined, MessageOutlined, TeamOutlined } from '@ant-design/icons';
import { Alert, Button, Layout, Menu } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { CloudLogo } from '../components/CloudLogo';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { lazyWarmed, warmLazyParts } from '../components/lazyWarmed';
import { useOpenedOnce } from '../components/useOpenedOnce';
import { useCurrentUser } from '../features/auth/queries';
import { useSessionWatch } from '../features/auth/useSessionWatch';
import { DesktopTasksMount } from '../features/desktop/DesktopTasksMount';
import { UploadPanel } from '../features/drive/upload/UploadPanel';
import { AFTER_FIRST_SCREEN_MS, applyChatPush } from '../features/messages/queries';
import { UnreadBadge } from '../features/messages/UnreadBadge';
import { SearchBox } from '../features/search/SearchBox';
import { desktopClient } from '../features/settings/desktop-client';
import { useSettings } from '../features/settings/queries';
import { NoticeBell } from '../features/teams/NoticeBell';
import { applyTeamPush } from '../features/teams/queries';
import { AvatarMenu } from './AvatarMenu';
import { paths } from './paths';
import { type RealtimeHandler, useRealtime } from './realtime';

// Not on the first screen (bench W8); its code comes once that is up (components/lazyWarmed.ts).
const ChangePasswordDialog = lazyWarmed(() =>
  import('../features/profile/ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })),
);

// Only inside the desktop client, whose window is frameless: not in a browser's bundle path.
const WindowBar = lazy(() => import('../features/desktop/WindowBar').then((m) => ({ default: m.WindowBar })));

const NAVIGATION = [
  { key: 'drive', path: paths.drive, icon: <FolderOutlined /> },
  { key: 'message', path: paths.message, icon: <MessageOutlined /> },
  { key: 'contacts', path: paths.contacts, icon: <TeamOutlined /> },
] as const;

function activeArea(pathname: string) {
  return NAVIGATION.find(({ path }) => pathname === path || pathname.startsWith(`${path}/`))?.key;
}

/** Every push, to each area that cares: the messages side and the teams. */
const applyPushes: RealtimeHandler = (queryClient, event) => {
  applyChatPush(queryClient, event);
  applyTeamPush(queryClient, event);
};

/** The frame of every app page: top bar, navigation, and the page. */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const settings = useSettings();
  useSessionWatch();
  useRealtime(applyPushes, AFTER_FIRST_SCREEN_MS);
  const active = activeArea(pathname);
  const [changingPassword, setChangingPassword] = useState(false);
  const passwordMounted = useOpenedOnce(changingPassword);
  useEffect(() => {
    const timer = setTimeout(warmLazyParts, AFTER_FIRST_SCREEN_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <Layout className={desktopClient ? 'cirrus-app cirrus-desktop-frame' : 'cirrus-app'}>
      {/* For the keyboard: past the top bar and the navigation, straight to the page. */}
      <a className="cirrus-skip-link" href="#cirrus-main">
        {t('layout.skipToContent')}
      </a>
      <Layout.Header className="cirrus-header">
        <Link to={paths.drive} className="cirrus-brand">
          <CloudLogo size={30} />
          <span>{t('common.productName')}</span>
        </Link>
        {/* Quick search of teams, people and files (features/search). */}
        <SearchBox />
        <div className="cirrus-header-actions">
          <NoticeBell />
          <LanguageSwitch />
          <AvatarMenu user={user} settings={settings} desktopClient={desktopClient} />
          {desktopClient && (
            <Suspense fallback={null}>
              <WindowBar />
            </Suspense>
          )}
        </div>
      </Layout.Header>
      <Layout hasSider>
        <Layout.Sider width={208} collapsedWidth={64} breakpoint="xl" className="cirrus-sider" theme="light">
          <nav aria-label={t('nav.main')}>
            <Menu
              mode="inline"
              selectedKeys={active ? [active] : []}
              items={NAVIGATION.map(({ key, path, icon }) => ({
                key,
                icon,
                label: (
                  <Link to={path}>
                    {t(`nav.${key}`)}
                    {key === 'message' && <UnreadBadge />}
                  </Link>
                ),
              }))}
            />
          </nav>
        </Layout.Sider>
        <Layout.Content className="cirrus-content" id="cirrus-main" tabIndex={-1}>
          {user.must_change_password && (
            // Login asks for the change before a session exists; a session from before the flag was
            // set gets this reminder.
            <Alert
              className="cirrus-banner"
              type="warning"
              showIcon
              title={t('layout.mustChangePassword')}
              description={t('layout.mustChangePasswordText')}
              action={
                <Button size="small" onClick={() => setChangingPassword(true)}>
                  {t('layout.changePasswordNow')}
                </Button>
              }
            />
          )}
          {passwordMounted && (
            <Suspense fallback={null}>
              <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
            </Suspense>
          )}
          <Outlet />
        </Layout.Content>
      </Layout>
      {/* Uploads keep running, and in view, while the user moves between areas. */}
      <UploadPanel />
      <DesktopTasksMount />
    </Layout>
  );
}
