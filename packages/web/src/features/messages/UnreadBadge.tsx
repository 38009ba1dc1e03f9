import { formatBadge } from '@cirrus/shared';
import { Badge } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConversations } from './queries';

/**
 * The badge asks only once the first screen has had its turn: asked at once, its answer competed
 * with the folder's first page on the server and in the browser (bench W8: about 10 % slower).
 */
const BADGE_DELAY_MS = 1500;

/** The navigation's count of unread messages (99+ from 100); nothing when all are read. */
export function UnreadBadge() {
  const { t } = useTranslation();
  const [due, setDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDue(true), BADGE_DELAY_MS);
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
