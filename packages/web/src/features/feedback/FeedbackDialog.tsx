import { FEEDBACK_MAX } from '@cirrus/shared';
import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FocusedTextArea } from '../../components/FocusedInput';
import { GuardedModal } from '../../components/GuardedModal';
import { useNotify } from '../../components/useNotify';
import { useSendFeedback } from './queries';

/** The server's limit on feedback text (its FeedbackBody schema). */

interface FeedbackDialogProps {
  open: boolean;
  onClose: () => void;
}

export function FeedbackDialog({ open, onClose }: FeedbackDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm<{ content: string }>();
  const sendFeedback = useSendFeedback();

  const submit = ({ content }: { content: string }) => {
    sendFeedback.mutate(content.trim(), {
      onSuccess: () => {
        notify.success(t('feedback.success'));
        form.resetFields(); // a cancelled draft is kept for next time, a sent one is not
        onClose();
      },
      onError: (error) => notify.error(error),
    });
  };

  return (
    <GuardedModal
      open={open}
      onCancel={onClose}
      title={t('feedback.title')}
      okText={t('feedback.submit')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      confirmLoading={sendFeedback.isPending}
    >
      <Typography.Paragraph type="secondary">{t('feedback.intro')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="content"
          label={t('feedback.placeholder')}
          rules={[{ required: true, whitespace: true, message: t('feedback.required') }]}
        >
          <FocusedTextArea
            rows={6}
            maxLength={FEEDBACK_MAX}
            showCount
            placeholder={t('feedback.placeholder')}
          />
        </Form.Item>
      </Form>
    </GuardedModal>
  );
}
