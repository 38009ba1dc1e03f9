import { LockFilled } from '@ant-design/icons';
import type { FileLockInfo } from '@cirrus/shared';
import { useTranslation } from 'react-i18next';
import './FileLockBadge.css';

/** A file's lock in a row of the list: the lock and who holds it (issue 10). */
export function FileLockBadge({ lock, self }: { lock: FileLockInfo; self?: boolean }) {
  const { t } = useTranslation();
  const label = self ? t('locks.badgeSelf') : t('locks.badge', { nick: lock.nick_name });
  return (
    <span className={`cirrus-lock-badge${self ? ' is-self' : ''}`} title={label} data-testid="lock-badge">
      <LockFilled aria-hidden />
      <span>{label}</span>
    </span>
  );
}
