import { Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/http';
import { NotFoundPage } from '../../app/NotFoundPage';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useLanguage } from '../../i18n';
import { TeamSpaceLinks } from '../activity/TeamSpaceLinks';
import { mayOpenTeamBin } from '../recycle/bin-rules';
import { TeamDetailsButton } from '../teams/TeamDetailsButton';
import { DriveBreadcrumb } from './DriveBreadcrumb';
import { FileBrowser } from './FileBrowser';
import { type DriveArea, type DriveLocation, drivePath, locationFromRoute } from './location';
import { useFolderPath, useSpaceOf } from './queries';
import { SpaceList } from './SpaceList';
import { SpacesLayout, SpacesToggle, useSpacesDrawer } from './spaces-pane';
import { DRIVE_NARROW_QUERY, DRIVE_PHONE_QUERY, useMediaQuery } from './useMediaQuery';
import './drive.css';
import { LazyResult } from '../../components/LazyResult';

function DriveView({ location }: { location: DriveLocation }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const { space, personal } = useSpaceOf(location);
  const path = useFolderPath(location.folderId || undefined);
  const spaceName =
    location.area === 'team'
      ? space.data?.name
      : t(location.area === 'uploads' ? 'drive.spaces.uploads' : 'drive.spaces.mine');
  const folderName = location.folderId ? path.data?.path.at(-1)?.fname : spaceName;
  const title = space.isError ? t('drive.list.spaceFailed') : (folderName ?? spaceName ?? t('drive.title'));
  useDocumentTitle(title);
  const narrow = useMediaQuery(DRIVE_NARROW_QUERY);
  const phone = useMediaQuery(DRIVE_PHONE_QUERY);
  const spaces = useSpacesDrawer(narrow, drivePath(location));

  let main: React.ReactNode;
  if (space.isError) {
    main = (
      <LazyResult
        status="warning"
        title={t('drive.list.spaceFailed')}
        subTitle={errorMessage(space.error, language)}
        extra={
          <Button type="primary" onClick={() => void navigate(drivePath({ area: 'mine', folderId: 0 }))}>
            {t('drive.list.backToMine')}
          </Button>
        }
      />
    );
  } else if (!space.data) {
    main = <Spin className="cirrus-drive-spin" />;
  } else {
    main = (
      <FileBrowser
        // A new folder starts with a fresh selection, menu and dialogs.
        key={`${space.data.id}:${location.folderId}`}
        location={location}
        folder={{ gid: space.data.id, folderId: location.folderId }}
        folderName={folderName ?? ''}
        personal={personal}
        recoveredBy={location.area === 'team' && !mayOpenTeamBin(space.data.user_role) ? 'managers' : 'you'}
      />
    );
  }

  const head = (
    <div className="cirrus-drive-head">
      {/* The breadcrumb shows the folder's name; a screen reader finds it as the page's heading. */}
      <h1 className="cirrus-visually-hidden">{title}</h1>
      {narrow && <SpacesToggle open={spaces.open} onClick={spaces.show} />}
      <DriveBreadcrumb
        location={location}
        teamName={location.area === 'team' ? space.data?.name : undefined}
        spaceId={space.data?.id}
        personal={personal}
      />
      {location.area === 'team' && space.data && (
        <div className="cirrus-drive-head-actions">
          {/* A team's activity and recycle bin (features/activity/TeamSpaceLinks). */}
          <TeamSpaceLinks team={space.data} iconsOnly={phone} />
          {/* The team details dialog (features/teams), or the chat dialog for a chat's space. */}
          <TeamDetailsButton
            groupId={space.data.id}
            teamType={Number(space.data.type)}
            withLabel={!phone}
            size="small"
            type="text"
          />
        </div>
      )}
    </div>
  );

  // A narrow window gives the files the whole width; the spaces open over them, in a drawer that
  // closes once one is picked (the address changes).
  return (
    <SpacesLayout narrow={narrow} drawer={spaces} list={<SpaceList location={location} />}>
      {head}
      {main}
    </SpacesLayout>
  );
}

/**
 * The drive (spec 001 §2): my drive, the uploaded files and team spaces, each with its folders.
 * The route says which area; its ids come from the address.
 */
export function DrivePage({ area }: { area: DriveArea }) {
  const params = useParams();
  const location = locationFromRoute(area, params);
  if (!location) return <NotFoundPage />;
  return <DriveView location={location} />;
}
