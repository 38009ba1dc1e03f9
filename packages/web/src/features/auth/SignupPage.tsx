import {
  type BindType,
  VERIFICATION_CODE_LENGTH,
  validateEmail,
  validateNickname,
  validatePhone,
} from '@cirrus/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Segmented, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountApi } from '../../api/account';
import { errorMessage } from '../../api/http';
import { LOGIN_PATH, paths } from '../../app/paths';
import { useGoTo } from '../../app/useGoTo';
import { useCountdown } from '../../components/useCountdown';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useLanguage } from '../../i18n';
import { errorTextOf } from '../profile/error-text';
import { useSettings } from '../settings/queries';
import { AuthShell } from './AuthShell';
import { type NewPasswordValues, PasswordFields } from './PasswordFields';
import { useSelfUser, useSignup } from './queries';

interface Values extends NewPasswordValues {
  value: string;
  code: string;
  nick_name?: string;
}

/**
 * /cts/signup: a general user signs up (when allow_signup) with an email or a phone proven by a
 * code, under the standard password rules; the new account is logged in at once.
 */
export function SignupPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  useDocumentTitle(t('signup.title'));
  const settings = useSettings();
  const self = useSelfUser();
  const goTo = useGoTo();
  const [type, setType] = useState<BindType>('email');
  const [form] = Form.useForm<Values>();
  const sendCode = useMutation({ mutationFn: (value: string) => accountApi.signupCode(type, value) });
  const [resendAt, setResendAt] = useState<number | null>(null);
  const wait = useCountdown(resendAt);
  const signup = useSignup();

  useEffect(() => {
    if (self.data) goTo(paths.drive);
  }, [self.data, goTo]);

  const valueError = (value: string) => {
    const key =
      type === 'email'
        ? validateEmail(value)
        : validatePhone(value, { privatization: settings.IS_PRIVATIZATION });
    return key ? errorTextOf(key, language, { privatization: settings.IS_PRIVATIZATION }) : undefined;
  };

  const requestCode = async () => {
    const { value } = await form.validateFields(['value']);
    sendCode.mutate(value.trim(), {
      onSuccess: (sent) => setResendAt(Date.now() + sent.resend_in * 1000),
    });
  };

  const footer = (
    <Link to={LOGIN_PATH} className="cirrus-login-more">
      {t('signup.haveAccount')}
    </Link>
  );
  const error = signup.error ?? sendCode.error;

  return (
    <AuthShell title={t('signup.title')} footer={footer}>
      {!settings.allow_signup ? (
        <Alert type="warning" showIcon title={errorTextOf('signupDisabled', language)} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          size="large"
          requiredMark={false}
          onFinish={(values) =>
            signup.mutate({
              type,
              value: values.value.trim(),
              code: values.code.trim(),
              password: values.new_password.trim(),
              nick_name: values.nick_name?.trim() || undefined,
            })
          }
        >
          <Segmented
            block
            value={type}
            onChange={(next) => {
              setType(next as BindType);
              form.resetFields(['value', 'code']);
              setResendAt(null);
              sendCode.reset();
            }}
            options={[
              { value: 'email', label: t('signup.byEmail') },
              { value: 'phone', label: t('signup.byPhone') },
            ]}
            className="cirrus-login-error"
          />
          {error && (
            <Alert
              className="cirrus-login-error"
              type="error"
              showIcon
              title={errorMessage(error, language)}
            />
          )}
          {sendCode.isSuccess && !error && (
            <Alert
              className="cirrus-login-error"
              type="success"
              showIcon
              title={t('signup.codeSent', { value: sendCode.data.value })}
            />
          )}
          <Form.Item
            name="value"
            label={type === 'email' ? t('signup.email') : t('signup.phone')}
            rules={[
              { required: true, whitespace: true, message: t('signup.valueRequired') },
              {
                validator: async (_, value: string | undefined) => {
                  const message = value ? valueError(value.trim()) : undefined;
                  if (message) throw new Error(message);
                },
              },
            ]}
          >
            <Input autoComplete={type === 'email' ? 'email' : 'tel'} autoFocus />
          </Form.Item>
          <Form.Item label={t('signup.code')} required>
            <Space.Compact block>
              <Form.Item
                name="code"
                noStyle
                rules={[{ required: true, whitespace: true, message: t('signup.codeRequired') }]}
              >
                <Input
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={VERIFICATION_CODE_LENGTH}
                />
              </Form.Item>
              <Button
                onClick={() => void requestCode().catch(() => {})}
                loading={sendCode.isPending}
                disabled={wait > 0}
              >
                {wait > 0 ? t('signup.resendIn', { seconds: wait }) : t('signup.sendCode')}
              </Button>
            </Space.Compact>
          </Form.Item>
          <Form.Item
            name="nick_name"
            label={t('signup.nickname')}
            rules={[
              {
                validator: async (_, value: string | undefined) => {
                  if (value?.trim() && validateNickname(value))
                    throw new Error(errorTextOf('InvalidNickname', language));
                },
              },
            ]}
          >
            <Input autoComplete="name" />
          </Form.Item>
          <PasswordFields mode="standard" />
          <Button type="primary" htmlType="submit" block loading={signup.isPending}>
            {t('signup.submit')}
          </Button>
        </Form>
      )}
    </AuthShell>
  );
}
