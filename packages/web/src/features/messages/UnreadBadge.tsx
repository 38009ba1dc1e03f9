import { formatBadge } from '@cirrus/shared';
import { Badge } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AFTER_FIRST_SCREEN_MS, useConversations } from './queries';

/** The navigation's count of unread messages (99+ from 100); nothing when all are read. */
export function UnreadBadge() {
  const { t } = useTranslation();
  const [due, setDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDue(true), AFTER_FIRST_SCREEN_MS);
    return () => clearTimeout(timer);
  }, []);
  const unread = useConversations(undefined, due).data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <Badge
      className="cirrus-nav-badge"
      count={formatBadge(unread)}
      size="small"
      aria-label={t('message.unread', { count: unread })}
    />
  );
}
