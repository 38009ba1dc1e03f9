import { LockOutlined } from '@ant-design/icons';
import { validateConfirmPassword } from '@cirrus/shared';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n';
import { errorTextOf } from '../profile/error-text';
import { usePasswordRule } from './password-rule';

/** Form values of the new password and its confirmation. */
export interface NewPasswordValues {
  new_password: string;
  confirm_password: string;
}

/**
 * The new password and its confirmation, checked as the user types by the shared rules (spec 000
 * §5): the standard or the private deployment's rule for the new one, and confirmPassword for the
 * second. Goes inside an antd Form.
 */
export function PasswordFields({ mode = 'deployment' }: { mode?: 'deployment' | 'standard' }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const rule = usePasswordRule(mode);

  return (
    <>
      <Form.Item
        name="new_password"
        label={t('password.new')}
        extra={rule.tip}
        rules={[
          { required: true, message: t('password.newRequired') },
          {
            validator: async (_, value: string | undefined) => {
              const message = value ? rule.check(value) : undefined;
              if (message) throw new Error(message);
            },
          },
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="new-password"
          placeholder={t('password.new')}
        />
      </Form.Item>
      <Form.Item
        name="confirm_password"
        label={t('password.confirm')}
        dependencies={['new_password']}
        rules={[
          { required: true, message: t('password.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: async (_, value: string | undefined) => {
              const error = value
                ? validateConfirmPassword(getFieldValue('new_password') ?? '', value)
                : undefined;
              if (error) throw new Error(errorTextOf(error, lang));
            },
          }),
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="new-password"
          placeholder={t('password.confirm')}
        />
      </Form.Item>
    </>
  );
}
