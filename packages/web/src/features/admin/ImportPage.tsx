import { UploadOutlined } from '@ant-design/icons';
import {
  type AdminMe,
  errorText,
  IMPORT_COLUMNS,
  type ImportReport,
  type ImportRowReport,
  isErrorKey,
} from '@cirrus/shared';
import { Alert, Button, Input, Space, Table, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { adminApi } from '../../api/admin';
import { ApiError } from '../../api/http';
import { useNotify } from '../../components/useNotify';
import { useLanguage } from '../../i18n';
import { AdminPage } from './AdminPage';
import { ConfirmDialog } from './ConsoleDialog';
import { useAdminMutation } from './queries';

const TEMPLATE = `${IMPORT_COLUMNS.join(',')}\nlisi,李四,lisi@example.com,13800000000,研发中心/后端组,Engineer,E1001,0,10\n`;
const COLORS: Record<ImportRowReport['action'], string> = {
  create: 'green',
  update: 'blue',
  unchanged: 'default',
  error: 'red',
};

/** CSV import: a dry run with a per-row report, then the import (all rows or none). */
export function ImportPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const notify = useNotify();
  const me = useOutletContext<AdminMe>();
  const fileInput = useRef<HTMLInputElement>(null);
  const [csv, setCsv] = useState('');
  const [report, setReport] = useState<ImportReport | null>(null);
  const [confirming, setConfirming] = useState(false);
  const run = useAdminMutation((dry: boolean) => adminApi.importPeople(csv, dry), ['users', 'depts']);

  const go = (dry: boolean) =>
    run.mutate(dry, {
      onSuccess: (r) => {
        setReport(r);
        setConfirming(false);
        if (r.applied) notify.success(t('admin.import.applied'));
      },
      onError: (error) => {
        setConfirming(false);
        // A refused import answers its report too.
        const body = error instanceof ApiError ? error.body?.debug : undefined;
        if (body && typeof body.report === 'object') setReport(body.report as ImportReport);
      },
    });

  const changes = report ? report.summary.create + report.summary.update + report.new_departments.length : 0;
  const keyText = (key: string) => (isErrorKey(key) ? errorText(key, lang) : key);
  const download = () => {
    const url = URL.createObjectURL(new Blob(['\uFEFF', TEMPLATE], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'people-template.csv';
    a.click();
    URL.revokeObjectURL(url);
  };

  return (
    <AdminPage title={t('admin.menu.import')}>
      <Typography.Paragraph>{t('admin.import.intro')}</Typography.Paragraph>
      <Typography.Paragraph code>{IMPORT_COLUMNS.join(',')}</Typography.Paragraph>
      <div className="admin-toolbar">
        <Button onClick={download}>{t('admin.import.template')}</Button>
        <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>
          {t('admin.import.choose')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          data-testid="import-file"
          hidden
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file)
              void file.text().then((text) => {
                setCsv(text);
                setReport(null);
              });
          }}
        />
      </div>
      <Input.TextArea
        aria-label={t('admin.import.paste')}
        placeholder={t('admin.import.paste')}
        value={csv}
        autoSize={{ minRows: 5, maxRows: 14 }}
        onChange={(e) => {
          setCsv(e.target.value);
          setReport(null);
        }}
        style={{ fontFamily: 'monospace', marginBottom: 12 }}
      />
      <Space style={{ marginBottom: 16 }}>
        <Button
          onClick={() => go(true)}
          loading={run.isPending && run.variables === true}
          disabled={!csv.trim()}
        >
          {t('admin.import.dryRun')}
        </Button>
        {me.access === 'manage' && (
          <Button
            type="primary"
            disabled={!report?.dry_run || report.summary.error > 0 || changes === 0}
            onClick={() => setConfirming(true)}
          >
            {t('admin.import.run')}
          </Button>
        )}
      </Space>
      {report && (
        <>
          <Alert
            style={{ marginBottom: 12 }}
            type={report.summary.error > 0 ? 'error' : report.applied ? 'success' : 'info'}
            showIcon
            title={t('admin.import.summary', report.summary)}
            description={
              <>
                {report.new_departments.length > 0 && (
                  <div>{t('admin.import.newDepts', { list: report.new_departments.join(', ') })}</div>
                )}
                {report.summary.error > 0 && <div>{t('admin.import.fixFirst')}</div>}
              </>
            }
          />
          {report.passwords.length > 0 && (
            <Alert
              style={{ marginBottom: 12 }}
              type="warning"
              title={t('admin.import.passwords')}
              description={
                <Typography.Paragraph
                  copyable={{
                    text: report.passwords.map((p) => `${p.account},${p.temporary_password}`).join('\n'),
                  }}
                >
                  <pre className="admin-pre">
                    {report.passwords.map((p) => `${p.account}  ${p.temporary_password}`).join('\n')}
                  </pre>
                </Typography.Paragraph>
              }
            />
          )}
          <Table<ImportRowReport>
            rowKey="line"
            size="small"
            dataSource={report.rows}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            columns={[
              { title: t('admin.import.line'), dataIndex: 'line', width: 70 },
              { title: t('admin.people.account'), dataIndex: 'account' },
              {
                title: t('admin.import.action'),
                dataIndex: 'action',
                render: (a: ImportRowReport['action']) => (
                  <Tag color={COLORS[a]}>{t(`admin.import.action_${a}`)}</Tag>
                ),
              },
              {
                title: t('admin.import.errors'),
                dataIndex: 'errors',
                render: (e: string[]) => e.map(keyText).join('; '),
              },
              {
                title: t('admin.import.changes'),
                dataIndex: 'changes',
                render: (c: string[]) => c.join(', '),
              },
            ]}
          />
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('admin.import.confirmTitle', { count: changes })}
        text={t('admin.import.confirmText')}
        okText={t('admin.import.run')}
        loading={run.isPending}
        onCancel={() => setConfirming(false)}
        onOk={() => go(false)}
      />
    </AdminPage>
  );
}
