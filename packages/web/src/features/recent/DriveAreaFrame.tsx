import { Splitter, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { SpaceList } from '../drive/SpaceList';
import {
  PANE_MAX,
  PANE_MIN,
  SpacesDrawer,
  SpacesToggle,
  savedPaneWidth,
  savePaneWidth,
  useSpacesDrawer,
} from '../drive/spaces-pane';
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
  const [paneWidth, setPaneWidth] = useState(savedPaneWidth);
  return (
    <>
      <Splitter
        className={`cirrus-drive${narrow ? ' is-narrow' : ''}`}
        onResize={(sizes) => !narrow && setPaneWidth(sizes[0])}
        onResizeEnd={(sizes) => !narrow && savePaneWidth(sizes)}
      >
        <Splitter.Panel
          size={narrow ? 0 : paneWidth}
          min={narrow ? 0 : PANE_MIN}
          max={PANE_MAX}
          resizable={!narrow}
          collapsible={!narrow}
        >
          {!narrow && <SpaceList />}
        </Splitter.Panel>
        <Splitter.Panel className="cirrus-drive-main">
          <div className="cirrus-crumbs cirrus-area-heading">
            {narrow && <SpacesToggle open={spaces.open} onClick={spaces.show} />}
            {heading ?? (
              <Typography.Title level={4} className="cirrus-area-heading-title">
                {title}
              </Typography.Title>
            )}
          </div>
          {children}
        </Splitter.Panel>
      </Splitter>
      {narrow && (
        <SpacesDrawer open={spaces.open} onClose={spaces.close}>
          <SpaceList />
        </SpacesDrawer>
      )}
    </>
  );
}
