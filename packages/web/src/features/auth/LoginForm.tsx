import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { isMustChangePassword, type MustChangePasswordResponse, withAccountSuffix } from '@cirrus/shared';
import { Alert, Button, Flex, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../api/http';
import { FORGOT_PASSWORD_PATH, SIGNUP_PATH } from '../../app/paths';
import { useCountdown } from '../../components/useCountdown';
import { useLanguage } from '../../i18n';
import { useSettings } from '../settings/queries';
import { MustChangePasswordStep } from './MustChangePasswordStep';
import { useLogin } from './queries';

interface LoginValues {
  account: string;
  password: string;
}

/** Seconds the server asks us to wait after too many attempts (429 apiRateLimitExceede, debug.retry_after). */
function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.result !== 'apiRateLimitExceede') return null;
  const seconds = error.body?.debug?.retry_after;
  return typeof seconds === 'number' && seconds > 0 ? seconds : null;
}

/** Account and password; a bare account name gets the company's account suffix (spec 000 §6). */
export function LoginForm() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { account_suffix: accountSuffix, allow_signup: allowSignup } = useSettings();
  const [form] = Form.useForm<LoginValues>();
  const login = useLogin();
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const secondsToWait = useCountdown(retryAt);
  // Login answered a token instead of a session: the password must be changed first.
  const [mustChange, setMustChange] = useState<
    (MustChangePasswordResponse & { account: string; password: string }) | null
  >(null);

  const submit = ({ account, password }: LoginValues) => {
    const fullAccount = withAccountSuffix(account, accountSuffix);
    login.mutate(
      { account: fullAccount, password },
      {
        onSuccess: (result) => {
          if (isMustChangePassword(result)) setMustChange({ ...result, account: fullAccount, password });
        },
        onError: (error) => {
          const retryAfter = retryAfterSeconds(error);
          setRetryAt(retryAfter === null ? null : Date.now() + retryAfter * 1000);
          if (error instanceof ApiError && error.result === 'loginFailed') form.setFieldValue('password', '');
        },
      },
    );
  };

  let submitLabel = t('login.submit');
  if (secondsToWait >= 60)
    submitLabel = t('login.retryInMinutes', { minutes: Math.ceil(secondsToWait / 60) });
  else if (secondsToWait > 0) submitLabel = t('login.retryInSeconds', { seconds: secondsToWait });

  const accountInput = (
    <Input
      prefix={<UserOutlined />}
      placeholder={t('login.accountPlaceholder')}
      autoComplete="username"
      autoFocus
    />
  );

  if (mustChange) {
    return (
      <MustChangePasswordStep
        token={mustChange.token}
        reason={mustChange.reason}
        oldPassword={mustChange.password}
        onChanged={(newPassword) => {
          // With the new password, login opens the session and the page moves on.
          login.mutate({ account: mustChange.account, password: newPassword });
        }}
        onCancel={() => {
          setMustChange(null);
          form.setFieldValue('password', '');
        }}
      />
    );
  }

  return (
    <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={submit}>
      {login.isError && (
        <Alert
          className="cirrus-login-error"
          type="error"
          showIcon
          title={errorMessage(login.error, language)}
        />
      )}
      {accountSuffix ? (
        <Form.Item label={t('login.account')} required>
          <Space.Compact block>
            <Form.Item
              name="account"
              noStyle
              rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}
            >
              {accountInput}
            </Form.Item>
            <Space.Addon>{accountSuffix}</Space.Addon>
          </Space.Compact>
        </Form.Item>
      ) : (
        <Form.Item
          name="account"
          label={t('login.account')}
          rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}
        >
          {accountInput}
        </Form.Item>
      )}
      <Form.Item
        name="password"
        label={t('login.password')}
        rules={[{ required: true, message: t('login.passwordRequired') }]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
        />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        block
        loading={login.isPending}
        disabled={secondsToWait > 0}
        className="cirrus-login-submit"
      >
        {submitLabel}
      </Button>
      <Flex justify="space-between" className="cirrus-login-links">
        <Link to={FORGOT_PASSWORD_PATH}>{t('login.forgot')}</Link>
        {allowSignup && <Link to={SIGNUP_PATH}>{t('login.signup')}</Link>}
      </Flex>
    </Form>
  );
}
