import type { MustChangePasswordResponse } from '@cirrus/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../api/account';
import { ApiError, errorMessage } from '../../api/http';
import { useLanguage } from '../../i18n';
import { type NewPasswordValues, PasswordFields } from './PasswordFields';

interface MustChangePasswordStepProps {
  token: string;
  reason: MustChangePasswordResponse['reason'];
  /** The password just typed at login: the token call asks for it again (spec 000 §7). */
  oldPassword: string;
  onChanged: (newPassword: string) => void;
  onCancel: () => void;
}

/**
 * The change step of login when the password must be changed first (a temporary password, or the
 * private deployment's replacement cycle has passed): PUT /p/user/password with the token.
 */
export function MustChangePasswordStep({
  token,
  reason,
  oldPassword,
  onChanged,
  onCancel,
}: MustChangePasswordStepProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [form] = Form.useForm<NewPasswordValues>();
  const change = useMutation({ mutationFn: accountApi.changePasswordWithToken });

  const submit = ({ new_password }: NewPasswordValues) => {
    const password = new_password.trim();
    change.mutate(
      { token, old_password: oldPassword, new_password: password },
      {
        onSuccess: () => onChanged(password),
        onError: (error) => {
          if (error instanceof ApiError && error.result === 'PasswordWeak')
            form.setFields([
              { name: 'new_password', value: '' },
              { name: 'confirm_password', value: '' },
            ]);
        },
      },
    );
  };

  const expired = change.error instanceof ApiError && change.error.result === 'InvalidToken';
  return (
    <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={submit}>
      <Alert
        className="cirrus-login-error"
        type="info"
        showIcon
        title={t('password.mustChangeTitle')}
        description={
          reason === 'expired' ? t('password.mustChangeExpired') : t('password.mustChangeTemporary')
        }
      />
      {change.isError && (
        <Alert
          className="cirrus-login-error"
          type="error"
          showIcon
          title={errorMessage(change.error, language)}
        />
      )}
      <PasswordFields />
      <Button type="primary" htmlType="submit" block loading={change.isPending} disabled={expired}>
        {t('password.mustChangeSubmit')}
      </Button>
      <Flex justify="center" className="cirrus-login-links">
        <Button type="link" onClick={onCancel}>
          {t('forgot.backToLogin')}
        </Button>
      </Flex>
    </Form>
  );
}
