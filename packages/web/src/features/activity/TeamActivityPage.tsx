import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../app/NotFoundPage';
import { HoverTooltip } from '../../components/HoverTooltip';
import { drivePath, parseId } from '../drive/location';
import { useGroup } from '../drive/queries';
import { DriveAreaFrame } from '../recent/DriveAreaFrame';
import { EventList } from './EventList';
import './activity.css';

/**
 * A team's activity (GET /api/v3/groups/{id}/events, 50 a page): what members did to the files
 * they may see. Without a team id, the activity of all the user's spaces (GET /api/v3/events).
 */
export function TeamActivityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const gid = parseId(useParams().gid);
  const team = useGroup(gid);
  if (gid === undefined) return <NotFoundPage />;
  const title = t('activity.teamTitle', { name: team.data?.name ?? '' });
  return (
    <DriveAreaFrame
      title={title}
      heading={
        <Space size={4}>
          <HoverTooltip title={t('activity.backToTeam')}>
            <Button
              type="text"
              icon={<ArrowLeftOutlined aria-hidden />}
              aria-label={t('activity.backToTeam')}
              onClick={() => void navigate(drivePath({ area: 'team', gid, folderId: 0 }))}
            />
          </HoverTooltip>
          <Typography.Title level={1} className="cirrus-area-heading-title">
            {title}
          </Typography.Title>
        </Space>
      }
    >
      <div className="cirrus-area-scroll">
        <div className="cirrus-activity-page">
          <EventList key={gid} scope={{ kind: 'team', gid }} />
        </div>
      </div>
    </DriveAreaFrame>
  );
}

/** /drive/activity: the activity of all the user's spaces. */
export function MyActivityPage() {
  const { t } = useTranslation();
  return (
    <DriveAreaFrame title={t('activity.mineTitle')}>
      <div className="cirrus-area-scroll">
        <div className="cirrus-activity-page">
          <EventList scope={{ kind: 'mine' }} />
        </div>
      </div>
    </DriveAreaFrame>
  );
}
