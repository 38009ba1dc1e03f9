import { ADMIN_PAGE_SIZE, type AdminMe, formatSize, spacePercent, type UsageRow } from '@cirrus/shared';
import { Button, Card, Form, Progress, Segmented, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { adminApi } from '../../api/admin';
import { GuardedModal } from '../../components/GuardedModal';
import { useNotify } from '../../components/useNotify';
import { AdminPage } from './AdminPage';
import { limitText, pagerTotal } from './format';
import { useAdminMutation, useQuotas, useUsage } from './queries';
import { SizeInput } from './SizeInput';

type Kind = UsageRow['kind'];

/** Quotas: the company's total, the deployment's defaults, usage per person, team and department. */
export function QuotasPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const me = useOutletContext<AdminMe>();
  const manage = me.access === 'manage';
  const overview = useQuotas();
  const [kind, setKind] = useState<Kind>('user');
  const [page, setPage] = useState({ offset: 0, limit: ADMIN_PAGE_SIZE });
  const usage = useUsage(kind, page);
  const [team, setTeam] = useState<UsageRow | null>(null);
  const [companyForm] = Form.useForm<{ total: number | null }>();
  const [defaultsForm] = Form.useForm<{ user: number | null; group: number | null; dept: number | null }>();

  useEffect(() => {
    if (!overview.data) return;
    companyForm.setFieldsValue({ total: overview.data.company.own_total });
    defaultsForm.setFieldsValue(overview.data.defaults);
  }, [overview.data, companyForm, defaultsForm]);

  const saved = () => notify.success(t('admin.common.saved'));
  const setCompany = useAdminMutation(
    (total: number | null) => adminApi.setCompanyTotal(total),
    ['quotas', 'usage'],
  );
  const setDefaults = useAdminMutation(
    (v: { user: number | null; group: number | null; dept: number | null }) => adminApi.setDefaults(v),
    ['quotas', 'usage', 'users', 'depts'],
  );
  const setTeamTotal = useAdminMutation(
    (v: { id: number; total: number | null }) => adminApi.setTeamTotal(v.id, v.total),
    ['usage'],
  );
  const company = overview.data?.company;
  const unlimited = t('admin.common.unlimited');

  return (
    <AdminPage title={t('admin.menu.quotas')}>
      <div className="admin-card-grid">
        <Card title={t('admin.quotas.company')} size="small">
          {company && (
            <>
              <Typography.Paragraph>
                {t('admin.quotas.usedOf', {
                  used: formatSize(company.used),
                  total: limitText(company.total, unlimited),
                })}
              </Typography.Paragraph>
              {company.total > 0 && (
                <Progress
                  aria-label={t('admin.quotas.companyBar')}
                  percent={spacePercent(company.used, company.total).percent}
                />
              )}
            </>
          )}
          <Form
            form={companyForm}
            layout="vertical"
            disabled={!manage}
            onFinish={(v) => setCompany.mutate(v.total ?? null, { onSuccess: saved })}
          >
            <Form.Item
              name="total"
              label={t('admin.quotas.companyTotal')}
              extra={t('admin.quotas.companyTotalHint')}
            >
              <SizeInput aria-label={t('admin.quotas.companyTotal')} />
            </Form.Item>
            {manage && (
              <Button htmlType="submit" loading={setCompany.isPending}>
                {t('admin.common.save')}
              </Button>
            )}
          </Form>
        </Card>
        <Card title={t('admin.quotas.defaults')} size="small">
          <Form
            form={defaultsForm}
            layout="vertical"
            disabled={!me.operator}
            onFinish={(v) => setDefaults.mutate(v, { onSuccess: saved })}
          >
            <Form.Item name="user" label={t('admin.quotas.defaultUser')} extra={`0 = ${unlimited}`}>
              <SizeInput aria-label={t('admin.quotas.defaultUser')} />
            </Form.Item>
            <Form.Item name="group" label={t('admin.quotas.defaultGroup')} extra={`0 = ${unlimited}`}>
              <SizeInput aria-label={t('admin.quotas.defaultGroup')} />
            </Form.Item>
            <Form.Item name="dept" label={t('admin.quotas.defaultDept')} extra={`0 = ${unlimited}`}>
              <SizeInput aria-label={t('admin.quotas.defaultDept')} />
            </Form.Item>
            {me.operator && (
              <Button htmlType="submit" loading={setDefaults.isPending}>
                {t('admin.common.save')}
              </Button>
            )}
          </Form>
        </Card>
      </div>
      <Typography.Title level={2} className="admin-section-title">
        {t('admin.quotas.usage')}
      </Typography.Title>
      <Segmented<Kind>
        style={{ marginBottom: 12 }}
        value={kind}
        onChange={(k) => {
          setKind(k);
          setPage((p) => ({ ...p, offset: 0 }));
        }}
        options={(['user', 'group', 'dept'] as const).map((k) => ({
          value: k,
          label: t(`admin.quotas.kind_${k}`),
        }))}
      />
      <Table<UsageRow>
        rowKey={(r) => `${r.kind}:${r.id}`}
        size="middle"
        loading={usage.isFetching}
        dataSource={usage.data?.rows ?? []}
        pagination={{
          current: Math.floor(page.offset / page.limit) + 1,
          pageSize: page.limit,
          total: pagerTotal(page.offset, usage.data?.rows.length ?? 0, usage.data?.more ?? false, page.limit),
          onChange: (p, size) => setPage({ offset: (p - 1) * size, limit: size }),
        }}
        columns={[
          { title: t('admin.quotas.name'), dataIndex: 'name' },
          {
            title: t('admin.quotas.detail'),
            dataIndex: 'detail',
            render: (d: string, r) => (r.kind === 'group' ? '' : d),
          },
          {
            title: t('admin.quotas.used'),
            dataIndex: 'used',
            render: (b: number) => formatSize(b),
            align: 'right',
          },
          {
            title: t('admin.quotas.total'),
            dataIndex: 'total',
            render: (b: number) => limitText(b, unlimited),
            align: 'right',
          },
          {
            // The bars speak for themselves on screen; a screen reader hears what the column is.
            title: <span className="cirrus-visually-hidden">{t('admin.quotas.share')}</span>,
            key: 'bar',
            width: 160,
            render: (_, r) =>
              r.total > 0 ? (
                <Progress
                  aria-label={t('admin.quotas.rowBar', { name: r.name })}
                  size="small"
                  percent={spacePercent(r.used, r.total).percent}
                />
              ) : null,
          },
          { title: t('admin.quotas.files'), dataIndex: 'file_count', align: 'right', responsive: ['lg'] },
          ...(manage && kind === 'group'
            ? [
                {
                  title: t('admin.common.actions'),
                  key: 'a',
                  render: (_: unknown, r: UsageRow) => (
                    <Button size="small" onClick={() => setTeam(r)}>
                      {t('admin.quotas.setTeam')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <TeamQuotaDialog
        row={team}
        loading={setTeamTotal.isPending}
        onCancel={() => setTeam(null)}
        onOk={(total) =>
          team &&
          setTeamTotal.mutate(
            { id: team.id, total },
            {
              onSuccess: () => {
                saved();
                setTeam(null);
              },
            },
          )
        }
      />
    </AdminPage>
  );
}

function TeamQuotaDialog({
  row,
  loading,
  onOk,
  onCancel,
}: {
  row: UsageRow | null;
  loading: boolean;
  onOk: (total: number | null) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | null>(null);
  useEffect(() => setValue(row ? row.total : null), [row]);
  return (
    <GuardedModal
      open={!!row}
      title={t('admin.quotas.teamTitle', { name: row?.name ?? '' })}
      okText={t('admin.common.save')}
      onOk={() => onOk(value)}
      onCancel={onCancel}
      okButtonProps={{ loading }}
    >
      <SizeInput aria-label={t('admin.quotas.total')} value={value} onChange={setValue} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('admin.people.quotaHelp')}
      </Typography.Paragraph>
    </GuardedModal>
  );
}
