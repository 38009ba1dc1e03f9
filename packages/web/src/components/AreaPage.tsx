import { Empty, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './useDocumentTitle';

interface AreaPageProps {
  title: string;
  children: ReactNode;
}

/** An area's page: its heading, then its content on a panel. */
export function AreaPage({ title, children }: AreaPageProps) {
  useDocumentTitle(title);
  return (
    <section className="cirrus-area">
      <Typography.Title level={1} className="cirrus-area-title">
        {title}
      </Typography.Title>
      <div className="cirrus-panel">{children}</div>
    </section>
  );
}

interface AreaEmptyProps {
  title: string;
  text: string;
}

/** An honest empty state: what is missing, and what will appear here once there is something. */
export function AreaEmpty({ title, text }: AreaEmptyProps) {
  return (
    <Empty
      className="cirrus-area-empty"
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <Typography.Text strong>{title}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{text}</Typography.Text>
        </>
      }
    />
  );
}
