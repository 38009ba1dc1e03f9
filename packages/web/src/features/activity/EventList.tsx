import { type FileEventRecord, formatRelativeTime, toMillis } from '@cirrus/shared';
import { Button, Empty, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/http';
import { UserAvatar } from '../../components/UserAvatar';
import { useNow } from '../../components/useNow';
import { useLanguage } from '../../i18n';
import { eventText } from './event-text';
import { type ActivityScope, useEvents } from './queries';
import './activity.css';

/** One activity entry: who did what to which item, when (and in which space, across spaces). */
function EventRow({ event, scope }: { event: FileEventRecord; scope: ActivityScope['kind'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const now = useNow();
  // A space's activity says "here"; my activity and a file's name the space instead.
  const text = eventText(event, scope === 'team' ? 'space' : 'elsewhere');
  const showSpace = scope === 'mine';
  const who = event.operator.id === 0 ? t('activity.system') : event.operator.name;
  return (
    <li className="cirrus-event" data-event={event.event}>
      <UserAvatar user={{ id: event.operator.id, nick_name: who, avatar: event.operator.avatar }} size={28} />
      <div className="cirrus-event-body">
        <div className="cirrus-event-text">
          <strong>{who}</strong> {t(text.key, text.values)}
        </div>
        <div className="cirrus-event-meta">
          <span title={new Date(toMillis(event.ctime)).toLocaleString()}>
            {formatRelativeTime(toMillis(event.ctime), now, language)}
          </span>
          {showSpace && event.group_name && <span>· {event.group_name}</span>}
        </div>
      </div>
    </li>
  );
}

/** An activity view (spec 001 §7 events calls): newest first, more on demand. */
export function EventList({ scope, enabled = true }: { scope: ActivityScope; enabled?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const list = useEvents(scope, enabled);
  if (list.isPending) return <Skeleton active avatar paragraph={{ rows: 4 }} />;
  if (list.isError)
    return (
      <Result
        status="warning"
        title={t('activity.loadFailed')}
        subTitle={errorMessage(list.error, language)}
        extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
      />
    );
  if (list.events.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('activity.empty')} />;
  return (
    <>
      <ol className="cirrus-events" aria-label={t('activity.listLabel')}>
        {list.events.map((event) => (
          <EventRow key={event.id} event={event} scope={scope.kind} />
        ))}
      </ol>
      {list.hasNextPage && (
        <Button block type="link" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {t('lists.loadMore')}
        </Button>
      )}
    </>
  );
}
