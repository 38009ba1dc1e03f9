import { PlusOutlined } from '@ant-design/icons';
import { type AdminDept, type AdminMe, formatSize, validateDeptName } from '@cirrus/shared';
import { Button, Descriptions, Empty, Form, Select, Space, Tag, Tree, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { adminApi } from '../../api/admin';
import { FocusedInput } from '../../components/FocusedInput';
import { GuardedModal } from '../../components/GuardedModal';
import { useNotify } from '../../components/useNotify';
import { AdminPage } from './AdminPage';
import { ConfirmDialog } from './ConsoleDialog';
import { limitText } from './format';
import { useAdminMutation, useDepts } from './queries';
import { SizeInput } from './SizeInput';

type TreeNode = { key: number; title: React.ReactNode; children: TreeNode[] };

function buildTree(depts: AdminDept[], disabledTag: string): TreeNode[] {
  const nodes = new Map<number, TreeNode>(
    depts.map((d) => [
      d.id,
      {
        key: d.id,
        title: (
          <span>
            {d.name} <Typography.Text type="secondary">({d.member_count})</Typography.Text>{' '}
            {d.status === 'disabled' && <Tag>{disabledTag}</Tag>}
          </span>
        ),
        children: [],
      },
    ]),
  );
  const roots: TreeNode[] = [];
  for (const d of depts) {
    const node = nodes.get(d.id);
    if (!node) continue;
    const parent = d.parent_id ? nodes.get(d.parent_id) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

type Dialog = 'create' | 'rename' | 'move' | 'disable' | 'space' | null;

/** Departments: the tree, create, rename, move, disable or enable, and the department's group space. */
export function DepartmentsPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const me = useOutletContext<AdminMe>();
  const manage = me.access === 'manage';
  const depts = useDepts();
  const list = depts.data?.depts ?? [];
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = list.find((d) => d.id === selectedId) ?? null;
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const tree = useMemo(() => buildTree(list, t('admin.depts.disabledTag')), [list, t]);

  const create = useAdminMutation(
    (v: { name: string }) => adminApi.createDept(v.name, selected?.id ?? null),
    ['depts'],
  );
  const update = useAdminMutation(
    (v: { name?: string; parent_id?: number }) => adminApi.updateDept(selected?.id ?? 0, v),
    ['depts', 'users'],
  );
  const status = useAdminMutation(
    (d: AdminDept) => (d.status === 'active' ? adminApi.disableDept(d.id) : adminApi.enableDept(d.id)),
    ['depts', 'users'],
  );
  const space = useAdminMutation(
    (v: DeptSpaceValues) =>
      adminApi.setDeptSpace(selected?.id ?? 0, {
        default: v.default ?? null,
        expand_self: v.expand_self ?? 0,
      }),
    ['depts', 'usage'],
  );
  const done = () => {
    notify.success(t('admin.common.saved'));
    close();
  };

  return (
    <AdminPage title={t('admin.menu.departments')}>
      <div className="admin-split">
        <div>
          {manage && list.length === 0 && (
            <Button icon={<PlusOutlined />} onClick={() => setDialog('create')}>
              {t('admin.depts.createRoot')}
            </Button>
          )}
          {tree.length > 0 && (
            <Tree<TreeNode>
              aria-label={t('admin.menu.departments')}
              treeData={tree}
              defaultExpandAll
              selectedKeys={selectedId ? [selectedId] : []}
              onSelect={(keys) => setSelectedId(keys.length ? Number(keys[0]) : null)}
            />
          )}
        </div>
        <div>
          {!selected ? (
            <Empty description={t('admin.depts.pick')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <>
              <Typography.Title level={2} className="admin-dept-title">
                {selected.display_path_name}
              </Typography.Title>
              <Descriptions column={1} size="small" bordered>
                <Descriptions.Item label={t('admin.common.status')}>
                  <Tag color={selected.status === 'active' ? 'green' : 'default'}>
                    {t(`admin.people.${selected.status === 'active' ? 'active' : 'disabled'}`)}
                  </Tag>
                </Descriptions.Item>
                <Descriptions.Item label={t('admin.depts.members')}>
                  {selected.member_count}
                </Descriptions.Item>
                <Descriptions.Item label={t('admin.depts.space')}>
                  {t('admin.quotas.usedOf', {
                    used: formatSize(selected.space.used),
                    total: limitText(selected.space.total, t('admin.common.unlimited')),
                  })}
                  {selected.space.expand_self > 0 && ` (+${formatSize(selected.space.expand_self)})`}
                </Descriptions.Item>
                <Descriptions.Item label={t('admin.depts.teams')}>
                  {selected.team_ids.length || t('admin.common.none')}
                </Descriptions.Item>
              </Descriptions>
              {manage && (
                <Space wrap style={{ marginTop: 16 }}>
                  {selected.status === 'active' && (
                    <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog('create')}>
                      {t('admin.depts.create')}
                    </Button>
                  )}
                  <Button onClick={() => setDialog('rename')}>{t('admin.depts.rename')}</Button>
                  {selected.parent_id !== null && (
                    <Button onClick={() => setDialog('move')}>{t('admin.depts.move')}</Button>
                  )}
                  <Button onClick={() => setDialog('space')}>{t('admin.depts.space')}</Button>
                  {selected.parent_id !== null &&
                    (selected.status === 'active' ? (
                      <Button danger onClick={() => setDialog('disable')}>
                        {t('admin.depts.disable')}
                      </Button>
                    ) : (
                      <Button onClick={() => status.mutate(selected, { onSuccess: done })}>
                        {t('admin.depts.enable')}
                      </Button>
                    ))}
                </Space>
              )}
            </>
          )}
        </div>
      </div>

      <NameDialog
        open={dialog === 'create' || dialog === 'rename'}
        title={
          dialog === 'rename'
            ? t('admin.depts.renameTitle', { name: selected?.name ?? '' })
            : selected
              ? t('admin.depts.createTitle', { parent: selected.display_path_name })
              : t('admin.depts.createRoot')
        }
        initial={dialog === 'rename' ? (selected?.name ?? '') : ''}
        loading={create.isPending || update.isPending}
        onCancel={close}
        onOk={(name) =>
          dialog === 'rename'
            ? update.mutate({ name }, { onSuccess: done })
            : create.mutate(
                { name },
                {
                  onSuccess: (d) => {
                    setSelectedId(d.id);
                    done();
                  },
                },
              )
        }
      />
      <MoveDeptDialog
        open={dialog === 'move'}
        dept={selected}
        depts={list}
        loading={update.isPending}
        onCancel={close}
        onOk={(parent_id) => update.mutate({ parent_id }, { onSuccess: done })}
      />
      <SpaceDialog
        open={dialog === 'space'}
        dept={selected}
        loading={space.isPending}
        onCancel={close}
        onOk={(v) => space.mutate(v, { onSuccess: done })}
      />
      <ConfirmDialog
        open={dialog === 'disable'}
        danger
        title={t('admin.depts.disableTitle', { name: selected?.name ?? '' })}
        text={t('admin.depts.disableText')}
        okText={t('admin.depts.disable')}
        loading={status.isPending}
        onCancel={close}
        onOk={() => selected && status.mutate(selected, { onSuccess: done })}
      />
    </AdminPage>
  );
}

function NameDialog(props: {
  open: boolean;
  title: string;
  initial: string;
  loading: boolean;
  onOk: (name: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  useEffect(() => {
    if (props.open) form.setFieldsValue({ name: props.initial });
  }, [props.open, props.initial, form]);
  return (
    <GuardedModal
      open={props.open}
      title={props.title}
      okText={t('admin.common.save')}
      onCancel={props.onCancel}
      onOk={() => form.submit()}
      okButtonProps={{ loading: props.loading }}
    >
      <Form form={form} layout="vertical" onFinish={(v) => props.onOk(v.name.trim())}>
        <Form.Item
          name="name"
          label={t('admin.depts.name')}
          rules={[
            {
              validator: (_, v) =>
                validateDeptName(v ?? '')
                  ? Promise.reject(new Error(t('admin.depts.nameRule')))
                  : Promise.resolve(),
            },
          ]}
        >
          <FocusedInput />
        </Form.Item>
      </Form>
    </GuardedModal>
  );
}

function MoveDeptDialog(props: {
  open: boolean;
  dept: AdminDept | null;
  depts: AdminDept[];
  loading: boolean;
  onOk: (parentId: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [parent, setParent] = useState<number | undefined>();
  useEffect(() => {
    if (props.open) setParent(props.dept?.parent_id ?? undefined);
  }, [props.open, props.dept]);
  const prefix = props.dept ? `${props.dept.display_path_name}` : '';
  // Never into itself or below itself (the server says deptMoveIntoSelf too).
  const options = props.depts
    .filter(
      (d) =>
        d.status === 'active' &&
        d.display_path_name !== prefix &&
        !d.display_path_name.startsWith(`${prefix}/`),
    )
    .map((d) => ({ value: d.id, label: d.display_path_name }));
  return (
    <GuardedModal
      open={props.open}
      title={t('admin.depts.moveTitle', { name: props.dept?.name ?? '' })}
      okText={t('admin.depts.move')}
      onCancel={props.onCancel}
      onOk={() => parent && props.onOk(parent)}
      okButtonProps={{ loading: props.loading, disabled: !parent || parent === props.dept?.parent_id }}
    >
      <Select
        aria-label={t('admin.depts.parent')}
        style={{ width: '100%' }}
        showSearch={{ optionFilterProp: 'label' }}
        options={options}
        value={parent}
        onChange={setParent}
      />
    </GuardedModal>
  );
}

/** A department's group space in bytes: default null is the deployment's. */
interface DeptSpaceValues {
  default: number | null;
  expand_self: number | null;
}

function SpaceDialog(props: {
  open: boolean;
  dept: AdminDept | null;
  loading: boolean;
  onOk: (v: DeptSpaceValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DeptSpaceValues>();
  useEffect(() => {
    if (props.open && props.dept)
      form.setFieldsValue({
        default: props.dept.space.default || null,
        expand_self: props.dept.space.expand_self,
      });
  }, [props.open, props.dept, form]);
  return (
    <GuardedModal
      open={props.open}
      title={t('admin.depts.spaceTitle', { name: props.dept?.name ?? '' })}
      okText={t('admin.common.save')}
      onCancel={props.onCancel}
      onOk={() => form.submit()}
      okButtonProps={{ loading: props.loading }}
    >
      <Form form={form} layout="vertical" onFinish={props.onOk}>
        <Form.Item name="default" label={t('admin.depts.spaceDefault')}>
          <SizeInput aria-label={t('admin.depts.spaceDefault')} />
        </Form.Item>
        <Form.Item name="expand_self" label={t('admin.depts.expandSelf')}>
          <SizeInput aria-label={t('admin.depts.expandSelf')} />
        </Form.Item>
      </Form>
    </GuardedModal>
  );
}
