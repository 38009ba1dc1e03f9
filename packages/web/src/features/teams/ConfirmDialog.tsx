import type { ReactNode } from 'react';
import { GuardedModal } from '../../components/GuardedModal';

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  okText: string;
  danger?: boolean;
  loading?: boolean;
  okDisabled?: boolean;
  onOk: () => void;
  onCancel: () => void;
}

/** A yes/no question on the app's guarded dialog (exit, transfer, enable auto-convert ...). */
export function ConfirmDialog({
  open,
  title,
  children,
  okText,
  danger,
  loading,
  okDisabled,
  onOk,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <GuardedModal
      open={open}
      title={title}
      onOk={onOk}
      onCancel={onCancel}
      okText={okText}
      okButtonProps={{ danger, loading, disabled: okDisabled }}
      width={440}
    >
      {children}
    </GuardedModal>
  );
}
