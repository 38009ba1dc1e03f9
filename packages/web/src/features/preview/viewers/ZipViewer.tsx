import { FileOutlined, FolderFilled, LockOutlined } from '@ant-design/icons';
import { formatSize, type ZipEntryInfo } from '@cirrus/shared';
import { Alert, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http';
import { useZipEntries } from '../queries';
import { GridTable } from './GridTable';
import { pageKeyOf, type ViewerProps } from './types';

/** The entries of a zip archive, as its central directory lists them (nothing is unpacked). */
export default function ZipViewer({ view, onError }: ViewerProps) {
  const { t } = useTranslation();
  const entries = useZipEntries(view.urls.entries);
  useEffect(() => {
    if (entries.isError)
      onError(entries.error instanceof ApiError ? pageKeyOf(entries.error) : 'serverError');
  }, [entries.isError, entries.error, onError]);
  if (!entries.data) return <Spin className="cirrus-preview-spin" size="large" />;
  const { entries: rows, total } = entries.data;
  return (
    <div className="cirrus-zip">
      <div className="cirrus-csv-head">
        <Typography.Text type="secondary">{t('preview.zipSummary', { count: total })}</Typography.Text>
        {rows.length < total && (
          <Alert type="info" showIcon title={t('preview.zipTruncated', { shown: rows.length, total })} />
        )}
      </div>
      <GridTable<ZipEntryInfo>
        label={view.fname}
        rows={rows}
        rowKey={(entry) => entry.name}
        columns={[
          {
            key: 'name',
            title: t('preview.zipName'),
            width: 360,
            grow: true,
            render: (entry) => {
              const parts = entry.name.replace(/\/$/, '').split('/');
              return (
                <span className="cirrus-zip-name" style={{ paddingLeft: (parts.length - 1) * 20 }}>
                  {entry.folder ? <FolderFilled className="cirrus-zip-folder" /> : <FileOutlined />}
                  <span title={entry.name}>{parts.at(-1)}</span>
                  {entry.encrypted && (
                    <Tag icon={<LockOutlined />} color="warning">
                      {t('preview.zipEncrypted')}
                    </Tag>
                  )}
                </span>
              );
            },
          },
          {
            key: 'size',
            title: t('preview.zipSize'),
            width: 120,
            align: 'right',
            render: (entry) => (entry.folder ? '—' : formatSize(entry.size)),
          },
          {
            key: 'compressed',
            title: t('preview.zipCompressed'),
            width: 120,
            align: 'right',
            render: (entry) => (entry.folder ? '—' : formatSize(entry.compressed)),
          },
          {
            key: 'mtime',
            title: t('preview.zipModified'),
            width: 170,
            render: (entry) => dayjs(entry.mtime * 1000).format('YYYY-MM-DD HH:mm'),
          },
        ]}
      />
    </div>
  );
}
