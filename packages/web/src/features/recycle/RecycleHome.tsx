import { DeleteOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Empty, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { TeamAvatar } from '../../components/TeamAvatar';
import { useTeams } from '../drive/queries';
import { DriveAreaFrame } from '../recent/DriveAreaFrame';
import { drivePaths } from '../recent/drive-paths';
import type { BinLoadFailure } from './bin-rules';
import { mayOpenTeamBin } from './bin-rules';
import './recycle.css';

/** The teams whose bins the user may open (creator, manager, admin), as cards. */
function TeamBins() {
  const { t } = useTranslation();
  const teams = useTeams();
  const mine = teams.teams.filter((team) => mayOpenTeamBin(team.user_role));
  if (teams.isPending) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (teams.isError) {
    return (
      <Typography.Text type="secondary">
        {t('drive.spaces.loadFailed')}{' '}
        <Button type="link" size="small" onClick={() => void teams.refetch()}>
          {t('common.retry')}
        </Button>
      </Typography.Text>
    );
  }
  return (
    <>
      {mine.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('recycle.home.noTeams')} />
      ) : (
        <ul className="cirrus-bin-teams" aria-label={t('recycle.home.teams')}>
          {mine.map((team) => (
            <li key={team.id}>
              <Link to={drivePaths.teamBin(team.id)} className="cirrus-bin-card">
                <TeamAvatar team={team} size={36} />
                <span className="cirrus-bin-card-text">
                  <span className="cirrus-bin-card-title">{team.name}</span>
                  <span className="cirrus-bin-card-sub">{t('recycle.home.teamBin')}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {teams.hasNextPage && (
        <Button type="link" loading={teams.isFetchingNextPage} onClick={() => void teams.fetchNextPage()}>
          {t('drive.spaces.loadMore')}
        </Button>
      )}
    </>
  );
}

/**
 * The recycle area (spec 001 §2): /drive/recycle shows my bin and the team bins the user may open;
 * /drive/recycle/group only the team bins. A bin that failed to load comes back here (spec 001
 * §8); without an answer from the server the area shows a server-error placeholder.
 */
export function RecycleHome({ section }: { section: 'all' | 'teams' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const failure = (useLocation().state as { binFailure?: BinLoadFailure } | null)?.binFailure;
  const title = section === 'teams' ? t('recycle.home.teams') : t('recycle.title');

  return (
    <DriveAreaFrame title={title}>
      <div className="cirrus-area-scroll">
        {failure === 'serverBusy' ? (
          <Result
            status="500"
            title={t('recycle.home.serverError')}
            subTitle={t('recycle.home.serverErrorText')}
            extra={
              <Button type="primary" onClick={() => void navigate(drivePaths.myBin)}>
                {t('common.retry')}
              </Button>
            }
          />
        ) : (
          <div className="cirrus-bin-home">
            {section === 'all' && (
              <Link to={drivePaths.myBin} className="cirrus-bin-card">
                <span className="cirrus-bin-card-icon">
                  <DeleteOutlined aria-hidden />
                </span>
                <span className="cirrus-bin-card-text">
                  <span className="cirrus-bin-card-title">{t('recycle.myBin')}</span>
                  <span className="cirrus-bin-card-sub">{t('recycle.home.myBinText')}</span>
                </span>
                <RightOutlined aria-hidden style={{ marginLeft: 'auto', color: 'var(--cirrus-muted)' }} />
              </Link>
            )}
            {section === 'all' && (
              <Typography.Title level={2} className="cirrus-bin-section-title">
                <Link to={drivePaths.teamBins}>{t('recycle.home.teams')}</Link>
              </Typography.Title>
            )}
            <Typography.Text type="secondary">{t('recycle.home.teamsText')}</Typography.Text>
            <TeamBins />
          </div>
        )}
      </div>
    </DriveAreaFrame>
  );
}
