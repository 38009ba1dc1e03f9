import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/useDocumentTitle';

/** A console section: its heading, then its content on a panel. */
export function AdminPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(`${title} · ${t('admin.title')}`);
  return (
    <section className="admin-page" aria-label={title}>
      <Typography.Title level={1} className="cirrus-area-title">
        {title}
      </Typography.Title>
      <div className="admin-panel">{children}</div>
    </section>
  );
}
