import {
  ADMIN_PAGE_SIZE,
  type AdminMe,
  type AuditEntry,
  type FeedbackItem,
  type IdentityRequest,
  type OutboxItem,
} from '@cirrus/shared';
import { Button, Input, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { adminApi } from '../../api/admin';
import { useNotify } from '../../components/useNotify';
import { AdminPage } from './AdminPage';
import { ConfirmDialog } from './ConsoleDialog';
import { pagerTotal, when } from './format';
import { outboxKindKey } from './outbox-kinds';
import { useAdminMutation, useAudit, useFeedbackInbox, useIdentities, useOutbox } from './queries';

function usePage() {
  const [page, setPage] = useState({ offset: 0, limit: ADMIN_PAGE_SIZE });
  const pager = (shown: number, more: boolean) => ({
    current: Math.floor(page.offset / page.limit) + 1,
    pageSize: page.limit,
    total: pagerTotal(page.offset, shown, more, page.limit),
    onChange: (p: number, size: number) => setPage({ offset: (p - 1) * size, limit: size }),
  });
  return { page, setPage, pager };
}

/** Feedback from the avatar menu's feedback entry. */
export function FeedbackPage() {
  const { t } = useTranslation();
  const me = useOutletContext<AdminMe>();
  const [status, setStatus] = useState<'open' | 'handled' | 'all'>('open');
  const { page, setPage, pager } = usePage();
  const inbox = useFeedbackInbox(status, page);
  const handle = useAdminMutation(
    (v: { id: number; handled: boolean }) => adminApi.handleFeedback(v.id, v.handled),
    ['feedback'],
  );
  const rows = inbox.data?.feedback ?? [];
  return (
    <AdminPage title={t('admin.menu.feedback')}>
      <Segmented
        style={{ marginBottom: 12 }}
        value={status}
        onChange={(s) => {
          setStatus(s as typeof status);
          setPage((p) => ({ ...p, offset: 0 }));
        }}
        options={(['open', 'handled', 'all'] as const).map((s) => ({
          value: s,
          label: t(`admin.feedback.filter_${s}`),
        }))}
      />
      <Table<FeedbackItem>
        rowKey="id"
        loading={inbox.isFetching}
        dataSource={rows}
        locale={{ emptyText: t('admin.common.empty') }}
        pagination={pager(rows.length, inbox.data?.more ?? false)}
        columns={[
          {
            title: t('admin.feedback.content'),
            dataIndex: 'content',
            render: (c: string) => <Typography.Paragraph className="admin-pre">{c}</Typography.Paragraph>,
          },
          {
            title: t('admin.feedback.from'),
            key: 'from',
            render: (_, f) => `${f.user.nick_name} (${f.user.unique_name})`,
          },
          { title: t('admin.common.time'), dataIndex: 'created_at', render: when },
          ...(me.access === 'manage'
            ? [
                {
                  title: t('admin.common.actions'),
                  key: 'a',
                  render: (_: unknown, f: FeedbackItem) => (
                    <Button size="small" onClick={() => handle.mutate({ id: f.id, handled: !f.handled_at })}>
                      {f.handled_at ? t('admin.feedback.reopen') : t('admin.feedback.handle')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </AdminPage>
  );
}

/** Real-name verification requests to approve or reject (the API of modules/identity). */
export function IdentitiesPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const me = useOutletContext<AdminMe>();
  const [status, setStatus] = useState<'pending' | 'verified' | 'rejected'>('pending');
  const { page, setPage, pager } = usePage();
  const list = useIdentities(status, page);
  const [rejecting, setRejecting] = useState<IdentityRequest | null>(null);
  const decide = useAdminMutation(
    (v: { id: number; approve: boolean; reason?: string }) =>
      v.approve ? adminApi.approveIdentity(v.id) : adminApi.rejectIdentity(v.id, v.reason ?? ''),
    ['identities'],
  );
  const rows = list.data?.identities ?? [];
  const colors = { pending: 'orange', verified: 'green', rejected: 'red' } as const;
  return (
    <AdminPage title={t('admin.menu.identities')}>
      <Segmented
        style={{ marginBottom: 12 }}
        value={status}
        onChange={(s) => {
          setStatus(s as typeof status);
          setPage((p) => ({ ...p, offset: 0 }));
        }}
        options={(['pending', 'verified', 'rejected'] as const).map((s) => ({
          value: s,
          label: t(`admin.identities.filter_${s}`),
        }))}
      />
      <Table<IdentityRequest>
        rowKey="id"
        loading={list.isFetching}
        dataSource={rows}
        locale={{ emptyText: t('admin.common.empty') }}
        pagination={pager(rows.length, list.data?.more ?? false)}
        columns={[
          {
            title: t('admin.identities.user'),
            key: 'u',
            render: (_, r) => `${r.user.nick_name} (${r.user.unique_name})`,
          },
          { title: t('admin.identities.realName'), dataIndex: 'real_name' },
          { title: t('admin.identities.idNumber'), dataIndex: 'id_number' },
          { title: t('admin.identities.submitted'), dataIndex: 'submitted_at', render: when },
          {
            title: t('admin.common.status'),
            dataIndex: 'status',
            render: (s: keyof typeof colors) => (
              <Tag color={colors[s]}>{t(`admin.identities.status_${s}`)}</Tag>
            ),
          },
          ...(me.access === 'manage'
            ? [
                {
                  title: t('admin.common.actions'),
                  key: 'a',
                  render: (_: unknown, r: IdentityRequest) =>
                    r.status === 'pending' && (
                      <Space>
                        <Button
                          size="small"
                          type="primary"
                          onClick={() =>
                            decide.mutate(
                              { id: r.id, approve: true },
                              { onSuccess: () => notify.success(t('admin.common.saved')) },
                            )
                          }
                        >
                          {t('admin.identities.approve')}
                        </Button>
                        <Button size="small" danger onClick={() => setRejecting(r)}>
                          {t('admin.identities.reject')}
                        </Button>
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
      <ConfirmDialog
        open={!!rejecting}
        danger
        title={t('admin.identities.rejectTitle', { name: rejecting?.user.nick_name ?? '' })}
        okText={t('admin.identities.reject')}
        input={{ label: t('admin.identities.reason') }}
        loading={decide.isPending}
        onCancel={() => setRejecting(null)}
        onOk={(reason) =>
          rejecting &&
          decide.mutate({ id: rejecting.id, approve: false, reason }, { onSuccess: () => setRejecting(null) })
        }
      />
    </AdminPage>
  );
}

/** Every mail and text message the product sent or would have sent, with its state. */
export function OutboxPage() {
  const { t } = useTranslation();
  const [recipient, setRecipient] = useState('');
  const [state, setState] = useState<string | undefined>();
  const { page, setPage, pager } = usePage();
  const outbox = useOutbox({ ...page, recipient: recipient || undefined, state });
  const rows = outbox.data?.messages ?? [];
  const colors: Record<string, string> = { stored: 'default', queued: 'blue', sent: 'green', failed: 'red' };
  return (
    <AdminPage title={t('admin.menu.outbox')}>
      <Typography.Paragraph type="secondary">{t('admin.outbox.intro')}</Typography.Paragraph>
      <div className="admin-toolbar">
        <Input.Search
          allowClear
          aria-label={t('admin.outbox.recipient')}
          placeholder={t('admin.outbox.recipient')}
          style={{ width: 280 }}
          onSearch={(v) => {
            setRecipient(v.trim());
            setPage((p) => ({ ...p, offset: 0 }));
          }}
        />
        <Select
          allowClear
          aria-label={t('admin.outbox.state')}
          placeholder={t('admin.outbox.anyState')}
          style={{ width: 180 }}
          value={state}
          onChange={(s) => {
            setState(s);
            setPage((p) => ({ ...p, offset: 0 }));
          }}
          options={['stored', 'queued', 'sent', 'failed'].map((s) => ({
            value: s,
            label: t(`admin.outbox.state_${s}` as 'admin.outbox.state_sent'),
          }))}
        />
      </div>
      <Table<OutboxItem>
        rowKey="id"
        loading={outbox.isFetching}
        dataSource={rows}
        locale={{ emptyText: t('admin.common.empty') }}
        pagination={pager(rows.length, outbox.data?.more ?? false)}
        expandable={{
          // The expand buttons' column: named for a screen reader, its header cell left empty to the eye.
          columnTitle: <span className="cirrus-visually-hidden">{t('admin.outbox.body')}</span>,
          expandedRowRender: (m) => <pre className="admin-pre">{m.body}</pre>,
        }}
        columns={[
          { title: t('admin.common.time'), dataIndex: 'created_at', render: when, width: 180 },
          {
            title: t('admin.outbox.channel'),
            dataIndex: 'channel',
            render: (c: string) => t(`admin.outbox.channel_${c}` as 'admin.outbox.channel_mail'),
          },
          { title: t('admin.outbox.recipient'), dataIndex: 'recipient' },
          { title: t('admin.outbox.subject'), dataIndex: 'subject' },
          {
            title: t('admin.outbox.kind'),
            dataIndex: 'kind',
            render: (k: string) => {
              const key = outboxKindKey(k);
              return key ? <span title={k}>{t(key)}</span> : <Typography.Text code>{k}</Typography.Text>;
            },
          },
          {
            title: t('admin.outbox.state'),
            dataIndex: 'state',
            render: (s: string, m) => (
              <Tag color={colors[s]} title={m.error || undefined}>
                {t(`admin.outbox.state_${s}` as 'admin.outbox.state_sent')}
              </Tag>
            ),
          },
        ]}
      />
    </AdminPage>
  );
}

/** Who changed what, when. */
export function AuditPage() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const { page, setPage, pager } = usePage();
  const audit = useAudit({ ...page, q: q || undefined });
  const rows = audit.data?.entries ?? [];
  return (
    <AdminPage title={t('admin.menu.audit')}>
      <Typography.Paragraph type="secondary">{t('admin.audit.intro')}</Typography.Paragraph>
      <div className="admin-toolbar">
        <Input.Search
          allowClear
          aria-label={t('admin.common.search')}
          placeholder={t('admin.audit.searchPlaceholder')}
          style={{ width: 280 }}
          onSearch={(v) => {
            setQ(v.trim());
            setPage((p) => ({ ...p, offset: 0 }));
          }}
        />
      </div>
      <Table<AuditEntry>
        rowKey="id"
        size="middle"
        loading={audit.isFetching}
        dataSource={rows}
        locale={{ emptyText: t('admin.common.empty') }}
        pagination={pager(rows.length, audit.data?.more ?? false)}
        columns={[
          { title: t('admin.common.time'), dataIndex: 'created_at', render: when, width: 180 },
          {
            title: t('admin.audit.actor'),
            key: 'actor',
            render: (_, e) => (e.actor.via === 'cli' ? <Tag>{t('admin.audit.cli')}</Tag> : e.actor.name),
          },
          {
            title: t('admin.audit.action'),
            dataIndex: 'action',
            // The action in words; one this page has no words for keeps its key.
            render: (a: string) => (
              <span title={a}>{t(`admin.audit.actions.${a.replaceAll('.', '_')}`, { defaultValue: a })}</span>
            ),
          },
          {
            title: t('admin.audit.target'),
            key: 'target',
            render: (_, e) => e.target_name || `${e.target_type} ${e.target_id}`,
          },
          {
            title: t('admin.audit.detail'),
            dataIndex: 'detail',
            responsive: ['lg'],
            render: (d: Record<string, unknown>) =>
              Object.keys(d).length ? (
                <span className="admin-audit-detail">
                  {Object.entries(d)
                    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
                    .join(' · ')}
                </span>
              ) : null,
          },
        ]}
      />
    </AdminPage>
  );
}
