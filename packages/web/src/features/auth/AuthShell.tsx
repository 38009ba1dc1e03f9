import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LANDING_PATH } from '../../app/paths';
import { CloudLogo } from '../../components/CloudLogo';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import './auth.css';

interface AuthShellProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Under the card: a way back or on. */
  footer?: ReactNode;
}

/** The frame of the pages before login: login, forgotten password, reset, sign-up. */
export function AuthShell({ title, subtitle, children, footer }: AuthShellProps) {
  const { t } = useTranslation();
  return (
    <div className="cirrus-login">
      <header className="cirrus-topbar">
        <Link to={LANDING_PATH} className="cirrus-brand">
          <CloudLogo size={30} />
          <span>{t('common.productName')}</span>
        </Link>
        <LanguageSwitch />
      </header>
      <main className="cirrus-login-main">
        <div className="cirrus-login-card">
          <div className="cirrus-login-heading">
            <CloudLogo size={52} />
            <Typography.Title level={1} className="cirrus-login-title">
              {title}
            </Typography.Title>
            {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
          </div>
          {children}
        </div>
        {footer}
      </main>
    </div>
  );
}
