import { DeleteOutlined, HistoryOutlined } from '@ant-design/icons';
import type { GroupRecord } from '@cirrus/shared';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { drivePaths } from '../recent/drive-paths';
import { mayOpenTeamBin } from '../recycle/bin-rules';
import './activity.css';

/**
 * A team space's own views, beside its crumbs: its activity, and its recycle bin for those who
 * may open it (creator, manager, admin: spec 001 §2).
 */
export function TeamSpaceLinks({ team }: { team: Pick<GroupRecord, 'id' | 'user_role'> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Space size={4} className="cirrus-team-links">
      <Button
        type="text"
        size="small"
        icon={<HistoryOutlined aria-hidden />}
        onClick={() => void navigate(drivePaths.teamActivity(team.id))}
      >
        {t('activity.teamLink')}
      </Button>
      {mayOpenTeamBin(team.user_role) && (
        <Button
          type="text"
          size="small"
          icon={<DeleteOutlined aria-hidden />}
          onClick={() => void navigate(drivePaths.teamBin(team.id))}
        >
          {t('activity.teamBinLink')}
        </Button>
      )}
    </Space>
  );
}
