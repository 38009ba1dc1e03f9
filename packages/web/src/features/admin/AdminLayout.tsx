import {
  AlertOutlined,
  ApartmentOutlined,
  AuditOutlined,
  CloudServerOutlined,
  IdcardOutlined,
  ImportOutlined,
  MailOutlined,
  MessageOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { CONSOLE_SECTIONS, type ConsoleSection } from '@cirrus/shared';
import { Alert, Layout, Menu } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { ApiError } from '../../api/http';
import { AvatarMenu } from '../../app/AvatarMenu';
import { NotFoundPage } from '../../app/NotFoundPage';
import { paths } from '../../app/paths';
import { AppErrorResult } from '../../app/RouteError';
import { ButtonLink } from '../../components/ButtonLink';
import { CloudLogo } from '../../components/CloudLogo';
import { FullPageSpin } from '../../components/FullPageSpin';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useCurrentUser } from '../auth/queries';
import { useSessionWatch } from '../auth/useSessionWatch';
import { desktopClient } from '../settings/desktop-client';
import { useSettings } from '../settings/queries';
import { ADMIN_BASE } from './paths';
import { useAdminMe } from './queries';
import './admin.css';

const ICONS: Record<ConsoleSection, ReactNode> = {
  people: <TeamOutlined />,
  departments: <ApartmentOutlined />,
  import: <ImportOutlined />,
  quotas: <CloudServerOutlined />,
  settings: <SettingOutlined />,
  moderation: <AlertOutlined />,
  feedback: <MessageOutlined />,
  identities: <IdcardOutlined />,
  outbox: <MailOutlined />,
  audit: <AuditOutlined />,
};

/** Sections only the deployment's operator has. */
const OPERATOR_ONLY: ConsoleSection[] = ['outbox'];

/**
 * The administrator's console at /pcview/admin: a side menu of its sections and the section.
 * Someone who may not open it sees the 404 page, exactly as for an address that does not exist.
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const settings = useSettings();
  const me = useAdminMe();
  useSessionWatch();

  if (me.isPending) return <FullPageSpin />;
  if (me.isError) {
    if (me.error instanceof ApiError && me.error.status === 404) return <NotFoundPage fullPage />;
    return <AppErrorResult fullPage onRetry={() => void me.refetch()} />;
  }
  const sections = CONSOLE_SECTIONS.filter((s) => me.data.operator || !OPERATOR_ONLY.includes(s));
  const active = sections.find((s) => pathname.startsWith(`${ADMIN_BASE}/${s}`)) ?? 'people';

  return (
    <Layout className="cirrus-app admin-console">
      <Layout.Header className="cirrus-header">
        <Link to={ADMIN_BASE} className="cirrus-brand">
          <CloudLogo size={30} />
          <span>
            {t('common.productName')} · {t('admin.title')}
          </span>
        </Link>
        <div className="cirrus-header-actions">
          <ButtonLink type="link" to={paths.drive}>
            {t('admin.backToDrive')}
          </ButtonLink>
          <LanguageSwitch />
          <AvatarMenu user={user} settings={settings} desktopClient={desktopClient} />
        </div>
      </Layout.Header>
      <Layout hasSider>
        <Layout.Sider width={216} breakpoint="md" collapsedWidth={64} className="cirrus-sider" theme="light">
          <nav aria-label={t('admin.title')}>
            <Menu
              mode="inline"
              selectedKeys={[active]}
              items={sections.map((s) => ({
                key: s,
                icon: ICONS[s],
                label: <Link to={`${ADMIN_BASE}/${s}`}>{t(`admin.menu.${s}`)}</Link>,
              }))}
            />
          </nav>
        </Layout.Sider>
        <Layout.Content className="cirrus-content admin-content">
          {me.data.access === 'view' && (
            <Alert className="admin-banner" type="info" showIcon title={t('admin.viewOnly')} />
          )}
          <Outlet context={me.data} />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
