import { DeleteOutlined, HistoryOutlined } from '@ant-design/icons';
import type { GroupRecord } from '@cirrus/shared';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HoverTooltip } from '../../components/HoverTooltip';
import { drivePaths } from '../recent/drive-paths';
import { mayOpenTeamBin } from '../recycle/bin-rules';
import './activity.css';

/**
 * A team space's own views, beside its crumbs: its activity, and its recycle bin for those who
 * may open it (creator, manager, admin: spec 001 §2). `iconsOnly` (a narrow window): the labels
 * move into tooltips.
 */
export function TeamSpaceLinks({
  team,
  iconsOnly = false,
}: {
  team: Pick<GroupRecord, 'id' | 'user_role'>;
  iconsOnly?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const link = (label: string, icon: ReactNode, to: string) => (
    <HoverTooltip title={iconsOnly ? label : undefined}>
      <Button
        type="text"
        size="small"
        icon={icon}
        aria-label={iconsOnly ? label : undefined}
        onClick={() => void navigate(to)}
      >
        {iconsOnly ? null : label}
      </Button>
    </HoverTooltip>
  );
  return (
    <Space size={4} className="cirrus-team-links">
      {link(t('activity.teamLink'), <HistoryOutlined aria-hidden />, drivePaths.teamActivity(team.id))}
      {mayOpenTeamBin(team.user_role) &&
        link(t('activity.teamBinLink'), <DeleteOutlined aria-hidden />, drivePaths.teamBin(team.id))}
    </Space>
  );
}
