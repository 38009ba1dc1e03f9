import { BellOutlined } from '@ant-design/icons';
import { formatBadge, formatRelativeTime, type Notice, toMillis } from '@cirrus/shared';
import { Badge, Button, Empty, Popover, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { useNow } from '../../components/useNow';
import { useLanguage } from '../../i18n';
import { linkPreviewPath } from '../preview/paths';
import { useMarkNoticesRead, useNotices } from './queries';
import './teams.css';

/** Where a notice leads: approvals to the approve page, team notices to the team's drive, a share to its link. */
function targetOf(notice: Notice): string {
  if (notice.kind === 'link_shared' && notice.params.sid) return linkPreviewPath(notice.params.sid);
  if (notice.kind.startsWith('approval_') && !notice.params.group_id) return `${paths.drive}/approve`;
  if (notice.params.group_id) return `${paths.drive}/group/${notice.params.group_id}`;
  return `${paths.drive}/approve`;
}

/** The notices in the top bar (GET /xnc/v1/notices): a badge with the unread count (99+ from 100). */
export function NoticeBell() {
  const { t } = useTranslation('teams');
  const language = useLanguage();
  const now = useNow();
  const navigate = useNavigate();
  const notices = useNotices();
  const markRead = useMarkNoticesRead();
  const [open, setOpen] = useState(false);
  const unread = notices.data?.unread ?? 0;

  const text = (n: Notice) =>
    t(`notices.kinds.${n.kind}`, {
      group: n.params.group_name ?? '',
      actor: n.params.actor_name ?? '',
      reason: n.params.reason ?? '',
      file: n.params.file_name ?? '',
    });

  const content = (
    <div className="cirrus-notices">
      {notices.isPending ? (
        <Spin />
      ) : (notices.data?.notices.length ?? 0) === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notices.empty')} />
      ) : (
        <ul>
          {notices.data?.notices.map((n) => (
            <li key={n.id} className={n.read ? '' : 'is-unread'}>
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  if (!n.read) markRead.mutate([n.id]);
                  void navigate(targetOf(n));
                }}
              >
                <span className="cirrus-notice-text">{text(n)}</span>
                <Typography.Text type="secondary" className="cirrus-notice-time">
                  {formatRelativeTime(toMillis(n.created_at), now, language)}
                </Typography.Text>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      // A phone is narrower than the list: it moves in from the edge rather than off it.
      align={{ overflow: { adjustY: 1, shiftX: 8 } }}
      title={
        <div className="cirrus-notices-title">
          <span>{t('notices.title')}</span>
          {unread > 0 && (
            <Button type="link" size="small" onClick={() => markRead.mutate(undefined)}>
              {t('notices.markAll')}
            </Button>
          )}
        </div>
      }
      content={content}
    >
      <Badge count={unread > 0 ? formatBadge(unread) : 0} size="small" offset={[-4, 4]}>
        <Button type="text" icon={<BellOutlined />} aria-label={t('notices.label', { count: unread })} />
      </Badge>
    </Popover>
  );
}
