import { Input, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedModal } from '../../components/GuardedModal';

interface ConfirmProps {
  open: boolean;
  title: ReactNode;
  text?: ReactNode;
  okText: string;
  danger?: boolean;
  loading?: boolean;
  /** Asks for a text (a reason, a note) besides the yes. */
  input?: { label: string; required?: boolean; maxLength?: number };
  onOk: (text: string) => void;
  onCancel: () => void;
}

/** The console's confirmation: every change that ends sessions, blocks or cannot be undone asks first. */
export function ConfirmDialog({
  open,
  title,
  text,
  okText,
  danger,
  loading,
  input,
  onOk,
  onCancel,
}: ConfirmProps) {
  const [value, setValue] = useState('');
  useEffect(() => {
    if (open) setValue('');
  }, [open]);
  return (
    <GuardedModal
      open={open}
      title={title}
      okText={okText}
      onOk={() => onOk(value.trim())}
      onCancel={onCancel}
      okButtonProps={{ danger, loading, disabled: input?.required && value.trim() === '' }}
      width={460}
    >
      {text && <Typography.Paragraph>{text}</Typography.Paragraph>}
      {input && (
        <div className="admin-field">
          <label htmlFor="console-dialog-text">{input.label}</label>
          <Input.TextArea
            id="console-dialog-text"
            value={value}
            maxLength={input.maxLength ?? 500}
            autoSize={{ minRows: 2, maxRows: 5 }}
            onChange={(e) => setValue(e.target.value)}
          />
        </div>
      )}
    </GuardedModal>
  );
}

/** A temporary password, shown this once with a copy button. */
export function TemporaryPasswordDialog({
  open,
  name,
  password,
  onClose,
}: {
  open: boolean;
  name: string;
  password: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <GuardedModal
      open={open}
      title={t('admin.people.tempTitle')}
      onCancel={onClose}
      onOk={onClose}
      okText={t('common.ok')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={460}
    >
      <Typography.Paragraph>{t('admin.people.tempText', { name })}</Typography.Paragraph>
      <Typography.Paragraph
        className="admin-temp-password"
        copyable={{ text: password }}
        data-testid="temporary-password"
      >
        {password}
      </Typography.Paragraph>
    </GuardedModal>
  );
}
