import { ADMIN_PAGE_SIZE, type AdminMe, type ModerationReport } from '@cirrus/shared';
import { Button, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { adminApi, type ReportFilter } from '../../api/admin';
import { useNotify } from '../../components/useNotify';
import { AdminPage } from './AdminPage';
import { ConfirmDialog } from './ConsoleDialog';
import { pagerTotal, when } from './format';
import { useAdminMutation, useReports } from './queries';

type Decision = 'dismiss' | 'block-file' | 'block-link' | 'restore' | 'uphold';
const FILTERS: ReportFilter[] = ['open', 'pending', 'appealed', 'blocked', 'dismissed', 'restored', 'all'];
const STATUS_COLORS: Record<string, string> = {
  pending: 'orange',
  appealed: 'purple',
  blocked: 'red',
  dismissed: 'default',
  restored: 'green',
};

/** The review queue: reports of files and links, and appeals that came back. */
export function ModerationPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const me = useOutletContext<AdminMe>();
  const [status, setStatus] = useState<ReportFilter>('open');
  const [page, setPage] = useState({ offset: 0, limit: ADMIN_PAGE_SIZE });
  const reports = useReports(status, page);
  const [pending, setPending] = useState<{ report: ModerationReport; decision: Decision } | null>(null);
  const decide = useAdminMutation(
    (v: { id: number; decision: Decision; text: string }) => adminApi.decideReport(v.id, v.decision, v.text),
    ['reports'],
  );
  const name = pending?.report.file?.name ?? '';
  const dialogs: Record<
    Decision,
    { title: string; text?: string; ok: string; danger?: boolean; input: string; required?: boolean }
  > = {
    dismiss: {
      title: t('admin.moderation.dismissTitle'),
      ok: t('admin.moderation.dismiss'),
      input: t('admin.moderation.noteLabel'),
    },
    'block-file': {
      title: t('admin.moderation.blockFileTitle', { name }),
      text: t('admin.moderation.blockFileText'),
      ok: t('admin.moderation.blockFile'),
      danger: true,
      input: t('admin.moderation.reasonLabel'),
      required: true,
    },
    'block-link': {
      title: t('admin.moderation.blockLinkTitle'),
      text: t('admin.moderation.blockLinkText'),
      ok: t('admin.moderation.blockLink'),
      danger: true,
      input: t('admin.moderation.reasonLabel'),
      required: true,
    },
    restore: {
      title: t('admin.moderation.restoreTitle', { name }),
      text: t('admin.moderation.restoreText'),
      ok: t('admin.moderation.restore'),
      input: t('admin.moderation.noteLabel'),
    },
    uphold: {
      title: t('admin.moderation.upholdTitle'),
      text: t('admin.moderation.upholdText'),
      ok: t('admin.moderation.uphold'),
      danger: true,
      input: t('admin.moderation.noteLabel'),
    },
  };
  const dialog = pending ? dialogs[pending.decision] : null;

  const actions = (r: ModerationReport) => {
    const act = (decision: Decision, label: string, danger?: boolean) => (
      <Button key={decision} size="small" danger={danger} onClick={() => setPending({ report: r, decision })}>
        {label}
      </Button>
    );
    if (r.status === 'pending')
      return [
        act('dismiss', t('admin.moderation.dismiss')),
        act('block-file', t('admin.moderation.blockFile'), true),
        ...(r.link ? [act('block-link', t('admin.moderation.blockLink'), true)] : []),
      ];
    if (r.status === 'appealed')
      return [
        act('restore', t('admin.moderation.restore')),
        act('uphold', t('admin.moderation.uphold'), true),
      ];
    if (r.status === 'blocked') return [act('restore', t('admin.moderation.restore'))];
    return [];
  };

  return (
    <AdminPage title={t('admin.menu.moderation')}>
      <Segmented<ReportFilter>
        style={{ marginBottom: 12 }}
        value={status}
        onChange={(s) => {
          setStatus(s);
          setPage((p) => ({ ...p, offset: 0 }));
        }}
        options={FILTERS.map((f) => ({ value: f, label: t(`admin.moderation.filter_${f}`) }))}
      />
      <Table<ModerationReport>
        rowKey="id"
        aria-label={t('admin.menu.moderation')}
        loading={reports.isFetching}
        dataSource={reports.data?.reports ?? []}
        locale={{ emptyText: t('admin.common.empty') }}
        pagination={{
          current: Math.floor(page.offset / page.limit) + 1,
          pageSize: page.limit,
          total: pagerTotal(
            page.offset,
            reports.data?.reports.length ?? 0,
            reports.data?.more ?? false,
            page.limit,
          ),
          onChange: (p, size) => setPage({ offset: (p - 1) * size, limit: size }),
        }}
        columns={[
          {
            title: t('admin.moderation.target'),
            key: 'target',
            render: (_, r) => (
              <Space orientation="vertical" size={0}>
                <Space size={4}>
                  <Tag>{t(`admin.moderation.kind_${r.kind}`)}</Tag>
                  <Typography.Text strong>{r.file?.name ?? `#${r.id}`}</Typography.Text>
                </Space>
                {r.link && <Typography.Text type="secondary">/l/{r.link.sid}</Typography.Text>}
                {r.file?.owner && (
                  <Typography.Text type="secondary">
                    {t('admin.moderation.owner')}: {r.file.owner.nick_name}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: t('admin.moderation.reason'),
            key: 'reason',
            render: (_, r) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text>{[r.reason, r.reason_detail].filter(Boolean).join(' · ')}</Typography.Text>
                <Typography.Text type="secondary">
                  {t('admin.moderation.reporter')}: {r.reporter?.nick_name ?? t('admin.moderation.anonymous')}{' '}
                  · {when(r.created_at)}
                </Typography.Text>
                {r.appeal_text && (
                  <Typography.Text type="warning">
                    {t('admin.moderation.appeal', { text: r.appeal_text })}
                  </Typography.Text>
                )}
                {r.note && (
                  <Typography.Text type="secondary">
                    {t('admin.moderation.decision', { text: r.note })}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: t('admin.common.status'),
            dataIndex: 'status',
            render: (s: string) => (
              <Tag color={STATUS_COLORS[s]}>
                {t(`admin.moderation.status_${s}` as 'admin.moderation.status_pending')}
              </Tag>
            ),
          },
          ...(me.access === 'manage'
            ? [
                {
                  title: t('admin.common.actions'),
                  key: 'actions',
                  render: (_: unknown, r: ModerationReport) => <Space wrap>{actions(r)}</Space>,
                },
              ]
            : []),
        ]}
      />
      <ConfirmDialog
        open={!!pending}
        title={dialog?.title ?? ''}
        text={dialog?.text}
        okText={dialog?.ok ?? ''}
        danger={dialog?.danger}
        input={dialog ? { label: dialog.input, required: dialog.required } : undefined}
        loading={decide.isPending}
        onCancel={() => setPending(null)}
        onOk={(text) =>
          pending &&
          decide.mutate(
            { id: pending.report.id, decision: pending.decision, text },
            {
              onSuccess: () => {
                notify.success(t('admin.moderation.done'));
                setPending(null);
              },
            },
          )
        }
      />
    </AdminPage>
  );
}
