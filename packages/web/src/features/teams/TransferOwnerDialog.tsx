import { TEAM_ROLE, type TeamMember, type TeamRecord } from '@cirrus/shared';
import { Empty, Spin, Typography } from 'antd';
import { type UIEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedModal } from '../../components/GuardedModal';
import { UserAvatar } from '../../components/UserAvatar';
import { useTeamMembers } from './queries';

interface TransferOwnerDialogProps {
  team: TeamRecord;
  open: boolean;
  loading: boolean;
  onTransfer: (member: TeamMember) => void;
  onClose: () => void;
}

/**
 * The team transfer dialog (spec 000 §2): a scrolling list of the members but the owner, each with
 * avatar, nickname and role; a click picks one and the title becomes "transfer to {nickname}"; OK
 * stays disabled until someone is picked.
 */
export function TransferOwnerDialog({ team, open, loading, onTransfer, onClose }: TransferOwnerDialogProps) {
  const { t } = useTranslation('teams');
  const members = useTeamMembers(team.id, '');
  const [picked, setPicked] = useState<TeamMember | null>(null);
  const rows = useMemo(
    () =>
      (members.data?.pages ?? [])
        .flatMap((p) => p.members)
        .filter((m) => m.type === 1 && m.team_role !== TEAM_ROLE.owner),
    [members.data],
  );
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (
      el.scrollHeight - el.scrollTop - el.clientHeight < 60 &&
      members.hasNextPage &&
      !members.isFetchingNextPage
    ) {
      void members.fetchNextPage();
    }
  };
  return (
    <GuardedModal
      open={open}
      title={picked ? t('transfer.titleTo', { name: picked.user?.nick_name ?? '' }) : t('transfer.title')}
      onCancel={onClose}
      onOk={() => picked && onTransfer(picked)}
      okText={t('transfer.ok')}
      okButtonProps={{ disabled: !picked, loading, danger: true }}
      width={440}
    >
      <Typography.Paragraph type="secondary">{t('transfer.hint')}</Typography.Paragraph>
      <div
        className="cirrus-transfer-list"
        onScroll={onScroll}
        role="listbox"
        aria-label={t('transfer.title')}
      >
        {members.isPending ? (
          <Spin className="cirrus-picker-spin" />
        ) : rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('transfer.empty')} />
        ) : (
          rows.map((m) => (
            <button
              key={m.id}
              type="button"
              role="option"
              aria-selected={picked?.id === m.id}
              className={`cirrus-transfer-row${picked?.id === m.id ? ' is-picked' : ''}`}
              onClick={() => setPicked(m)}
            >
              <UserAvatar
                user={{ id: m.id, nick_name: m.user?.nick_name ?? '', avatar: m.user?.avatar ?? '' }}
                size={32}
              />
              <span className="cirrus-transfer-name">{m.user?.nick_name}</span>
              <Typography.Text type="secondary">{t(`roles.${m.team_role}`)}</Typography.Text>
            </button>
          ))
        )}
      </div>
    </GuardedModal>
  );
}
