import { ApartmentOutlined, MailOutlined } from '@ant-design/icons';
import { type LinkMember, MEMBER_CHIPS } from '@cirrus/shared';
import { Avatar, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../components/UserAvatar';

/** The people and departments a link names, as chips: at most 8 (spec 002 §2), then "+N". */
export function MemberChips({ members, total }: { members: readonly LinkMember[]; total: number }) {
  const { t } = useTranslation();
  const shown = members.slice(0, MEMBER_CHIPS);
  const rest = Math.max(0, total - shown.length);
  return (
    <ul className="cirrus-share-chips" aria-label={t('share.chips.label')}>
      {shown.map((member) => (
        <li key={member.id}>
          <Tooltip title={member.type === 'department' ? member.path_name || member.name : member.name}>
            <Tag className="cirrus-share-chip" bordered={false}>
              {member.type === 'department' ? (
                <Avatar size={18} icon={<ApartmentOutlined />} />
              ) : member.type === 'address' ? (
                <Avatar size={18} icon={<MailOutlined />} />
              ) : (
                <UserAvatar
                  user={{ id: member.userid, nick_name: member.name, avatar: member.avatar }}
                  size={18}
                />
              )}
              <span className="cirrus-share-chip-name">{member.name}</span>
            </Tag>
          </Tooltip>
        </li>
      ))}
      {rest > 0 && (
        <li>
          <Tag bordered={false}>{t('share.chips.more', { count: rest })}</Tag>
        </li>
      )}
    </ul>
  );
}
