import { formatDate } from '@cirrus/shared';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Descriptions, Flex, Result, Skeleton, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { directoryApi } from '../api/directory';
import { errorMessage } from '../api/http';
import { useLanguage } from '../i18n';
import { GuardedModal } from './GuardedModal';
import { TeamAvatar } from './TeamAvatar';
import { UserAvatar } from './UserAvatar';

/** A team's or chat's profile, as the contact picker opens it in a nested dialog (spec 000 §2). */
export function GroupProfileDialog({
  groupId,
  open,
  onClose,
}: {
  groupId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('teams');
  const language = useLanguage();
  const group = useQuery({
    queryKey: ['teams', 'team', groupId, 'profile'],
    queryFn: () => directoryApi.group(groupId),
    enabled: open,
    retry: false,
  });
  let body: ReactNode;
  if (group.isPending) body = <Skeleton avatar active />;
  else if (group.isError) body = <Result status="warning" title={errorMessage(group.error, language)} />;
  else {
    const team = group.data;
    body = (
      <>
        <Flex align="center" gap={12} className="cirrus-group-profile-head">
          <TeamAvatar team={team} size={48} />
          <div>
            <Typography.Title level={2} className="cirrus-group-profile-name">
              {team.name}
            </Typography.Title>
            <Typography.Text type="secondary">{t(`types.${team.type}`)}</Typography.Text>
          </div>
        </Flex>
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'owner', label: t('info.owner'), children: team.owner_user?.nick_name ?? '--' },
            { key: 'members', label: t('info.members'), children: team.member_count },
            { key: 'created', label: t('info.created'), children: formatDate(team.created_at) },
            { key: 'notice', label: t('info.notice'), children: team.notice || '--' },
          ]}
        />
        <Avatar.Group>
          {team.recent_members.map((m) => (
            <Tooltip key={m.id} title={m.nick_name}>
              <span>
                <UserAvatar user={m} size={28} />
              </span>
            </Tooltip>
          ))}
        </Avatar.Group>
      </>
    );
  }
  return (
    <GuardedModal open={open} onCancel={onClose} footer={null} title={t('picker.groupProfile')} width={420}>
      {body}
    </GuardedModal>
  );
}
