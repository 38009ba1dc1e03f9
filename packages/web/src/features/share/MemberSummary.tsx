import type { LinkMembersSummary } from '@cirrus/shared';
import { Avatar, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../components/UserAvatar';

/** "1 person, 2 departments": who a link names; a kind it names none of is left out ("3 people"). */
export function assignedText(t: TFunction<'translation'>, users: number, depts: number): string {
  const people = t('share.panel.assignedPeople', { count: users });
  const departments = t('share.panel.assignedDepts', { count: depts });
  if (depts === 0) return people;
  if (users === 0) return departments;
  return t('share.panel.assigned', { people, depts: departments });
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
