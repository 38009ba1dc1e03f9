import { LockOutlined } from '@ant-design/icons';
import { PASSWORD_LOGOUT_DELAY } from '@cirrus/shared';
import { Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../api/http';
import { paths } from '../../app/paths';
import { FocusedPassword } from '../../components/FocusedInput';
import { GuardedModal } from '../../components/GuardedModal';
import { useNotify } from '../../components/useNotify';
import { useLanguage } from '../../i18n';
import { type NewPasswordValues, PasswordFields } from '../auth/PasswordFields';
import { useLogout } from '../auth/queries';
import { desktopClient } from '../settings/desktop-client';
import { useChangePassword } from './queries';

interface Values extends NewPasswordValues {
  old_password: string;
}

const FIELDS = ['old_password', 'new_password', 'confirm_password'] as const;

/**
 * The change-password dialog of spec 000 §2, §4, §8: OK only when all three fields are filled and
 * none shows an error; wrongPassword clears the old field, PasswordWeak the new ones. On success
 * it closes, says so, and after 1 second the desktop client logs out, a browser goes to contacts
 * (this session stays; the server ended the others).
 */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const logout = useLogout();
  const change = useChangePassword();
  const [form] = Form.useForm<Values>();
  const [ready, setReady] = useState(false);

  const recheck = () => {
    const values = form.getFieldsValue();
    const filled = FIELDS.every((name) => Boolean(values[name]));
    const clean = form.getFieldsError().every(({ errors }) => errors.length === 0);
    setReady(filled && clean);
  };

  const submit = (values: Values) => {
    change.mutate(
      { old_password: values.old_password, new_password: values.new_password.trim() },
      {
        onSuccess: () => {
          onClose();
          notify.success(t('password.success'));
          window.setTimeout(() => {
            if (desktopClient) logout.mutate();
            // A page load, as the spec's "goes to the contacts location": every dialog closes with it.
            else window.location.assign(paths.contacts);
          }, PASSWORD_LOGOUT_DELAY);
        },
        onError: (error) => {
          const text = errorMessage(error, language);
          if (error instanceof ApiError && error.result === 'wrongPassword') {
            form.setFields([{ name: 'old_password', value: '', errors: [text] }]);
          } else if (error instanceof ApiError && error.result === 'PasswordWeak') {
            form.setFields([
              { name: 'new_password', value: '', errors: [text] },
              { name: 'confirm_password', value: '' },
            ]);
          } else {
            notify.error(error);
          }
          recheck();
        },
      },
    );
  };

  return (
    <GuardedModal
      open={open}
      onCancel={onClose}
      title={t('password.title')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !ready }}
      confirmLoading={change.isPending}
      onOk={() => form.submit()}
      width={440}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onFieldsChange={() => recheck()}
        className="cirrus-password-form"
      >
        <Form.Item
          name="old_password"
          label={t('password.old')}
          rules={[{ required: true, message: t('password.oldRequired') }]}
        >
          <FocusedPassword
            prefix={<LockOutlined />}
            autoComplete="current-password"
            placeholder={t('password.old')}
          />
        </Form.Item>
        <PasswordFields />
      </Form>
    </GuardedModal>
  );
}
