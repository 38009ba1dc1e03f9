import { canSeeTeamSettings, errorText } from '@cirrus/shared';
import { App, Skeleton, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { GuardedModal } from '../../components/GuardedModal';
import { useLanguage } from '../../i18n';
import { useTeam } from './queries';
import { TeamInfoTab } from './TeamInfoTab';
import { TeamMembersTab } from './TeamMembersTab';
import { TeamSettingsTab } from './TeamSettingsTab';
import './teams.css';

export type TeamTab = 'info' | 'members' | 'settings';

interface TeamDetailsDialogProps {
  groupId: number;
  open: boolean;
  onClose: () => void;
  initialTab?: TeamTab;
}

/**
 * The team details dialog (spec 000 §2): team info, team members, team settings. A team that does
 * not load shows the team-does-not-exist message and the dialog closes (spec 000 §4).
 */
export function TeamDetailsDialog({ groupId, open, onClose, initialTab = 'info' }: TeamDetailsDialogProps) {
  const { t } = useTranslation('teams');
  const language = useLanguage();
  const { message } = App.useApp();
  const team = useTeam(open ? groupId : undefined);
  const [tab, setTab] = useState<TeamTab>(initialTab);

  useEffect(() => {
    if (!team.isError) return;
    if (!(team.error instanceof ApiError && team.error.handled))
      void message.error(errorText('groupNotExist', language));
    onClose();
  }, [team.isError, team.error, message, language, onClose]);

  const data = team.data;
  const items = data
    ? [
        { key: 'info', label: t('details.tabInfo'), children: <TeamInfoTab team={data} /> },
        { key: 'members', label: t('details.tabMembers'), children: <TeamMembersTab team={data} /> },
        ...(canSeeTeamSettings(data.self_member.team_role, data.type)
          ? [
              {
                key: 'settings',
                label: t('details.tabSettings'),
                children: <TeamSettingsTab team={data} onLeft={onClose} />,
              },
            ]
          : []),
      ]
    : [];
  return (
    <GuardedModal
      open={open && !team.isError}
      onCancel={onClose}
      footer={null}
      width={640}
      title={data ? data.name : t('details.title')}
      className="cirrus-team-dialog"
    >
      {data ? (
        <Tabs activeKey={tab} onChange={(key) => setTab(key as TeamTab)} items={items} />
      ) : (
        <Skeleton active avatar paragraph={{ rows: 5 }} />
      )}
    </GuardedModal>
  );
}
