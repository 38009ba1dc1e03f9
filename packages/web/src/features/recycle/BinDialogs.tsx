import type { RecycleRecord } from '@cirrus/shared';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GuardedModal } from '../../components/GuardedModal';

interface BinDialogProps {
  open: boolean;
  items: readonly RecycleRecord[];
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The recover-from-recycle dialog (spec 001 §2): where the items go back to. */
export function RecoverDialog({ open, items, pending, onConfirm, onClose }: BinDialogProps) {
  const { t } = useTranslation();
  return (
    <GuardedModal
      open={open}
      title={t('recycle.recover.title')}
      onCancel={onClose}
      onOk={onConfirm}
      okText={t('recycle.recover.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={pending}
    >
      <Typography.Paragraph strong>
        {items.length === 1
          ? t('recycle.recover.one', { name: items[0].fname })
          : t('recycle.recover.many', { count: items.length })}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('recycle.recover.text')}</Typography.Paragraph>
    </GuardedModal>
  );
}

/** Permanent delete: asks, because nothing brings the items back. */
export function PurgeDialog({ open, items, pending, onConfirm, onClose }: BinDialogProps) {
  const { t } = useTranslation();
  return (
    <GuardedModal
      open={open}
      title={t('recycle.purge.title')}
      onCancel={onClose}
      onOk={onConfirm}
      okText={t('recycle.purge.confirm')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={pending}
    >
      <Typography.Paragraph strong>
        {items.length === 1
          ? t('recycle.purge.one', { name: items[0].fname })
          : t('recycle.purge.many', { count: items.length })}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('recycle.purge.text')}</Typography.Paragraph>
    </GuardedModal>
  );
}

/** Empty the bin (spec 001 §4 "clean recycle"). */
export function EmptyBinDialog({
  open,
  total,
  pending,
  onConfirm,
  onClose,
}: Omit<BinDialogProps, 'items'> & { total: number }) {
  const { t } = useTranslation();
  return (
    <GuardedModal
      open={open}
      title={t('recycle.empty.title')}
      onCancel={onClose}
      onOk={onConfirm}
      okText={t('recycle.empty.confirm')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={pending}
    >
      <Typography.Paragraph strong>{t('recycle.empty.question', { count: total })}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('recycle.purge.text')}</Typography.Paragraph>
    </GuardedModal>
  );
}
