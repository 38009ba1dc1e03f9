import { Alert, Button, Form, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/http';
import { FORGOT_PASSWORD_PATH, LOGIN_PATH } from '../../app/paths';
import { ButtonLink } from '../../components/ButtonLink';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useLanguage } from '../../i18n';
import { AuthShell } from './AuthShell';
import { type NewPasswordValues, PasswordFields } from './PasswordFields';
import { useResetLinkCheck, useResetPassword } from './queries';

/**
 * /cts/reset?token=...: the link from the reset mail; a new password, once, within 30 minutes. A
 * link already used or expired says so as the page opens, with the way to ask for a new one.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  useDocumentTitle(t('forgot.resetTitle'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form] = Form.useForm<NewPasswordValues>();
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const linkCheck = useResetLinkCheck(token);
  // Used or expired: said as the page opens, or (expired while the form was open) on submitting.
  const invalid = [linkCheck.error, reset.error].find(
    (error) => error instanceof ApiError && error.result === 'InvalidToken',
  );

  const footer = (
    <Link to={LOGIN_PATH} className="cirrus-login-more">
      {t('forgot.backToLogin')}
    </Link>
  );

  if (done) {
    return (
      <AuthShell title={t('forgot.resetTitle')} footer={footer}>
        <Alert className="cirrus-auth-done" type="success" showIcon title={t('forgot.done')} />
        <ButtonLink to={LOGIN_PATH} type="primary" block size="large">
          {t('login.submit')}
        </ButtonLink>
      </AuthShell>
    );
  }

  if (!token || invalid) {
    return (
      <AuthShell title={t('forgot.resetTitle')} footer={footer}>
        <Alert
          className="cirrus-auth-done"
          type="error"
          showIcon
          title={invalid ? errorMessage(invalid, language) : t('forgot.noToken')}
        />
        <ButtonLink to={FORGOT_PASSWORD_PATH} block size="large">
          {t('forgot.requestNew')}
        </ButtonLink>
      </AuthShell>
    );
  }

  if (linkCheck.isPending) {
    return (
      <AuthShell title={t('forgot.resetTitle')} footer={footer}>
        <div className="cirrus-auth-checking" role="status">
          <Spin />
          <span>{t('forgot.checking')}</span>
        </div>
      </AuthShell>
    );
  }

  // Any other failure of the check (network, server) leaves the form: the reset itself will tell.
  return (
    <AuthShell title={t('forgot.resetTitle')} footer={footer}>
      <Form
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={({ new_password }) =>
          reset.mutate(
            { token, new_password: new_password.trim() },
            {
              onSuccess: () => setDone(true),
              onError: (error) => {
                if (error instanceof ApiError && error.result === 'PasswordWeak')
                  form.setFields([
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
        <PasswordFields />
        <Button type="primary" htmlType="submit" block loading={reset.isPending}>
          {t('forgot.reset')}
        </Button>
      </Form>
    </AuthShell>
  );
}
