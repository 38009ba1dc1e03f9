import { Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { linksApi } from '../../api/links';
import { GuardedModal } from '../../components/GuardedModal';
import { useNotify } from '../../components/useNotify';

const REASONS = ['spam', 'porn', 'violence', 'copyright', 'other'] as const;

/** Report a link (spec 001 §7 POST /api/v3/links/{sid}/report): it joins the administrators' review queue. */
export function ReportLinkDialog({
  open,
  sid,
  onClose,
}: {
  open: boolean;
  sid: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [reason, setReason] = useState<(typeof REASONS)[number]>('spam');
  const [detail, setDetail] = useState('');
  const [pending, setPending] = useState(false);

  const send = async () => {
    setPending(true);
    try {
      await linksApi.report(sid, { reason, reason_detail: detail.trim() });
      notify.success(t('share.report.done'));
      setDetail('');
      onClose();
    } catch (error) {
      notify.error(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <GuardedModal
      open={open}
      title={t('share.report.title')}
      onCancel={onClose}
      onOk={() => void send()}
      okText={t('share.report.send')}
      okButtonProps={{ loading: pending, disabled: reason === 'other' && detail.trim() === '' }}
      width={480}
    >
      <Form layout="vertical">
        <Form.Item label={t('share.report.reason')} htmlFor="report-reason">
          <Select
            id="report-reason"
            value={reason}
            onChange={setReason}
            options={REASONS.map((r) => ({ value: r, label: t(`share.report.reasons.${r}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('share.report.detail')} htmlFor="report-detail">
          <Input.TextArea
            id="report-detail"
            value={detail}
            maxLength={2000}
            rows={4}
            onChange={(e) => setDetail(e.target.value)}
          />
        </Form.Item>
      </Form>
    </GuardedModal>
  );
}
