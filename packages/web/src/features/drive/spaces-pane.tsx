import { MenuOutlined } from '@ant-design/icons';
import { SPLIT_PANE_DEFAULT } from '@cirrus/shared';
import { Button, Drawer, Splitter } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HoverTooltip } from '../../components/HoverTooltip';

const PANE_WIDTH_KEY = 'cirrus.drive.spacesWidth';
export const PANE_MIN = 180;
export const PANE_MAX = 480;

/** The side list's width: the user's last one, else the spec's 250 (spec 001 §9). */
export function savedPaneWidth(): number {
  try {
    const width = Number(window.localStorage.getItem(PANE_WIDTH_KEY));
    if (width >= PANE_MIN && width <= PANE_MAX) return width;
  } catch {
    // storage blocked
  }
  return SPLIT_PANE_DEFAULT;
}

export function savePaneWidth(sizes: number[]): void {
  try {
    window.localStorage.setItem(PANE_WIDTH_KEY, String(Math.round(sizes[0])));
  } catch {
    // not remembered
  }
}

/**
 * The drawer of spaces of a narrow window, open for the address it was opened at: going anywhere
 * closes it. `here`: the current address.
 */
export function useSpacesDrawer(narrow: boolean, here: string) {
  const [openAt, setOpenAt] = useState<string>();
  return {
    open: narrow && openAt === here,
    show: () => setOpenAt(here),
    close: () => setOpenAt(undefined),
  };
}

/** The button before the crumbs or the title of a narrow window that opens the drawer. */
export function SpacesToggle({ open, onClick }: { open: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <HoverTooltip title={t('drive.spaces.show')}>
      <Button
        type="text"
        className="cirrus-drive-spaces-toggle"
        icon={<MenuOutlined aria-hidden />}
        aria-label={t('drive.spaces.show')}
        aria-expanded={open}
        onClick={onClick}
      />
    </HoverTooltip>
  );
}

export function SpacesDrawer({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={280}
      title={t('drive.spaces.label')}
      rootClassName="cirrus-drive-spaces-drawer"
    >
      {children}
    </Drawer>
  );
}

/**
 * The drive's frame: the side list of spaces and the main pane, one splitter whose side pane the
 * user may resize (remembered); a narrow window gives the main pane the whole width and shows the
 * list in a drawer instead. One splitter in both layouts, so the main pane keeps its state across
 * the change.
 */
export function SpacesLayout({
  narrow,
  drawer,
  list,
  children,
}: {
  narrow: boolean;
  drawer: { open: boolean; close: () => void };
  list: ReactNode;
  children: ReactNode;
}) {
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
          {!narrow && list}
        </Splitter.Panel>
        <Splitter.Panel className="cirrus-drive-main">{children}</Splitter.Panel>
      </Splitter>
      {narrow && (
        <SpacesDrawer open={drawer.open} onClose={drawer.close}>
          {list}
        </SpacesDrawer>
      )}
    </>
  );
}
