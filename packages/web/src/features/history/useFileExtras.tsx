import { HistoryOutlined, InfoCircleOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { FileRecord, HistoryRecord } from '@cirrus/shared';
import type { MenuProps } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useOpenedOnce } from '../../components/useOpenedOnce';
import { useTeams } from '../drive/queries';
import { historyPreviewPath } from '../preview/paths';
import { useToggleStar } from '../stars/queries';
import { type ExtraAction, extraActionsFor, isExtraAction } from './file-extras';
import type { HistoryFile } from './HistoryPanel';

// Loaded when first opened: the drive's first screen carries none of the panels' code.
const HistoryPanel = lazy(() => import('./HistoryPanel').then((m) => ({ default: m.HistoryPanel })));
const FileDetailPanel = lazy(() =>
  import('../activity/FileDetailPanel').then((m) => ({ default: m.FileDetailPanel })),
);

const ICONS: Record<ExtraAction, ReactNode> = {
  star: <StarOutlined />,
  unstar: <StarFilled style={{ color: '#f5b82e' }} />,
  history: <HistoryOutlined />,
  details: <InfoCircleOutlined />,
};

/** The name of a file's space: my drive, the uploaded files, or the team's name. */
export function useSpaceName() {
  const { t } = useTranslation();
  const teams = useTeams();
  return (file: Pick<FileRecord, 'file_src_type' | 'groupid'>) => {
    if (file.file_src_type === 'private') return t('drive.spaces.mine');
    if (file.file_src_type === 'tmp') return t('drive.spaces.uploads');
    return teams.teams.find((team) => team.id === file.groupid)?.name ?? '';
  };
}

/**
 * The location state of a list whose history panel opened a version in the viewer: the viewer's
 * Close goes back in history to it, and the panel is open again there.
 */
interface HistoryReturn {
  historyOf?: HistoryFile;
}

/**
 * Star/unstar, history versions and the detail panel for any list of files (the drive's file list,
 * starred, recent). A list adds `menuItems(files)` to its context menu, passes the keys it does
 * not know to `run`, and renders `panels` once.
 */
export function useFileExtras() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const here = useLocation();
  const toggleStar = useToggleStar();
  const spaceName = useSpaceName();
  const returning = (here.state as HistoryReturn | null)?.historyOf;
  const [historyFile, setHistoryFile] = useState<HistoryFile | undefined>(returning);
  const [historyOpen, setHistoryOpen] = useState(returning !== undefined);
  const [detailFile, setDetailFile] = useState<FileRecord>();
  const [detailOpen, setDetailOpen] = useState(false);

  const menuItems = (files: readonly FileRecord[]): NonNullable<MenuProps['items']> =>
    extraActionsFor(files).map((action) => ({
      key: action,
      icon: ICONS[action],
      label: t(`history.actions.${action}`),
    }));

  const run = (action: string, files: readonly FileRecord[]): boolean => {
    if (!isExtraAction(action) || files.length === 0) return false;
    switch (action) {
      case 'star':
        toggleStar.mutate(files.filter((f) => f.labels.length === 0));
        break;
      case 'unstar':
        toggleStar.mutate(files);
        break;
      case 'history':
        setHistoryFile(files[0]);
        setHistoryOpen(true);
        break;
      case 'details':
        setDetailFile(files[0]);
        setDetailOpen(true);
        break;
    }
    return true;
  };

  /** A row's star toggle (spec 001 §4), shown starred while the file has the label. */
  const starLabels = { star: t('history.actions.star'), unstar: t('history.actions.unstar') };
  const starButton = (file: FileRecord) => {
    const starred = file.labels.length > 0;
    const label = starred ? starLabels.unstar : starLabels.star;
    return (
      <button
        type="button"
        className={`cirrus-row-button${starred ? ' is-starred' : ''}`}
        title={label}
        aria-label={`${label} ${file.fname}`}
        aria-pressed={starred}
        onClick={() => run(starred ? 'unstar' : 'star', [file])}
      >
        {starred ? <StarFilled aria-hidden style={{ color: '#f5b82e' }} /> : <StarOutlined aria-hidden />}
      </button>
    );
  };

  /** This entry of the browser's history (the list), with the panel to open on coming back, or none. */
  const markList = (historyOf: HistoryFile | undefined) =>
    navigate(
      { pathname: here.pathname, search: here.search, hash: here.hash },
      { replace: true, state: { ...(here.state as object | null), historyOf } },
    );
  const previewVersion = async ({ id, groupid, fname, user_acl }: HistoryFile, version: HistoryRecord) => {
    await markList({ id, groupid, fname, user_acl });
    await navigate(historyPreviewPath(id, version.id), { state: { fromList: true } });
  };
  const closeHistory = () => {
    setHistoryOpen(false);
    if (returning) void markList(undefined);
  };

  const historyMounted = useOpenedOnce(historyOpen);
  const detailMounted = useOpenedOnce(detailOpen);
  const panels = (
    <Suspense fallback={null}>
      {historyMounted && (
        <HistoryPanel
          file={historyFile}
          open={historyOpen}
          onClose={closeHistory}
          onPreview={(file, version) => void previewVersion(file, version)}
        />
      )}
      {detailMounted && (
        <FileDetailPanel
          key={detailFile?.id}
          file={detailFile}
          spaceName={detailFile ? spaceName(detailFile) : ''}
          open={detailOpen}
          onClose={() => setDetailOpen(false)}
        />
      )}
    </Suspense>
  );

  return { menuItems, run, panels, starButton, toggleStar };
}
