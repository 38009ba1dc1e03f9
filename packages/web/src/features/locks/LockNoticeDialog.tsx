import { LockOutlined } from '@ant-design/icons';
import type { FileLockInfo } from '@cirrus/shared';
import { Button, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { GuardedModal } from '../../components/GuardedModal';

/** When a lock ends, as people say it: the time today, else the date and time. */
export function lockEnd(lock: FileLockInfo, now = Date.now()): string {
  const end = dayjs(lock.expires_at * 1000);
  return end.isSame(dayjs(now), 'day') ? end.format('HH:mm') : end.format('YYYY-MM-DD HH:mm');
}

/**
 * The file-lock notice (spec 001 §2 "file-lock notice"; §4: rename is blocked with it while the
 * file is locked): who holds the lock, until when, and that only they may change the file.
 */
export function LockNoticeDialog({
  open,
  onClose,
  name,
  lock,
}: {
  open: boolean;
  onClose: () => void;
  name: string;
  lock: FileLockInfo;
}) {
  const { t } = useTranslation();
  const params = { name, nick: lock.nick_name, time: lockEnd(lock) };
  return (
    <GuardedModal
      open={open}
      onCancel={onClose}
      title={
        <span>
          <LockOutlined /> {t('locks.noticeTitle')}
        </span>
      }
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common.ok')}
        </Button>
      }
    >
      <Typography.Paragraph>{t('locks.noticeText', params)}</Typography.Paragraph>
      <Typography.Text type="secondary">{t('locks.noticeHint', params)}</Typography.Text>
    </GuardedModal>
  );
}
