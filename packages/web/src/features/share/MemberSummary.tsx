import type { LinkMembersSummary } from '@cirrus/shared';
import { Avatar, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../components/UserAvatar';

/** "1 person, 2 departments": who a link names. */
export function assignedText(t: TFunction<'translation'>, users: number, depts: number): string {
  return t('share.panel.assigned', {
    people: t('share.panel.assignedPeople', { count: users }),
    depts: t('share.panel.assignedDepts', { count: depts }),
  });
}

/** A shared file's link_members_summary: the first people as avatars (at most 8) and the counts. */
export function MemberSummary({ summary }: { summary: LinkMembersSummary }) {
  const { t } = useTranslation();
  if (summary.total === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  const label = assignedText(t, summary.user, summary.department);
  return (
    <Tooltip title={label}>
      <span className="cirrus-share-summary" role="img" aria-label={label}>
        <Avatar.Group max={{ count: 8 }} size={20}>
          {summary.members.map((m) => (
            <UserAvatar
              key={m.userid}
              user={{ id: m.userid, nick_name: m.name, avatar: m.avatar }}
              size={20}
            />
          ))}
        </Avatar.Group>
        {summary.total > summary.members.length && (
          <Typography.Text type="secondary"> +{summary.total - summary.members.length}</Typography.Text>
        )}
      </span>
    </Tooltip>
  );
}
