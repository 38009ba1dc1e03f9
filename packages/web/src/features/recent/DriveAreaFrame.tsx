import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { SpaceList } from '../drive/SpaceList';
import { SpacesLayout, SpacesToggle, useSpacesDrawer } from '../drive/spaces-pane';
import { DRIVE_NARROW_QUERY, useMediaQuery } from '../drive/useMediaQuery';
import '../drive/drive.css';
import './drive-areas.css';

interface DriveAreaFrameProps {
  title: string;
  /** Beside the title: a back link, the team's name ... */
  heading?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of the drive's other areas (recent, starred, recycle bins, a team's activity): the
 * drive's side list of spaces on the left, the area on the right, as on the drive page itself; in
 * a narrow window the area takes the width and the spaces open in a drawer.
 */
export function DriveAreaFrame({ title, heading, children }: DriveAreaFrameProps) {
  useDocumentTitle(title);
  const narrow = useMediaQuery(DRIVE_NARROW_QUERY);
  const spaces = useSpacesDrawer(narrow, useLocation().pathname);
  return (
    <SpacesLayout narrow={narrow} drawer={spaces} list={<SpaceList />}>
      <div className="cirrus-crumbs cirrus-area-heading">
        {narrow && <SpacesToggle open={spaces.open} onClick={spaces.show} />}
        {heading ?? (
          <Typography.Title level={1} className="cirrus-area-heading-title">
            {title}
          </Typography.Title>
        )}
      </div>
      {children}
    </SpacesLayout>
  );
}
