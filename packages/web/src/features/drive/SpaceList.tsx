import { CloudUploadOutlined, HddOutlined, PushpinFilled } from '@ant-design/icons';
import { AUTO_CONVERT_STATE } from '@cirrus/shared';
import { Button, Flex, Skeleton, Tooltip, Typography } from 'antd';
import type { ReactNode, UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { TeamAvatar } from '../../components/TeamAvatar';
import { DriveShortcuts } from '../recent/DriveShortcuts';
import { CreateTeamButton } from '../teams/CreateTeamButton';
import { type DriveLocation, drivePath, type FolderRef } from './location';
import { useSpaceOf, useTeams } from './queries';
import { TeamQuickView } from './TeamQuickView';
import { useFolderDropTarget, useMoveOnDrop } from './useDragMove';

function SpaceItem({
  to,
  active,
  icon,
  label,
  extra,
  root,
  drop,
}: {
  to: string;
  active: boolean;
  icon: ReactNode;
  label: string;
  extra?: ReactNode;
  /** The space's root folder, where rows of the list dropped on it move. */
  root?: FolderRef;
  drop: (to: FolderRef) => void;
}) {
  const navigate = useNavigate();
  const target = useFolderDropTarget(root, drop, () => navigate(to));
  return (
    <li className={`cirrus-space${active ? ' is-active' : ''}${target.over ? ' is-drop-target' : ''}`}>
      <Link
        to={to}
        aria-current={active ? 'page' : undefined}
        className="cirrus-space-link"
        {...target.handlers}
      >
        <span className="cirrus-space-icon">{icon}</span>
        <span className="cirrus-space-name" title={label}>
          {label}
        </span>
      </Link>
      {extra}
    </li>
  );
}

/**
 * The side list of spaces: my drive, the uploaded files, then my teams, loaded 50 at a time
 * (spec 001 §9) as the list scrolls, pinned teams first.
 */
export function SpaceList({ location }: { location?: DriveLocation }) {
  const { t } = useTranslation();
  const teams = useTeams();
  // Rows of the file list dropped on a space move to its root (drag-move.ts).
  const { personal } = useSpaceOf(location);
  const drop = useMoveOnDrop(personal);
  const rootOf = (gid: number | undefined) => (gid === undefined ? undefined : { gid, folderId: 0 });

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (
      el.scrollHeight - el.scrollTop - el.clientHeight < 120 &&
      teams.hasNextPage &&
      !teams.isFetchingNextPage
    ) {
      void teams.fetchNextPage();
    }
  };

  return (
    <nav className="cirrus-spaces" aria-label={t('drive.spaces.label')} onScroll={onScroll}>
      <ul className="cirrus-space-group">
        <SpaceItem
          to={drivePath({ area: 'mine', folderId: 0 })}
          active={location?.area === 'mine'}
          icon={<HddOutlined aria-hidden />}
          label={t('drive.spaces.mine')}
          root={rootOf(personal.mine)}
          drop={drop}
        />
        <SpaceItem
          to={drivePath({ area: 'uploads', folderId: 0 })}
          active={location?.area === 'uploads'}
          icon={<CloudUploadOutlined aria-hidden />}
          label={t('drive.spaces.uploads')}
          root={rootOf(personal.uploads)}
          drop={drop}
        />
      </ul>
      {/* Recent, starred and the recycle bins (features/recent/DriveShortcuts). */}
      <DriveShortcuts />
      <Flex align="center" justify="space-between" style={{ paddingRight: 8 }}>
        <Typography.Text type="secondary" className="cirrus-spaces-heading">
          {t('drive.spaces.teams')}
        </Typography.Text>
        {/* Creating a team (features/teams). */}
        <CreateTeamButton size="small" />
      </Flex>
      {teams.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} className="cirrus-spaces-skeleton" />
      ) : teams.isError ? (
        <Typography.Text type="secondary" className="cirrus-spaces-note">
          {t('drive.spaces.loadFailed')}{' '}
          <Button type="link" size="small" onClick={() => void teams.refetch()}>
            {t('common.retry')}
          </Button>
        </Typography.Text>
      ) : teams.teams.length === 0 ? (
        <Typography.Text type="secondary" className="cirrus-spaces-note">
          {t('drive.spaces.noTeams')}
        </Typography.Text>
      ) : (
        <ul className="cirrus-space-group">
          {teams.teams.map((team) => (
            <SpaceItem
              key={team.id}
              to={drivePath({ area: 'team', gid: team.id, folderId: 0 })}
              active={location?.area === 'team' && location.gid === team.id}
              icon={<TeamAvatar team={team} size={22} />}
              label={team.name}
              // Office documents moved into a secure team become security documents there: the
              // Move to dialog says so before, a drop would not, so such a team takes none.
              root={team.auto_convert_state === AUTO_CONVERT_STATE.off ? rootOf(team.id) : undefined}
              drop={drop}
              extra={
                <span className="cirrus-space-extra">
                  {team.is_top_group && (
                    <Tooltip title={t('drive.spaces.pinned')}>
                      <PushpinFilled className="cirrus-space-pin" aria-label={t('drive.spaces.pinned')} />
                    </Tooltip>
                  )}
                  <TeamQuickView team={team} />
                </span>
              }
            />
          ))}
        </ul>
      )}
      {teams.hasNextPage && (
        <Button
          type="link"
          block
          loading={teams.isFetchingNextPage}
          onClick={() => void teams.fetchNextPage()}
        >
          {t('drive.spaces.loadMore')}
        </Button>
      )}
    </nav>
  );
}
