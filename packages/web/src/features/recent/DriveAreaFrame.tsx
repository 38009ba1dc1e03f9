import { SPLIT_PANE_DEFAULT } from '@cirrus/shared';
import { Splitter, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { SpaceList } from '../drive/SpaceList';
import '../drive/drive.css';
import './drive-areas.css';

// The drive page keeps the side list's width under this key (features/drive/DrivePage.tsx).
const PANE_WIDTH_KEY = 'cirrus.drive.spacesWidth';
const PANE_MIN = 180;
const PANE_MAX = 480;

function savedPaneWidth(): number {
  try {
    const width = Number(window.localStorage.getItem(PANE_WIDTH_KEY));
    if (width >= PANE_MIN && width <= PANE_MAX) return width;
  } catch {
    // storage blocked
  }
  return SPLIT_PANE_DEFAULT;
}

function savePaneWidth(sizes: number[]): void {
  try {
    window.localStorage.setItem(PANE_WIDTH_KEY, String(Math.round(sizes[0])));
  } catch {
    // not remembered
  }
}

interface DriveAreaFrameProps {
  title: string;
  /** Beside the title: a back link, the team's name ... */
  heading?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of the drive's other areas (recent, starred, recycle bins, a team's activity): the
 * drive's side list of spaces on the left, the area on the right, as on the drive page itself.
 */
export function DriveAreaFrame({ title, heading, children }: DriveAreaFrameProps) {
  useDocumentTitle(title);
  return (
    <Splitter className="cirrus-drive" onResizeEnd={savePaneWidth}>
      <Splitter.Panel defaultSize={savedPaneWidth()} min={PANE_MIN} max={PANE_MAX} collapsible>
        <SpaceList />
      </Splitter.Panel>
      <Splitter.Panel className="cirrus-drive-main">
        <div className="cirrus-crumbs cirrus-area-heading">
          {heading ?? (
            <Typography.Title level={4} className="cirrus-area-heading-title">
              {title}
            </Typography.Title>
          )}
        </div>
        {children}
      </Splitter.Panel>
    </Splitter>
  );
}
