/** How the drive shows a folder (a list of rows, or a grid of tiles), kept in this browser. */

export type DriveView = 'list' | 'grid';

const VIEW_KEY = 'cirrus.drive.view';

export function readView(): DriveView {
  try {
    return window.localStorage.getItem(VIEW_KEY) === 'grid' ? 'grid' : 'list';
  } catch {
    return 'list'; // storage blocked
  }
}

export function saveView(view: DriveView): void {
  try {
    window.localStorage.setItem(VIEW_KEY, view);
  } catch {
    // not remembered
  }
}
