import { formatBadge } from '@cirrus/shared';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConversations } from './queries';

/** The navigation's count of unread messages (99+ from 100); nothing when all are read. */
export function UnreadBadge() {
  const { t } = useTranslation();
  const unread = useConversations().data?.unread ?? 0;
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
