import type { FileRecord } from '@cirrus/shared';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GuardedModal } from '../../components/GuardedModal';

interface DeleteDialogProps {
  open: boolean;
  files: readonly FileRecord[];
  pending: boolean;
  /** Who can recover what is deleted: the user, or only the team's owner and administrators. */
  recoveredBy?: 'you' | 'managers';
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before deleting; deleted items go to the recycle bin. */
export function DeleteDialog({
  open,
  files,
  pending,
  recoveredBy = 'you',
  onConfirm,
  onClose,
}: DeleteDialogProps) {
  const { t } = useTranslation();
  return (
    <GuardedModal
      open={open}
      title={t('drive.delete.title')}
      onCancel={onClose}
      onOk={onConfirm}
      okText={t('drive.delete.confirm')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={pending}
    >
      <Typography.Paragraph strong className="cirrus-delete-question">
        {files.length === 1
          ? t('drive.delete.one', { name: files[0].fname })
          : t('drive.delete.many', { count: files.length })}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {t(recoveredBy === 'managers' ? 'drive.delete.textTeam' : 'drive.delete.text')}
      </Typography.Paragraph>
    </GuardedModal>
  );
}
