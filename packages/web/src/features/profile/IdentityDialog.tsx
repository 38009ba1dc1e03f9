import { validateIdNumber, validateRealName } from '@cirrus/shared';
import { Alert, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/http';
import { FocusedInput } from '../../components/FocusedInput';
import { GuardedModal } from '../../components/GuardedModal';
import { useNotify } from '../../components/useNotify';
import { useLanguage } from '../../i18n';
import { errorTextOf } from './error-text';
import { useSubmitIdentity } from './queries';

interface Values {
  real_name: string;
  id_number: string;
}

/** Real-name verification (spec 002 §1, §5): a real name and an identity number, for an administrator to review. */
export function IdentityDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const submit = useSubmitIdentity();
  const [form] = Form.useForm<Values>();

  const rule = (check: (value: string) => Parameters<typeof errorTextOf>[0] | undefined) => ({
    validator: async (_: unknown, value: string | undefined) => {
      const error = check(value ?? '');
      if (error) throw new Error(errorTextOf(error, language));
    },
  });

  return (
    <GuardedModal
      open={open}
      onCancel={onClose}
      title={t('identity.title')}
      okText={t('identity.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={submit.isPending}
      onOk={() => form.submit()}
      width={440}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) =>
          submit.mutate(
            { real_name: values.real_name.trim(), id_number: values.id_number.trim() },
            {
              onSuccess: () => {
                notify.success(t('identity.submitted'));
                onClose();
              },
            },
          )
        }
      >
        <Typography.Paragraph type="secondary">{t('identity.intro')}</Typography.Paragraph>
        {submit.error && (
          <Alert
            type="error"
            showIcon
            title={errorMessage(submit.error, language)}
            className="cirrus-profile-alert"
          />
        )}
        <Form.Item name="real_name" label={t('identity.realName')} rules={[rule(validateRealName)]}>
          <FocusedInput autoComplete="name" />
        </Form.Item>
        <Form.Item name="id_number" label={t('identity.idNumber')} rules={[rule(validateIdNumber)]}>
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
    </GuardedModal>
  );
}
