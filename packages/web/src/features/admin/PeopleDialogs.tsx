import {
  type AdminUser,
  COMPANY_ROLES,
  errorText,
  type TemporaryPasswordAnswer,
  VIP_LEVEL_MAX,
  validateNickname,
  validateOptionalEmail,
  validateUniqueName,
} from '@cirrus/shared';
import { Form, Input, InputNumber, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi, type UserInput } from '../../api/admin';
import { FocusedInput } from '../../components/FocusedInput';
import { GuardedModal } from '../../components/GuardedModal';
import { useNotify } from '../../components/useNotify';
import { useLanguage } from '../../i18n';
import { useAdminMutation } from './queries';
import { SizeInput } from './SizeInput';

interface FormValues {
  unique_name: string;
  nick_name: string;
  email?: string;
  phone?: string;
  title?: string;
  employee_id?: string;
  dept_ids?: number[];
  vip_level?: number;
  roles?: string[];
  /** Bytes; null follows the default, 0 is unlimited. */
  quota?: number | null;
}

type Option = { value: number; label: string };

/** Create a person (the server answers a temporary password, shown once) or edit one. */
export function UserFormDialog({
  open,
  user,
  deptOptions,
  onClose,
  onCreated,
}: {
  open: boolean;
  user?: AdminUser;
  deptOptions: Option[];
  onClose: () => void;
  onCreated: (answer: TemporaryPasswordAnswer) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const notify = useNotify();
  const [form] = Form.useForm<FormValues>();
  // The account rule is a grey hint until the field fails; then the red message alone says it.
  const [accountFailed, setAccountFailed] = useState(false);
  const save = useAdminMutation(
    (values: FormValues): Promise<TemporaryPasswordAnswer | AdminUser> => {
      const body: UserInput = {
        nick_name: values.nick_name,
        email: values.email?.trim() || null,
        phone: values.phone?.trim() || null,
        title: values.title ?? '',
        employee_id: values.employee_id ?? '',
        vip_level: values.vip_level ?? 0,
        roles: values.roles ?? [],
        quota: values.quota ?? null,
      };
      return user
        ? adminApi.updateUser(user.id, body)
        : adminApi.createUser({ ...body, unique_name: values.unique_name, dept_ids: values.dept_ids ?? [] });
    },
    ['users', 'depts'],
  );

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setAccountFailed(false);
    if (user)
      form.setFieldsValue({
        unique_name: user.unique_name,
        nick_name: user.nick_name,
        email: user.email,
        phone: user.phone,
        title: user.title,
        employee_id: user.employee_id,
        vip_level: user.vip_level,
        roles: user.roles,
        quota: user.quota.own_total,
      });
  }, [open, user, form]);

  return (
    <GuardedModal
      open={open}
      title={user ? t('admin.people.editTitle', { name: user.nick_name }) : t('admin.people.createTitle')}
      okText={t('admin.common.save')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending }}
      width={560}
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFieldsChange={(_, all) =>
          setAccountFailed(all.some((f) => f.name[0] === 'unique_name' && (f.errors?.length ?? 0) > 0))
        }
        onFinish={(values) =>
          save.mutate(values, {
            onSuccess: (answer) => {
              onClose();
              if (!user) onCreated(answer as TemporaryPasswordAnswer);
              else notify.success(t('admin.common.saved'));
            },
          })
        }
      >
        <Form.Item
          name="unique_name"
          label={t('admin.people.account')}
          extra={user || accountFailed ? undefined : t('admin.people.accountRule')}
          // One message at a time: "Required" when empty, else the rule.
          validateFirst
          rules={
            user
              ? []
              : [
                  { required: true, whitespace: true, message: t('admin.people.required') },
                  {
                    validator: (_, v) =>
                      validateUniqueName(v ?? '')
                        ? Promise.reject(new Error(t('admin.people.accountRule')))
                        : Promise.resolve(),
                  },
                ]
          }
        >
          {user ? <Input disabled autoComplete="off" /> : <FocusedInput autoComplete="off" />}
        </Form.Item>
        <Form.Item
          name="nick_name"
          label={t('admin.people.name')}
          validateFirst
          rules={[
            { required: true, whitespace: true, message: t('admin.people.required') },
            {
              validator: (_, v) =>
                validateNickname(v ?? '')
                  ? Promise.reject(new Error(errorText('InvalidNickname', lang)))
                  : Promise.resolve(),
            },
          ]}
        >
          {user ? <FocusedInput autoComplete="off" /> : <Input autoComplete="off" />}
        </Form.Item>
        <Form.Item
          name="email"
          label={t('admin.people.email')}
          rules={[
            {
              validator: (_, v) =>
                validateOptionalEmail(v ?? '')
                  ? Promise.reject(new Error(errorText('InvalidEmail', lang)))
                  : Promise.resolve(),
            },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="phone" label={t('admin.people.phone')}>
          <Input autoComplete="off" />
        </Form.Item>
        {!user && (
          <Form.Item name="dept_ids" label={t('admin.people.depts')}>
            <Select mode="multiple" options={deptOptions} showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
        )}
        <Form.Item name="title" label={t('admin.people.title')}>
          <Input />
        </Form.Item>
        <Form.Item name="employee_id" label={t('admin.people.employeeId')}>
          <Input />
        </Form.Item>
        <Form.Item name="vip_level" label={t('admin.people.vipLevel')}>
          <InputNumber min={0} max={VIP_LEVEL_MAX} precision={0} />
        </Form.Item>
        <Form.Item name="roles" label={t('admin.people.roles')}>
          <Select
            mode="multiple"
            options={COMPANY_ROLES.map((r) => ({ value: r, label: t(`admin.people.role_${r}`) }))}
          />
        </Form.Item>
        <Form.Item name="quota" label={t('admin.people.quota')} extra={t('admin.people.quotaHelp')}>
          <SizeInput aria-label={t('admin.people.quota')} />
        </Form.Item>
      </Form>
    </GuardedModal>
  );
}

/** Moves a person between departments: the departments they belong to, the first the main one. */
export function MoveDialog({
  open,
  user,
  deptOptions,
  onClose,
}: {
  open: boolean;
  user?: AdminUser;
  deptOptions: Option[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm<{ dept_ids: number[]; main: number | null }>();
  const move = useAdminMutation(
    (v: { dept_ids: number[]; main: number | null }) =>
      adminApi.setDepts(user?.id ?? 0, v.dept_ids, v.main ?? v.dept_ids[0] ?? null),
    ['users', 'depts'],
  );
  useEffect(() => {
    if (open && user) form.setFieldsValue({ dept_ids: user.depts.map((d) => d.id), main: user.main_dept_id });
  }, [open, user, form]);
  const chosen = Form.useWatch('dept_ids', form) ?? [];
  return (
    <GuardedModal
      open={open}
      title={user ? t('admin.people.moveTitle', { name: user.nick_name }) : ''}
      okText={t('admin.common.save')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: move.isPending }}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) =>
          move.mutate(v, {
            onSuccess: () => {
              notify.success(t('admin.common.saved'));
              onClose();
            },
          })
        }
      >
        <Form.Item name="dept_ids" label={t('admin.people.depts')}>
          <Select mode="multiple" options={deptOptions} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        <Form.Item name="main" label={t('admin.people.mainDept')}>
          <Select allowClear options={deptOptions.filter((o) => chosen.includes(o.value))} />
        </Form.Item>
      </Form>
    </GuardedModal>
  );
}
