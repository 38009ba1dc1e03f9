import { type BindType, type CodeSent, VERIFICATION_CODE_LENGTH } from '@cirrus/shared';
import { Alert, Button, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/http';
import { FocusedInput } from '../../components/FocusedInput';
import { GuardedModal } from '../../components/GuardedModal';
import { useCountdown } from '../../components/useCountdown';
import { useNotify } from '../../components/useNotify';
import { useLanguage } from '../../i18n';
import { useRequestBindCode, useUpdateSelf } from './queries';

interface BindCodeDialogProps {
  /** The code that was just sent; null when the dialog is closed. */
  sent: (CodeSent & { sentAt: number }) | null;
  onClose: () => void;
}

const FIELD: Record<BindType, 'email' | 'phone_number'> = { email: 'email', phone: 'phone_number' };

/**
 * Binding a changed email or phone (issue "Binding an email or phone"): the code went to the new
 * address; entering it binds the address. Wrong or expired -> InvalidBindCode, shown here.
 */
export function BindCodeDialog({ sent, onClose }: BindCodeDialogProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const [form] = Form.useForm<{ code: string }>();
  const update = useUpdateSelf();
  const resend = useRequestBindCode();
  const [resentAt, setResentAt] = useState<number | null>(null);
  const canResendAt = sent ? (resentAt ?? sent.sentAt) + sent.resend_in * 1000 : null;
  const wait = useCountdown(canResendAt);
  const type = sent ? t(`bind.${sent.type}`) : '';

  const submit = ({ code }: { code: string }) => {
    if (!sent) return;
    update.mutate(
      { [FIELD[sent.type]]: sent.value, code: code.trim() },
      {
        onSuccess: () => {
          notify.success(t('bind.success', { type }));
          onClose();
        },
      },
    );
  };

  const error = update.error ?? resend.error;
  return (
    <GuardedModal
      open={sent !== null}
      onCancel={onClose}
      title={t('bind.title', { type })}
      okText={t('bind.submit')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      confirmLoading={update.isPending}
      width={440}
    >
      {sent && (
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Typography.Paragraph>{t('bind.sent', { value: sent.value })}</Typography.Paragraph>
          {error && (
            <Alert
              type="error"
              showIcon
              title={errorMessage(error, language)}
              className="cirrus-profile-alert"
            />
          )}
          <Form.Item
            name="code"
            label={t('bind.code')}
            rules={[{ required: true, whitespace: true, message: t('bind.codeRequired') }]}
          >
            <FocusedInput
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={VERIFICATION_CODE_LENGTH}
              onPressEnter={() => form.submit()}
            />
          </Form.Item>
          <Button
            type="link"
            size="small"
            className="cirrus-profile-resend"
            disabled={wait > 0 || resend.isPending}
            onClick={() =>
              resend.mutate(
                { type: sent.type, value: sent.value },
                { onSuccess: () => setResentAt(Date.now()) },
              )
            }
          >
            {wait > 0 ? t('bind.resendIn', { seconds: wait }) : t('bind.resend')}
          </Button>
        </Form>
      )}
    </GuardedModal>
  );
}
