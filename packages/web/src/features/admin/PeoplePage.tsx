import { MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { ADMIN_PAGE_SIZE, type AdminMe, type AdminUser, formatSize } from '@cirrus/shared';
import { Button, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { adminApi } from '../../api/admin';
import { MenuDropdown } from '../../components/MenuDropdown';
import { useNotify } from '../../components/useNotify';
import { AdminPage } from './AdminPage';
import { ConfirmDialog, TemporaryPasswordDialog } from './ConsoleDialog';
import { limitText } from './format';
import { MoveDialog, UserFormDialog } from './PeopleDialogs';
import { useAdminMutation, useDepts, usePeople } from './queries';

type Pending =
  | { kind: 'create' }
  | { kind: 'edit' | 'move' | 'disable' | 'reset' | 'sync'; user: AdminUser }
  | { kind: 'password'; name: string; password: string };

/** People: search by name, pinyin, account; create, edit, disable, reset password, move, mark synced. */
export function PeoplePage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const me = useOutletContext<AdminMe>();
  const manage = me.access === 'manage';
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState({
    q: '',
    dept_id: undefined as number | undefined,
    status: undefined as 'active' | 'disabled' | undefined,
    scope: 'company' as 'company' | 'general',
    offset: 0,
    limit: ADMIN_PAGE_SIZE,
  });
  const people = usePeople(query);
  const depts = useDepts();
  const [pending, setPending] = useState<Pending | null>(null);
  const close = () => setPending(null);

  const disable = useAdminMutation(
    (u: AdminUser) => (u.status === 'active' ? adminApi.disableUser(u.id) : adminApi.enableUser(u.id)),
    ['users'],
  );
  const reset = useAdminMutation((u: AdminUser) => adminApi.resetPassword(u.id), ['users']);
  const sync = useAdminMutation(
    (u: AdminUser) => adminApi.setSource(u.id, u.source === 'sync' ? 'local' : 'sync'),
    ['users'],
  );

  const deptOptions = (depts.data?.depts ?? [])
    .filter((d) => d.status === 'active')
    .map((d) => ({ value: d.id, label: d.display_path_name }));

  const menu = (u: AdminUser) => ({
    items: [
      { key: 'edit', label: t('admin.people.edit') },
      ...(u.company_id ? [{ key: 'move', label: t('admin.people.move') }] : []),
      { key: 'reset', label: t('admin.people.resetPassword') },
      {
        key: 'sync',
        label: u.source === 'sync' ? t('admin.people.markLocal') : t('admin.people.markSynced'),
      },
      { type: 'divider' as const },
      u.status === 'active'
        ? { key: 'disable', label: t('admin.people.disable'), danger: true }
        : { key: 'enable', label: t('admin.people.enable') },
    ],
    onClick: ({ key }: { key: string }) => {
      if (key === 'enable') {
        disable.mutate(u, { onSuccess: () => notify.success(t('admin.common.saved')) });
      } else if (key === 'sync' && u.source === 'sync') {
        sync.mutate(u, { onSuccess: () => notify.success(t('admin.common.saved')) });
      } else {
        setPending({ kind: key as 'edit', user: u });
      }
    },
  });

  return (
    <AdminPage title={t('admin.menu.people')}>
      <div className="admin-toolbar">
        <Input.Search
          allowClear
          aria-label={t('admin.common.search')}
          placeholder={t('admin.people.searchPlaceholder')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(q) => setQuery((prev) => ({ ...prev, q: q.trim(), offset: 0 }))}
          style={{ width: 300 }}
        />
        <Select
          aria-label={t('admin.people.depts')}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('admin.people.allDepts')}
          style={{ width: 220 }}
          options={deptOptions}
          value={query.dept_id}
          onChange={(dept_id) => setQuery((prev) => ({ ...prev, dept_id, scope: 'company', offset: 0 }))}
        />
        <Select
          aria-label={t('admin.common.status')}
          allowClear
          placeholder={t('admin.people.anyStatus')}
          style={{ width: 140 }}
          value={query.status}
          options={[
            { value: 'active', label: t('admin.people.active') },
            { value: 'disabled', label: t('admin.people.disabled') },
          ]}
          onChange={(status) => setQuery((prev) => ({ ...prev, status, offset: 0 }))}
        />
        {me.operator && (
          <Select
            aria-label={t('admin.people.general')}
            style={{ width: 220 }}
            value={query.scope}
            options={[
              { value: 'company', label: me.company.name },
              { value: 'general', label: t('admin.people.general') },
            ]}
            onChange={(scope) => setQuery((prev) => ({ ...prev, scope, dept_id: undefined, offset: 0 }))}
          />
        )}
        <span className="admin-grow" />
        {manage && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setPending({ kind: 'create' })}>
            {t('admin.people.create')}
          </Button>
        )}
      </div>
      <Table<AdminUser>
        rowKey="id"
        size="middle"
        loading={people.isFetching}
        dataSource={people.data?.users ?? []}
        aria-label={t('admin.menu.people')}
        // On a phone the table scrolls within itself rather than the page sideways.
        scroll={{ x: 'max-content' }}
        pagination={{
          current: Math.floor(query.offset / query.limit) + 1,
          pageSize: query.limit,
          total: people.data?.total ?? 0,
          showTotal: (count) => t('admin.people.count', { count }),
          onChange: (page, size) => setQuery((prev) => ({ ...prev, offset: (page - 1) * size, limit: size })),
        }}
        columns={[
          {
            title: t('admin.people.name'),
            key: 'name',
            render: (_, u) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>{u.nick_name}</Typography.Text>
                <Typography.Text type="secondary">{u.unique_name}</Typography.Text>
              </Space>
            ),
          },
          { title: t('admin.people.email'), dataIndex: 'email', key: 'email', responsive: ['lg'] },
          {
            title: t('admin.people.depts'),
            key: 'depts',
            responsive: ['md'],
            render: (_, u) => u.depts.map((d) => d.display_path_name).join('; '),
          },
          {
            title: t('admin.people.quota'),
            key: 'quota',
            responsive: ['lg'],
            render: (_, u) =>
              `${formatSize(u.quota.used)} / ${limitText(u.quota.total, t('admin.common.unlimited'))}`,
          },
          {
            title: t('admin.common.status'),
            key: 'status',
            render: (_, u) => (
              <Space size={4} wrap>
                <Tag color={u.status === 'active' ? 'green' : 'default'}>{t(`admin.people.${u.status}`)}</Tag>
                {u.source === 'sync' && <Tag color="blue">{t('admin.people.source_sync')}</Tag>}
                {u.roles.map((r) => (
                  <Tag key={r} color="gold">
                    {r === 'admin' || r === 'auditor' ? t(`admin.people.role_${r}`) : r}
                  </Tag>
                ))}
                {u.must_change_password && <Tag color="orange">{t('admin.people.mustChange')}</Tag>}
                {u.vip_level > 0 && <Tag>VIP {u.vip_level}</Tag>}
              </Space>
            ),
          },
          ...(manage
            ? [
                {
                  title: t('admin.common.actions'),
                  key: 'actions',
                  width: 80,
                  render: (_: unknown, u: AdminUser) => (
                    <MenuDropdown menu={menu(u)}>
                      <Button
                        type="text"
                        icon={<MoreOutlined />}
                        aria-label={`${t('admin.common.actions')} ${u.unique_name}`}
                      />
                    </MenuDropdown>
                  ),
                },
              ]
            : []),
        ]}
      />

      <UserFormDialog
        open={pending?.kind === 'create' || pending?.kind === 'edit'}
        user={pending?.kind === 'edit' ? pending.user : undefined}
        deptOptions={deptOptions}
        onClose={close}
        onCreated={(answer) =>
          setPending({ kind: 'password', name: answer.user.nick_name, password: answer.temporary_password })
        }
      />
      <MoveDialog
        open={pending?.kind === 'move'}
        user={pending?.kind === 'move' ? pending.user : undefined}
        deptOptions={deptOptions}
        onClose={close}
      />
      <ConfirmDialog
        open={pending?.kind === 'disable'}
        danger
        title={
          pending?.kind === 'disable' ? t('admin.people.disableTitle', { name: pending.user.nick_name }) : ''
        }
        text={
          pending?.kind === 'disable' ? t('admin.people.disableText', { name: pending.user.nick_name }) : ''
        }
        okText={t('admin.people.disable')}
        loading={disable.isPending}
        onCancel={close}
        onOk={() =>
          pending?.kind === 'disable' &&
          disable.mutate(pending.user, {
            onSuccess: () => {
              notify.success(t('admin.common.saved'));
              close();
            },
          })
        }
      />
      <ConfirmDialog
        open={pending?.kind === 'reset'}
        danger
        title={
          pending?.kind === 'reset' ? t('admin.people.resetTitle', { name: pending.user.nick_name }) : ''
        }
        text={pending?.kind === 'reset' ? t('admin.people.resetText', { name: pending.user.nick_name }) : ''}
        okText={t('admin.people.resetPassword')}
        loading={reset.isPending}
        onCancel={close}
        onOk={() =>
          pending?.kind === 'reset' &&
          reset.mutate(pending.user, {
            onSuccess: (a) =>
              setPending({ kind: 'password', name: a.user.nick_name, password: a.temporary_password }),
          })
        }
      />
      <ConfirmDialog
        open={pending?.kind === 'sync'}
        title={pending?.kind === 'sync' ? t('admin.people.syncTitle', { name: pending.user.nick_name }) : ''}
        text={t('admin.people.syncText')}
        okText={t('admin.people.markSynced')}
        loading={sync.isPending}
        onCancel={close}
        onOk={() =>
          pending?.kind === 'sync' &&
          sync.mutate(pending.user, {
            onSuccess: () => {
              notify.success(t('admin.common.saved'));
              close();
            },
          })
        }
      />
      <TemporaryPasswordDialog
        open={pending?.kind === 'password'}
        name={pending?.kind === 'password' ? pending.name : ''}
        password={pending?.kind === 'password' ? pending.password : ''}
        onClose={close}
      />
    </AdminPage>
  );
}
