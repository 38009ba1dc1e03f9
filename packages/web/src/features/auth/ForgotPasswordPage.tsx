import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { type ForgotPasswordResult, VERIFICATION_CODE_LENGTH } from '@cirrus/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountApi } from '../../api/account';
import { ApiError, errorMessage } from '../../api/http';
import { LOGIN_PATH } from '../../app/paths';
import { ButtonLink } from '../../components/ButtonLink';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useLanguage } from '../../i18n';
import { AuthShell } from './AuthShell';
import { type NewPasswordValues, PasswordFields } from './PasswordFields';

/**
 * /cts/forgot: the account, then either "a link is on its way" (mail) or the code from the text
 * message with the new password (phone). The server answers alike whether the account exists.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  useDocumentTitle(t('forgot.title'));
  const [sent, setSent] = useState<(ForgotPasswordResult & { account: string }) | null>(null);
  const [done, setDone] = useState(false);
  const forgot = useMutation({ mutationFn: accountApi.forgotPassword });
  const reset = useMutation({ mutationFn: accountApi.resetPassword });
  const [resetForm] = Form.useForm<NewPasswordValues & { code: string }>();

  const back = (
    <Link to={LOGIN_PATH} className="cirrus-login-more">
      {t('forgot.backToLogin')}
    </Link>
  );

  if (done) {
    return (
      <AuthShell title={t('forgot.title')} footer={back}>
        <Alert className="cirrus-auth-done" type="success" showIcon title={t('forgot.done')} />
        <ButtonLink to={LOGIN_PATH} type="primary" block size="large">
          {t('login.submit')}
        </ButtonLink>
      </AuthShell>
    );
  }

  if (sent?.channel === 'mail') {
    return (
      <AuthShell title={t('forgot.title')} footer={back}>
        <Alert type="success" showIcon title={t('forgot.mailSent', { account: sent.account })} />
      </AuthShell>
    );
  }

  if (sent?.channel === 'sms') {
    return (
      <AuthShell
        title={t('forgot.resetTitle')}
        subtitle={t('forgot.smsSent', { account: sent.account })}
        footer={back}
      >
        <Form
          form={resetForm}
          layout="vertical"
          size="large"
          requiredMark={false}
          onFinish={(values) =>
            reset.mutate(
              { phone: sent.account, code: values.code.trim(), new_password: values.new_password.trim() },
              {
                onSuccess: () => setDone(true),
                onError: (error) => {
                  if (error instanceof ApiError && error.result === 'PasswordWeak')
                    resetForm.setFields([
                      { name: 'new_password', value: '' },
                      { name: 'confirm_password', value: '' },
                    ]);
                },
              },
            )
          }
        >
          {reset.isError && (
            <Alert
              className="cirrus-login-error"
              type="error"
              showIcon
              title={errorMessage(reset.error, language)}
            />
          )}
          <Form.Item
            name="code"
            label={t('forgot.code')}
            rules={[{ required: true, whitespace: true, message: t('forgot.codeRequired') }]}
          >
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={VERIFICATION_CODE_LENGTH}
              autoFocus
            />
          </Form.Item>
          <PasswordFields />
          <Button type="primary" htmlType="submit" block loading={reset.isPending}>
            {t('forgot.reset')}
          </Button>
        </Form>
      </AuthShell>
    );
  }

  return (
    <AuthShell title={t('forgot.title')} subtitle={t('forgot.intro')} footer={back}>
      <Form
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={({ account }: { account: string }) =>
          forgot.mutate(account.trim(), {
            onSuccess: (result) => setSent({ ...result, account: account.trim() }),
          })
        }
      >
        {forgot.isError && (
          <Alert
            className="cirrus-login-error"
            type="error"
            showIcon
            title={errorMessage(forgot.error, language)}
          />
        )}
        <Form.Item
          name="account"
          label={t('forgot.account')}
          rules={[{ required: true, whitespace: true, message: t('forgot.accountRequired') }]}
        >
          <Input
            prefix={<UserOutlined />}
            placeholder={t('login.accountPlaceholder')}
            autoComplete="username"
            autoFocus
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={forgot.isPending} icon={<LockOutlined />}>
          {t('forgot.submit')}
        </Button>
      </Form>
    </AuthShell>
  );
}
