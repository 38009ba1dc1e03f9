import {
  DownloadOutlined,
  DragOutlined,
  MoreOutlined,
  ReloadOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  errorText,
  type FileLockInfo,
  type FileRecord,
  hasPermission,
  lookupErrorMessage,
  type NewEmptyType,
  onlineEditorPath,
} from '@cirrus/shared';
import { App, Button, Dropdown, Empty, type MenuProps, Skeleton, Space, Typography } from 'antd';
import {
  type KeyboardEvent,
  lazy,
  type MouseEvent,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../api/http';
import { FileLockBadge } from '../../components/FileLockBadge';
import { LazyResult } from '../../components/LazyResult';
import { lazyWarmed } from '../../components/lazyWarmed';
import { useFocusReturn } from '../../components/useFocusReturn';
import { useNotify } from '../../components/useNotify';
import { type RowDrag, VirtualFileList } from '../../components/VirtualFileList';
import { useLanguage } from '../../i18n';
import { DESKTOP_EDIT_ACTION, useDesktopActions } from '../desktop/useDesktopActions';
import { useFileExtras } from '../history/useFileExtras';
import { useFileLockActions, useLockEnabled } from '../locks/queries';
import { previewPath } from '../preview/paths';
import { useHighlightedFile } from '../search/useHighlight';
import { SecdocMark } from '../secdoc/SecdocMark';
import { useSecdocActions } from '../secdoc/useSecdocActions';
import { SharedMark } from '../share/SharedMark';
import { useShareActions } from '../share/useShareActions';
import { DriveToolbar } from './DriveToolbar';
import { downloadItems } from './download';
import {
  beginDragMove,
  currentDragMove,
  draggedFiles,
  endDragMove,
  folderRowTarget,
  isDragMove,
  mayDrag,
  mayDropInto,
} from './drag-move';
import { actionItems, consumeMenuKey, newItems, uploadItems } from './drive-menus';
import { actionsFor, type FileAction, type LockContext, lockedByOther } from './file-actions';
import { type DriveLocation, drivePath, type FolderRef, type PersonalSpaceIds } from './location';
import { NameDialog, type NameMode } from './NameDialog';
import {
  type TransferKind,
  useCreateEmptyFile,
  useCreateFolder,
  useDelete,
  useFileList,
  useFolderPermissions,
  useRename,
} from './queries';
import {
  type CursorMove,
  clickCheckbox,
  clickRow,
  contextSelect,
  EMPTY_SELECTION,
  keepPresent,
  moveCursor,
  type Selection,
  toggleAll,
} from './selection';
import { nextSort, readSort, saveSort } from './sorting';
import { fromFileList } from './upload/collect';
import { uploads } from './upload/upload-manager';
import {
  bothDragHandlers,
  useDragLabel,
  useFolderDropTarget,
  useHoverOpen,
  useMoveOnDrop,
} from './useDragMove';
import { useDropUpload } from './useDropUpload';
import { type DriveView, readView, saveView } from './view-mode';

// Loaded when first opened: their forms and the folder picker are not on the first screen (bench W8).
// Not the name dialog: New folder and Rename take the keys typed as they open, and a dialog still
// loading (or held back by Suspense on its first open) let them go to the page.
const TransferDialog = lazy(() => import('./TransferDialog').then((m) => ({ default: m.TransferDialog })));
const DeleteDialog = lazy(() => import('./DeleteDialog').then((m) => ({ default: m.DeleteDialog })));
// The grid view: only for those who choose it, and fetched once the first screen is up.
const FileGrid = lazyWarmed(() => import('../../components/FileGrid').then((m) => ({ default: m.FileGrid })));
const LockNoticeDialog = lazy(() =>
  import('../locks/LockNoticeDialog').then((m) => ({ default: m.LockNoticeDialog })),
);

/** Where the focus keeps Ctrl+A and Escape to itself: text fields, dialogs, drawers and menus. */
const KEEPS_ITS_KEYS =
  'input, textarea, select, [contenteditable="true"], .ant-modal-wrap, .ant-drawer, .ant-dropdown';

/**
 * The keys that move the cursor (with Shift, the selection's range), and how far: in the list up
 * and down go a row; in the grid left and right go a tile, up and down a line of tiles.
 */
function cursorKey(
  key: string,
  view: DriveView,
  columns: number,
): { move: CursorMove; step: number } | undefined {
  if (key === 'Home') return { move: 'first', step: 1 };
  if (key === 'End') return { move: 'last', step: 1 };
  const line = view === 'grid' ? columns : 1;
  if (key === 'ArrowDown') return { move: 'next', step: line };
  if (key === 'ArrowUp') return { move: 'previous', step: line };
  if (view !== 'grid') return undefined;
  if (key === 'ArrowRight') return { move: 'next', step: 1 };
  if (key === 'ArrowLeft') return { move: 'previous', step: 1 };
  return undefined;
}

type Dialog =
  | { kind: 'name'; mode: NameMode }
  | { kind: 'delete'; files: FileRecord[] }
  | { kind: 'transfer'; transfer: TransferKind; files: FileRecord[] }
  | { kind: 'lockNotice'; file: FileRecord; lock: FileLockInfo };

/** Where the context menu opens, and for which rows (none: the blank area). */
interface ContextMenu {
  x: number;
  y: number;
  files: FileRecord[];
}

interface FileBrowserProps {
  location: DriveLocation;
  folder: FolderRef;
  /** The folder's name, for the drop hint. */
  folderName: string;
  personal: PersonalSpaceIds;
  /** What is deleted here can be recovered by the user (their own bin, a team they manage) or by the team's managers only. */
  recoveredBy?: 'you' | 'managers';
}

/**
 * One folder's files: toolbar, the virtual list with selection, sorting and paging, the context
 * menu, the dialogs, and uploads by button or by dropping files on the list.
 */
export function FileBrowser({
  location,
  folder,
  folderName,
  personal,
  recoveredBy = 'you',
}: FileBrowserProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [sort, setSort] = useState(readSort);
  const [view, setView] = useState<DriveView>(readView);
  const list = useFileList(folder, sort);
  const permissions = useFolderPermissions(folder);
  const folderMask = permissions.data?.user_acl ?? 0;
  // Nothing goes into a folder that could not be opened (gone, or never there).
  const canCreate = !list.isError && hasPermission(folderMask, 'new_empty');
  const canUpload = !list.isError && hasPermission(folderMask, 'upload');

  const [rawSelection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const ids = useMemo(() => list.files.map((file) => file.id), [list.files]);
  // Every visible row shows these; looked up once rather than in each row (bench W8).
  const rowLabels = useMemo(
    () => ({ download: t('drive.actions.download'), more: t('drive.toolbar.more') }),
    [t],
  );
  // Rows that left the list (deleted, moved away) leave the selection too.
  const selection = useMemo(() => keepPresent(rawSelection, ids), [rawSelection, ids]);
  // A search result opened this folder for one file: it comes selected and scrolled into view.
  const highlighted = useHighlightedFile(list, (id) => setSelection({ selected: new Set([id]), anchor: id }));
  const selectedFiles = useMemo(
    () => list.files.filter((file) => selection.selected.has(file.id)),
    [list.files, selection],
  );

  // A dialog keeps its content while it closes; a new key gives the next one a fresh state.
  const [dialog, setDialog] = useState<Dialog & { key: number; open: boolean }>();
  const openDialog = (next: Dialog) =>
    setDialog((current) => ({ ...next, key: (current?.key ?? 0) + 1, open: true }));
  const closeDialog = () => setDialog((current) => current && { ...current, open: false });

  const [menu, setMenu] = useState<ContextMenu>();
  useFocusReturn(menu !== undefined);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  // Files from the desktop dropped on a folder's row go into that folder, elsewhere into this one.
  const folderRowOf = (element: Element | null) => {
    const id = Number(element?.closest<HTMLElement>('[data-file-id]')?.dataset.fileId);
    const file = list.files.find((f) => f.id === id);
    return file && folderRowTarget(file, folder.gid) ? file : undefined;
  };
  const drop = useDropUpload(
    canUpload,
    ({ sources, emptyDirs }, on) => {
      const row = folderRowOf(on);
      uploads.add(sources, row ? { gid: folder.gid, folderId: row.id } : folder, emptyDirs);
    },
    (error) => notify.error(error),
  );

  const createFolder = useCreateFolder();
  const createFile = useCreateEmptyFile();
  const rename = useRename();
  const remove = useDelete();
  const locks = useFileLockActions();
  const lockContext: LockContext = { enabled: useLockEnabled(), selfId: locks.selfId };
  // Star/unstar, history versions and details with activity and comments (issue 4, features/history).
  const extras = useFileExtras();
  // Share by link (issue 8, features/share): the menu entry, a row button and the share panel.
  const sharing = useShareActions();
  // Security documents (features/secdoc): their mark and the rights dialog.
  const secdoc = useSecdocActions();
  // The desktop client (features/desktop): open in the local office app, upload with its pickers.
  const desktop = useDesktopActions({ folder, lockEnabled: lockContext.enabled });
  const uploadMenu = [...uploadItems(t), ...desktop.uploadItems()];

  // A folder opens in the list; a file in the viewer, which pages through this folder in this order.
  const openItem = useCallback(
    (file: FileRecord) => {
      if (file.ftype === 'folder') void navigate(drivePath({ ...location, folderId: file.id }));
      else if (file.ftype === 'file')
        void navigate(previewPath(file.id, sort), { state: { fromList: true } });
    },
    [navigate, location, sort],
  );

  const run = (action: FileAction, files: FileRecord[]) => {
    setMenu(undefined);
    // spec 001 §4: while someone else holds a file's lock, changing it shows the file-lock notice.
    const held =
      action === 'rename' || action === 'moveTo' || action === 'delete' || action === 'edit'
        ? lockedByOther(files, lockContext)
        : undefined;
    if (held?.filelock) return openDialog({ kind: 'lockNotice', file: held, lock: held.filelock });
    switch (action) {
      case 'open':
        return openItem(files[0]);
      case 'edit':
        return void navigate(onlineEditorPath(files[0].id), { state: { fromList: true } });
      case 'download':
        // Inside the desktop client the client downloads (features/desktop).
        if (desktop.download(files)) return;
        return void downloadItems(folder.gid, files, {
          onError: (error) => notify.error(error),
          onPartial: () => notify.warning(errorText('partialDownloadFail', language)),
        });
      case 'copyTo':
        return openDialog({ kind: 'transfer', transfer: 'copy', files });
      case 'moveTo':
        return openDialog({ kind: 'transfer', transfer: 'move', files });
      case 'rename':
        return openDialog({ kind: 'name', mode: { kind: 'rename', file: files[0] } });
      case 'delete':
        return openDialog({ kind: 'delete', files });
      case 'lock':
        return locks.lock.mutate({ groupid: folder.gid, fileid: files[0].id, parentid: folder.folderId });
      case 'unlock':
        return locks.unlock.mutate({ groupid: folder.gid, fileid: files[0].id, parentid: folder.folderId });
      default: {
        const unknown: never = action;
        return unknown;
      }
    }
  };

  const onNew = (key: string) => {
    setMenu(undefined);
    if (key === 'folder') openDialog({ kind: 'name', mode: { kind: 'folder' } });
    else openDialog({ kind: 'name', mode: { kind: 'file', ext: key as NewEmptyType } });
  };

  const onUpload = (key: string) => {
    setMenu(undefined);
    if (desktop.upload(key)) return;
    (key === 'files' ? filesInput : folderInput).current?.click();
  };

  const blankMenu: MenuProps['items'] = [
    ...(canCreate ? [{ key: 'new', label: t('drive.actions.new'), children: newItems(t) }] : []),
    ...(canUpload ? [{ key: 'upload', label: t('drive.actions.upload'), children: uploadMenu }] : []),
    { key: 'refresh', label: t('drive.actions.refresh'), icon: <ReloadOutlined aria-hidden /> },
  ];

  const onMenuClick: MenuProps['onClick'] = (info) => {
    consumeMenuKey(info);
    const { key, keyPath } = info;
    if (!menu) return;
    if (menu.files.length > 0) {
      // spec 001 §4: a lock someone else holds blocks editing, in the local app too.
      const held = key === DESKTOP_EDIT_ACTION ? lockedByOther(menu.files, lockContext) : undefined;
      if (held?.filelock) {
        setMenu(undefined);
        return openDialog({ kind: 'lockNotice', file: held, lock: held.filelock });
      }
      if (
        extras.run(key, menu.files) ||
        sharing.run(key, menu.files) ||
        secdoc.run(key, menu.files) ||
        desktop.run(key, menu.files)
      )
        return setMenu(undefined);
      return run(key as FileAction, menu.files);
    }
    setMenu(undefined);
    if (keyPath.includes('new')) onNew(key);
    else if (keyPath.includes('upload')) onUpload(key);
    else if (key === 'refresh') void list.refetch();
  };

  const onContextMenu = (event: MouseEvent, file: FileRecord | null) => {
    event.preventDefault();
    if (!file) {
      setSelection(EMPTY_SELECTION);
      setMenu({ x: event.clientX, y: event.clientY, files: [] });
      return;
    }
    const next = contextSelect(selection, file.id);
    setSelection(next);
    setMenu({ x: event.clientX, y: event.clientY, files: list.files.filter((f) => next.selected.has(f.id)) });
  };

  // The row the arrow keys are at: the last row clicked, until they move it (selection.ts).
  const cursor = useRef<number | null>(null);
  const [focusRow, setFocusRow] = useState<{ id: number; seq: number }>();
  // The grid's columns, which it reports as its width changes.
  const gridColumns = useRef(1);
  const onColumns = useCallback((columns: number) => {
    gridColumns.current = columns;
  }, []);
  const moveBy = ({ move, step }: { move: CursorMove; step: number }, shift: boolean) => {
    const next = moveCursor(selection, ids, cursor.current, move, { shift }, step);
    if (!next) return;
    cursor.current = next.cursor;
    setSelection(next.selection);
    setFocusRow((current) => ({ id: next.cursor, seq: (current?.seq ?? 0) + 1 }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const actions = actionsFor(selectedFiles, lockContext);
    const move = cursorKey(event.key, view, gridColumns.current);
    if (move && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      moveBy(move, event.shiftKey);
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      setSelection({ selected: new Set(ids), anchor: selection.anchor });
    } else if (event.key === 'Escape') {
      setSelection(EMPTY_SELECTION);
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && actions.includes('delete')) {
      run('delete', selectedFiles);
    } else if (event.key === 'F2' && actions.includes('rename')) {
      run('rename', selectedFiles);
    } else if (event.key === 'Enter' && actions.includes('open')) {
      run('open', selectedFiles);
    }
  };

  // Ctrl+A (Cmd+A) with the focus outside the list, as on first coming to a folder (on the page,
  // or on the link that opened it), selects its files too, not the page's text, and Escape clears
  // them again: the list's own handler above only hears keys once the list has the focus. Text
  // fields, dialogs and menus keep their keys.
  const selectAll = useRef(() => {});
  selectAll.current = () => setSelection({ selected: new Set(ids), anchor: selection.anchor });
  useEffect(() => {
    const onWindowKeyDown = (event: globalThis.KeyboardEvent) => {
      const focused = document.activeElement;
      if (focused?.closest(KEEPS_ITS_KEYS)) return;
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
        event.preventDefault();
        selectAll.current();
      } else if (event.key === 'Escape') setSelection(EMPTY_SELECTION);
    };
    window.addEventListener('keydown', onWindowKeyDown);
    return () => window.removeEventListener('keydown', onWindowKeyDown);
  }, []);

  // Rows dragged onto a folder row move into it (drag-move.ts); the trail's crumbs take them too.
  const moveOnDrop = useMoveOnDrop(personal);
  const dragLabel = useDragLabel();
  const [dropRow, setDropRow] = useState<number>();
  // A drag held over a folder row opens the folder, to be dropped deeper (rows or desktop files).
  useHoverOpen(dropRow, (id) => {
    setDropRow(undefined);
    const file = list.files.find((f) => f.id === id);
    if (file) openItem(file);
  });
  // Rows dragged in from another folder (a held drag opened this one) may be let go anywhere in it.
  const moveHere = useFolderDropTarget(canUpload ? folder : undefined, moveOnDrop);
  const rowDrag: RowDrag = {
    draggable: (file) => hasPermission(file.user_acl, 'move'),
    start: (file, event) => {
      const files = draggedFiles(file, selection.selected, list.files);
      if (!mayDrag(files)) return event.preventDefault();
      // spec 001 §4: a file someone else has locked does not move; the notice says who holds it.
      const held = lockedByOther(files, lockContext);
      if (held?.filelock) {
        event.preventDefault();
        return openDialog({ kind: 'lockNotice', file: held, lock: held.filelock });
      }
      beginDragMove({ from: folder, ids: files.map((f) => f.id) }, event.dataTransfer);
      dragLabel(files, event.dataTransfer);
    },
    over: (file, event) => {
      const to = folderRowTarget(file, folder.gid);
      // Files from the desktop: the list's own drop handler takes them, into this row's folder.
      if (to && canUpload && event.dataTransfer.types.includes('Files')) return setDropRow(file.id);
      if (!to || !isDragMove(event.dataTransfer) || !mayDropInto(currentDragMove(), to)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      setDropRow(file.id);
    },
    leave: (file, event) => {
      if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
      setDropRow((row) => (row === file.id ? undefined : row));
    },
    drop: (file, event) => {
      setDropRow(undefined);
      const to = folderRowTarget(file, folder.gid);
      // A row that takes no drop (the folder the rows came from) leaves it to the list around it.
      if (!to || !isDragMove(event.dataTransfer) || !mayDropInto(currentDragMove(), to)) return;
      event.preventDefault();
      moveOnDrop(to);
    },
    end: () => {
      endDragMove();
      setDropRow(undefined);
    },
  };

  const onFilesPicked = (input: HTMLInputElement) => {
    if (input.files?.length) uploads.add(fromFileList(input.files), folder);
    input.value = ''; // picking the same files again fires change again
  };

  const confirmDelete = (files: FileRecord[]) =>
    remove.mutate(
      { folder, fileids: files.map((file) => file.id) },
      {
        onSuccess: ({ failList }) => {
          closeDialog();
          if (failList.length === 0)
            notify.success(t(recoveredBy === 'managers' ? 'drive.delete.doneTeam' : 'drive.delete.done'));
          else if (failList.length === 1)
            void message.error(
              lookupErrorMessage({ status: 400, body: { result: failList[0].result } }, language),
            );
          else void message.error(t('drive.delete.someFailed', { count: failList.length }));
        },
        onError: (error) => notify.error(error),
      },
    );

  const Files = view === 'grid' ? FileGrid : VirtualFileList;
  let placeholder: ReactNode;
  if (list.isPending) {
    placeholder = (
      <Skeleton active className="cirrus-filelist-skeleton" paragraph={{ rows: 6 }} title={false} />
    );
  } else if (list.isError) {
    // A folder that is not there (deleted, or a wrong address) is said so; trying again would not help.
    const missing = list.error instanceof ApiError && list.error.status === 404;
    placeholder = (
      <LazyResult
        status={missing ? '404' : 'warning'}
        title={t(missing ? 'drive.list.folderMissing' : 'drive.list.loadFailed')}
        subTitle={missing ? t('drive.list.folderMissingText') : errorMessage(list.error, language)}
        extra={
          <Space>
            {!missing && <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
            <Button type="primary" onClick={() => void navigate(drivePath({ area: 'mine', folderId: 0 }))}>
              {t('drive.list.backToMine')}
            </Button>
          </Space>
        }
      />
    );
  } else if (list.files.length === 0) {
    placeholder = (
      <Empty
        className="cirrus-filelist-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          canUpload || canCreate ? (
            <>
              <Typography.Text strong>{t('drive.list.emptyFolder')}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{t('drive.list.emptyFolderText')}</Typography.Text>
            </>
          ) : (
            t('drive.list.emptyReadOnly')
          )
        }
      />
    );
  }

  return (
    <section
      className={`cirrus-browser${drop.dragging || moveHere.over ? ' is-dragging' : ''}`}
      {...bothDragHandlers(drop.handlers, moveHere.handlers)}
    >
      <DriveToolbar
        selected={selectedFiles}
        canUpload={canUpload}
        uploadMenu={uploadMenu}
        canCreate={canCreate}
        viewOnly={permissions.isSuccess && list.isSuccess && !canUpload && !canCreate}
        total={list.isSuccess ? list.total : undefined}
        refreshing={list.isRefetching && !list.isFetchingNextPage}
        onAction={(action) => run(action, selectedFiles)}
        onClearSelection={() => setSelection(EMPTY_SELECTION)}
        onNew={onNew}
        onUpload={onUpload}
        onRefresh={() => void list.refetch()}
        view={view}
        onView={(next) => {
          setView(next);
          saveView(next);
        }}
      />

      {/* The same props, rules and menus in either view: only the layout differs. */}
      <Files
        files={list.files}
        total={list.total}
        selected={selection.selected}
        scrollToId={highlighted}
        focusRow={focusRow}
        onColumns={onColumns}
        sort={sort}
        onSort={(field) => {
          const next = nextSort(sort, field);
          setSort(next);
          saveSort(next);
        }}
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        onRowClick={(file, event) => {
          // A tap on a touch screen opens the item, as on a phone's file manager; once something
          // is selected (by its checkbox), taps add to or take from the selection instead.
          const tap = (event.nativeEvent as PointerEvent).pointerType === 'touch';
          if (tap && selection.selected.size === 0) return openItem(file);
          cursor.current = file.id;
          setSelection(
            clickRow(selection, ids, file.id, {
              shift: event.shiftKey,
              toggle: tap || event.ctrlKey || event.metaKey,
            }),
          );
        }}
        onCheckboxClick={(file, shift) => {
          cursor.current = file.id;
          setSelection(clickCheckbox(selection, ids, file.id, { shift }));
        }}
        onToggleAll={() => setSelection(toggleAll(selection, ids))}
        onOpen={openItem}
        onContextMenu={onContextMenu}
        onKeyDown={onKeyDown}
        linkOf={(file) => drivePath({ ...location, folderId: file.id })}
        nameExtra={(file) => (
          <>
            {file.filelock && (
              <FileLockBadge lock={file.filelock} self={file.filelock.userid === locks.selfId} />
            )}
            {/* Only shared rows mount the mark (and its translation hook): most rows have no link. */}
            {file.link && <SharedMark file={file} />}
            {file.safeFile && <SecdocMark />}
          </>
        )}
        rowActions={(file) => (
          // Plain buttons: every visible row has them, and the list must stay light to scroll.
          <>
            {extras.starButton(file)}
            {sharing.rowButton(file)}
            {hasPermission(file.user_acl, 'download') && (
              <button
                type="button"
                className="cirrus-row-button"
                title={rowLabels.download}
                aria-label={`${rowLabels.download} ${file.fname}`}
                onClick={() => run('download', [file])}
              >
                <DownloadOutlined aria-hidden />
              </button>
            )}
            <button
              type="button"
              className="cirrus-row-button"
              title={rowLabels.more}
              aria-label={`${rowLabels.more} ${file.fname}`}
              aria-haspopup="menu"
              onClick={(event) => {
                const box = event.currentTarget.getBoundingClientRect();
                setMenu({ x: box.left, y: box.bottom, files: [file] });
              }}
            >
              <MoreOutlined aria-hidden />
            </button>
          </>
        )}
        placeholder={placeholder}
        drag={rowDrag}
        dropTargetId={dropRow}
      />

      {(drop.dragging || moveHere.over) && (
        <div className="cirrus-drop-hint" aria-live="polite">
          {drop.dragging ? <UploadOutlined aria-hidden /> : <DragOutlined aria-hidden />}
          <span>
            {t(drop.dragging ? 'drive.list.dropHint' : 'drive.dragMove.dropHint', {
              name: list.files.find((file) => file.id === dropRow)?.fname ?? folderName,
            })}
          </span>
        </div>
      )}

      {/* autoFocus: the open menu takes the focus, so the arrow keys move through it (as in every
          menu of the app), from a right click or from the row's "More actions" button. */}
      <Dropdown
        autoFocus
        open={menu !== undefined}
        onOpenChange={(open) => !open && setMenu(undefined)}
        trigger={['contextMenu']}
        menu={{
          items:
            menu && menu.files.length > 0
              ? [
                  ...extras.menuItems(menu.files),
                  ...sharing.menuItems(menu.files),
                  ...secdoc.menuItems(menu.files),
                  { type: 'divider' as const },
                  ...withDesktopItems(
                    actionItems(actionsFor(menu.files, lockContext), t),
                    desktop.menuItems(menu.files),
                  ),
                ]
              : blankMenu,
          onClick: onMenuClick,
        }}
      >
        <span className="cirrus-context-anchor" style={{ left: menu?.x ?? 0, top: menu?.y ?? 0 }} />
      </Dropdown>

      <input
        ref={filesInput}
        type="file"
        multiple
        hidden
        data-testid="upload-files"
        onChange={(event) => onFilesPicked(event.target)}
      />
      <input
        ref={(element) => {
          folderInput.current = element;
          // Not in React's attribute list; the browser reads it to pick a whole folder.
          element?.setAttribute('webkitdirectory', '');
        }}
        type="file"
        hidden
        data-testid="upload-folder"
        onChange={(event) => onFilesPicked(event.target)}
      />

      <Suspense fallback={null}>
        {dialog?.kind === 'name' && (
          <NameDialog
            key={dialog.key}
            open={dialog.open}
            mode={dialog.mode}
            onClose={closeDialog}
            onSubmit={(name) => {
              const { mode } = dialog;
              if (mode.kind === 'folder') return createFolder.mutateAsync({ folder, name });
              if (mode.kind === 'file') return createFile.mutateAsync({ folder, name });
              return rename.mutateAsync({ folder, fid: mode.file.id, name });
            }}
          />
        )}
        {dialog?.kind === 'delete' && (
          <DeleteDialog
            key={dialog.key}
            recoveredBy={recoveredBy}
            open={dialog.open}
            files={dialog.files}
            pending={remove.isPending}
            onClose={closeDialog}
            onConfirm={() => confirmDelete(dialog.files)}
          />
        )}
        {dialog?.kind === 'lockNotice' && (
          <LockNoticeDialog
            key={dialog.key}
            open={dialog.open}
            name={dialog.file.fname}
            lock={dialog.lock}
            onClose={closeDialog}
          />
        )}
        {dialog?.kind === 'transfer' && (
          <TransferDialog
            key={dialog.key}
            open={dialog.open}
            kind={dialog.transfer}
            files={dialog.files}
            source={folder}
            personal={personal}
            onClose={closeDialog}
            onDone={() => dialog.transfer === 'move' && setSelection(EMPTY_SELECTION)}
          />
        )}
      </Suspense>
      {extras.panels}
      {sharing.dialogs}
      {secdoc.dialogs}
    </section>
  );
}

/** The desktop client's entry right after Open (and Edit), where a document is opened. */
function withDesktopItems(
  actions: NonNullable<MenuProps['items']>,
  desktop: NonNullable<MenuProps['items']>,
) {
  const at = actions.findIndex((item) => item?.key !== 'open' && item?.key !== 'edit');
  const split = at === -1 ? actions.length : at;
  return [...actions.slice(0, split), ...desktop, ...actions.slice(split)];
}
