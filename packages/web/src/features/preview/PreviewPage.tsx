import {
  CloseOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  HistoryOutlined,
  LeftOutlined,
  LockOutlined,
  PrinterOutlined,
  RightOutlined,
  UndoOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import {
  errorText,
  formatRelativeTime,
  lookupErrorMessage,
  messageText,
  type PreviewKind,
  type PreviewView,
  toMillis,
} from '@cirrus/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Result, Spin, Tag } from 'antd';
import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { driveApi } from '../../api/drive';
import { ApiError } from '../../api/http';
import type { PreviewSourceParams, SortParams } from '../../api/preview';
import { isOtherAppBase, paths, withAppBase } from '../../app/paths';
import { FileLockBadge } from '../../components/FileLockBadge';
import { FileTypeIcon } from '../../components/FileTypeIcon';
import { HoverTooltip } from '../../components/HoverTooltip';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useNotify } from '../../components/useNotify';
import { useNow } from '../../components/useNow';
import { useLanguage } from '../../i18n';
import { useScreenCaptureGuard } from '../desktop/screen-guard';
import { useDesktopDownload } from '../desktop/useDesktopDownload';
import { startDownload } from '../drive/download';
import { drivePath, locationOfFolder } from '../drive/location';
import { driveKeys } from '../drive/queries';
import { useFileLockActions } from '../locks/queries';
import { AppealBox } from '../moderation/AppealBox';
import { drivePaths } from '../recent/drive-paths';
import { binOf, binPath } from '../recycle/bin-rules';
import { useRecover } from '../recycle/queries';
import { PreviewErrorPanel, type PreviewPageKey } from './PreviewErrorPanel';
import {
  linkFolderOf,
  neighborPath,
  type PreviewRouteKind,
  previewPath,
  sortFromSearch,
  sourceOf,
} from './paths';
import { type PrintHandler, usePrintShortcut } from './print';
import { useNeighbors, usePreviewView } from './queries';
import { pageKeyOf, type ViewerProps } from './viewers/types';
import './preview.css';

/** Each kind's viewer, loaded when a file of that kind is opened (pdf.js only for PDFs and office files). */
const VIEWERS: Record<
  Exclude<PreviewKind, 'unsupported'>,
  LazyExoticComponent<ComponentType<ViewerProps>>
> = {
  image: lazy(() => import('./viewers/ImageViewer')),
  pdf: lazy(() =>
    import('./viewers/PdfViewer').then(({ default: PdfViewer }) => ({
      default: ({ view, setPrint, onError }: ViewerProps) => (
        <PdfViewer url={view.urls.content} setPrint={setPrint} onError={onError} />
      ),
    })),
  ),
  office: lazy(() => import('./viewers/OfficeViewer')),
  text: lazy(() => import('./viewers/TextViewer')),
  code: lazy(() => import('./viewers/TextViewer')),
  markdown: lazy(() => import('./viewers/MarkdownViewer')),
  csv: lazy(() => import('./viewers/CsvViewer')),
  audio: lazy(() => import('./viewers/MediaViewer')),
  video: lazy(() => import('./viewers/MediaViewer')),
  zip: lazy(() => import('./viewers/ZipViewer')),
};

/** The editor of text files, loaded when someone edits one. */
const TextEditor = lazy(() => import('./TextEditor'));

/** Kinds shown on a light page; pictures, PDFs and media on a dark stage. */
const PAPER: PreviewKind[] = ['text', 'code', 'markdown', 'csv', 'zip', 'unsupported'];

/** Navigation state of a preview opened from the list: close goes back there. */
interface FromList {
  fromList?: boolean;
}

const spin = <Spin className="cirrus-preview-spin" size="large" />;

/** The ids of my drive and of my uploaded files, which drive addresses name by area. */
function usePersonalSpaces(enabled: boolean) {
  const mine = useQuery({
    queryKey: driveKeys.mySpace(),
    queryFn: () => driveApi.mySpace(),
    enabled,
    staleTime: 60_000,
  });
  const uploads = useQuery({
    queryKey: driveKeys.uploadsSpace(),
    queryFn: () => driveApi.uploadsSpace(),
    enabled,
    staleTime: 60_000,
  });
  return { mine, uploads };
}

function useBackPath(view: PreviewView | undefined, kind: PreviewRouteKind): string {
  const here = useLocation();
  // Only a drive file goes back into a drive folder, a recycled one into its bin; a link's visitor
  // may not even be logged in.
  const { mine, uploads } = usePersonalSpaces(kind === 'file' || kind === 'recycle');
  if (kind === 'shared') return `${paths.drive}/share`;
  if (kind === 'link') {
    // Back to the link's own page (features/share), with its access code.
    const params = new URLSearchParams(here.search);
    params.delete('view');
    params.delete('fileid');
    const query = params.toString();
    return `${here.pathname}${query ? `?${query}` : ''}`;
  }
  if (!view) return kind === 'recycle' ? drivePaths.recycle : paths.drive;
  const personal = { mine: mine.data?.id, uploads: uploads.data?.id };
  // A recycled file goes back to its bin (the recycle area until the personal spaces are known).
  const bin =
    mine.isFetched && uploads.isFetched ? binPath(binOf(view.groupid, personal)) : drivePaths.recycle;
  const path =
    kind === 'recycle'
      ? bin
      : drivePath(locationOfFolder({ gid: view.groupid, folderId: view.parentid }, personal));
  // spec 002 §2: a private deployment with web office keeps its pages under /view, others under /pcview.
  return withAppBase(path, `/${view.variant}`);
}

/**
 * Recover, on the preview of a file in a recycle bin: the file goes back where it was deleted from
 * and opens as a file of the drive (what a bin's own Recover does, without going back to the bin).
 */
function RecoverButton({ view }: { view: PreviewView }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { mine, uploads } = usePersonalSpaces(true);
  const recover = useRecover(binOf(view.groupid, { mine: mine.data?.id, uploads: uploads.data?.id }));
  const onClick = () =>
    recover.mutate([view.fileid], {
      onSuccess: ({ files, failList }) => {
        const failed = failList[0]?.result ?? (files.length === 0 ? 'serverError' : undefined);
        if (failed)
          return void message.error(lookupErrorMessage({ status: 400, body: { result: failed } }, language));
        notify.success(messageText('recoverSuccess', language));
        void navigate(previewPath(files[0].id), { replace: true });
      },
      onError: (error) => notify.error(error),
    });
  return (
    <Button
      type="text"
      icon={<UndoOutlined />}
      aria-label={t('recycle.actions.recover')}
      loading={recover.isPending}
      disabled={!mine.isFetched || !uploads.isFetched}
      onClick={onClick}
    >
      {t('recycle.actions.recover')}
    </Button>
  );
}

/** The version a history preview shows, and when it was saved (the viewer shows it read only). */
function HistoryMarker({ history }: { history: NonNullable<PreviewView['history']> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const now = useNow();
  const saved = toMillis(history.ctime);
  const text = t(history.is_current ? 'preview.historyMarkerCurrent' : 'preview.historyMarker', {
    ver: history.ver,
    time: formatRelativeTime(saved, now, language),
  });
  return (
    <Tag
      icon={<HistoryOutlined />}
      color="blue"
      className="cirrus-preview-marker"
      title={new Date(saved).toLocaleString(language)}
    >
      {text}
    </Tag>
  );
}

interface ShellProps {
  kind: PreviewRouteKind;
  view: PreviewView;
  /** How the viewer reached the file: previous and next go the same way. */
  source: PreviewSourceParams;
  sort?: SortParams;
}

/** The viewer's frame: the bar (name, markers, previous/next, lock, download, print, close) and the file. */
function PreviewShell({ kind, view, source, sort }: ShellProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const language = useLanguage();
  const backPath = useBackPath(view, kind);
  const [failure, setFailure] = useState<PreviewPageKey>();
  // Editing text in place (shared isEditableText): the editor takes the page, and its own Cancel
  // or Save is the way out, so that unsaved text is never left by a key or a click on the bar.
  // ?edit=1 (the list's Edit, GET /api/v3/editor/yqx) opens it in the editor where it may be edited.
  const [search, setSearch] = useSearchParams();
  const [editing, setEditing] = useState(() => search.get('edit') === '1' && view.permissions.edit);
  const asked = search.get('edit') === '1';
  useEffect(() => {
    if (asked && !view.permissions.edit) void message.warning(errorText('yqxForbid', language));
  }, [asked, view.permissions.edit, message, language]);
  const stopEditing = () => {
    setEditing(false);
    if (asked)
      setSearch(
        (params) => {
          params.delete('edit');
          return params;
        },
        { replace: true, state: location.state },
      );
  };
  const errorKey: PreviewPageKey | undefined = failure ?? view.error ?? undefined;
  const listSort = sort ?? { orderby: 'mtime', order: 'desc' };
  // A drive file pages through its folder in the list's order; a file of a shared folder through
  // that folder as its link page lists it.
  const neighbors = useNeighbors(
    view.fileid,
    listSort,
    source,
    (kind === 'file' && view.source === 'file') || kind === 'link',
  );
  const locks = useFileLockActions();
  const printRef = useRef<PrintHandler | undefined>(undefined);
  const setPrint = useCallback((handler: PrintHandler | undefined) => {
    printRef.current = handler;
  }, []);
  // Inside the desktop client a security document is kept off screenshots while it shows.
  useScreenCaptureGuard(view.secdoc);
  useDocumentTitle(
    view.history ? t('preview.historyTitle', { name: view.fname, ver: view.history.ver }) : view.fname,
  );

  const close = () => {
    if ((location.state as FromList | null)?.fromList) void navigate(-1);
    else if (isOtherAppBase(backPath)) window.location.assign(backPath);
    else void navigate(backPath);
  };
  const go = (fileid: number | undefined) => {
    if (fileid)
      void navigate(neighborPath(source, fileid, sort, linkFolderOf(search)), {
        replace: true,
        state: location.state,
      });
  };
  const desktopDownload = useDesktopDownload();
  // A drive file downloads through the desktop client in its window; a version, a link's file
  // (whose visitor the client has not signed in for) and the rest as in a browser.
  const clientFile = view.source === 'file' && kind === 'file';
  const fileItem = { id: view.fileid, fname: view.fname, ftype: 'file' as const, fsize: view.fsize };
  const download = view.permissions.download
    ? () => {
        if (!(clientFile && desktopDownload(view.groupid, [fileItem])))
          startDownload(view.urls.download, notify.error);
      }
    : undefined;
  const print = () => {
    if (!view.permissions.print) return void message.warning(t('preview.printNotAllowed'));
    const handler = printRef.current ?? (() => window.print());
    void Promise.resolve(handler()).catch((error: unknown) => notify.error(error));
  };
  usePrintShortcut(print);

  // Esc closes; the arrow keys page through the folder (not while typing or on a player).
  const keys = useRef({ close, go, neighbors: neighbors.data, editing });
  keys.current = { close, go, neighbors: neighbors.data, editing };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, video, audio, [contenteditable="true"], .ant-modal'))
        return;
      if (keys.current.editing) return;
      if (event.key === 'Escape') keys.current.close();
      else if (event.key === 'ArrowLeft') keys.current.go(keys.current.neighbors?.prev?.fileid);
      else if (event.key === 'ArrowRight') keys.current.go(keys.current.neighbors?.next?.fileid);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const Viewer = view.kind === 'unsupported' ? undefined : VIEWERS[view.kind];
  const lockTarget = { groupid: view.groupid, fileid: view.fileid, parentid: view.parentid };
  // A page that says why nothing is shown: on paper, and with nothing to print.
  const noView = errorKey !== undefined || !Viewer || (view.kind === 'office' && !view.converter);
  const paper = PAPER.includes(view.kind) || noView;

  return (
    <div className={`cirrus-preview${paper ? ' is-paper' : ''}`} data-kind={view.kind}>
      <header className="cirrus-preview-bar">
        <div className="cirrus-preview-title">
          <FileTypeIcon file={{ ftype: 'file', extname: view.extname }} size={22} />
          <h1 title={view.fname}>{view.fname}</h1>
          {view.recycle && (
            <Tag icon={<DeleteOutlined />} color="orange" className="cirrus-preview-marker">
              {t('preview.recycleMarker')}
            </Tag>
          )}
          {view.history && <HistoryMarker history={view.history} />}
          {view.filelock && (
            <FileLockBadge lock={view.filelock} self={view.filelock.userid === locks.selfId} />
          )}
        </div>
        {!editing && neighbors.data && neighbors.data.total > 1 && (
          <nav className="cirrus-preview-nav" aria-label={t('preview.pages')}>
            <HoverTooltip title={t('preview.prev')}>
              <Button
                type="text"
                icon={<LeftOutlined />}
                aria-label={t('preview.prev')}
                disabled={!neighbors.data.prev}
                onClick={() => go(neighbors.data?.prev?.fileid)}
              />
            </HoverTooltip>
            <span className="cirrus-preview-position" data-testid="preview-position">
              {t('preview.position', { index: neighbors.data.index, total: neighbors.data.total })}
            </span>
            <HoverTooltip title={t('preview.next')}>
              <Button
                type="text"
                icon={<RightOutlined />}
                aria-label={t('preview.next')}
                disabled={!neighbors.data.next}
                onClick={() => go(neighbors.data?.next?.fileid)}
              />
            </HoverTooltip>
          </nav>
        )}
        {!editing && (
          <div className="cirrus-preview-actions">
            {view.recycle && <RecoverButton view={view} />}
            {view.permissions.edit && !errorKey && (
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={t('preview.edit.edit')}
                onClick={() => setEditing(true)}
              >
                {t('preview.edit.edit')}
              </Button>
            )}
            {view.permissions.unlock && (
              <Button
                type="text"
                icon={<UnlockOutlined />}
                aria-label={t('locks.unlock')}
                loading={locks.unlock.isPending}
                onClick={() => locks.unlock.mutate(lockTarget)}
              >
                {t('locks.unlock')}
              </Button>
            )}
            {view.permissions.lock && !view.filelock && (
              <Button
                type="text"
                icon={<LockOutlined />}
                aria-label={t('locks.lock')}
                loading={locks.lock.isPending}
                onClick={() => locks.lock.mutate(lockTarget)}
              >
                {t('locks.lock')}
              </Button>
            )}
            {download && (
              <HoverTooltip title={t('preview.download')}>
                <Button
                  type="text"
                  icon={<DownloadOutlined />}
                  aria-label={t('preview.download')}
                  onClick={download}
                />
              </HoverTooltip>
            )}
            {view.permissions.print && !noView && (
              <HoverTooltip title={t('preview.print')}>
                <Button
                  type="text"
                  icon={<PrinterOutlined />}
                  aria-label={t('preview.print')}
                  onClick={print}
                />
              </HoverTooltip>
            )}
            <HoverTooltip title={t('preview.close')}>
              <Button type="text" icon={<CloseOutlined />} aria-label={t('preview.close')} onClick={close} />
            </HoverTooltip>
          </div>
        )}
      </header>
      <main className="cirrus-preview-body">
        {editing ? (
          <Suspense fallback={spin}>
            <TextEditor view={view} onClose={stopEditing} />
          </Suspense>
        ) : errorKey || !Viewer ? (
          <PreviewErrorPanel errorKey={errorKey ?? 'unsupport'} onDownload={download} />
        ) : view.kind === 'office' && !view.converter ? (
          <NoConverter onDownload={download} />
        ) : (
          <Suspense fallback={spin}>
            <Viewer view={view} setPrint={setPrint} onError={setFailure} />
          </Suspense>
        )}
      </main>
    </div>
  );
}

/** An office document on a server without LibreOffice: the page says so and offers the download. */
function NoConverter({ onDownload }: { onDownload?: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      className="cirrus-preview-error"
      data-error-key="noConverter"
      status="info"
      title={t('preview.noConverterTitle')}
      subTitle={t('preview.noConverterText')}
      extra={
        onDownload && (
          <Button type="primary" icon={<DownloadOutlined />} onClick={onDownload}>
            {t('preview.download')}
          </Button>
        )
      }
    />
  );
}

/** The view of one file: asked of the server, then shown, or its error page. */
function Preview({
  kind,
  source,
  sort,
}: {
  kind: PreviewRouteKind;
  source: PreviewSourceParams;
  sort?: SortParams;
}) {
  const { t } = useTranslation();
  // A logged-out visitor of a share link gets the userNotLogin page; elsewhere the login redirect.
  const view = usePreviewView(source, kind === 'link' ? 'none' : 'login');
  // Once loaded, the shell or the error page names the tab.
  useDocumentTitle(view.isPending ? t('preview.loading') : null);
  if (view.isPending || (view.error instanceof ApiError && view.error.handled)) {
    return <div className="cirrus-preview is-paper">{spin}</div>;
  }
  if (view.isError) {
    const errorKey = view.error instanceof ApiError ? pageKeyOf(view.error) : 'serverError';
    return (
      <div className="cirrus-preview is-paper">
        <main className="cirrus-preview-body">
          <PreviewErrorPanel
            wholePage
            errorKey={errorKey}
            onRetry={errorKey === 'timeout' ? () => void view.refetch() : undefined}
          />
          {/* The owner of a blocked file sees why and may appeal (issue 6). */}
          {errorKey === 'illegalFile' && <AppealBox error={view.error} />}
        </main>
      </div>
    );
  }
  if (view.data.folder && view.data.source === 'file') return <FolderRedirect view={view.data} />;
  return <PreviewShell kind={kind} view={view.data} source={source} sort={sort} />;
}

/** A folder's id in the viewer's address (typed, or sent as /p/{id}) opens the folder in the drive. */
function FolderRedirect({ view }: { view: PreviewView }) {
  const { mine, uploads } = usePersonalSpaces(true);
  if (mine.isPending || uploads.isPending) return <div className="cirrus-preview is-paper">{spin}</div>;
  const folder = { gid: view.groupid, folderId: view.fileid };
  return (
    <Navigate
      replace
      to={drivePath(locationOfFolder(folder, { mine: mine.data?.id, uploads: uploads.data?.id }))}
    />
  );
}

/**
 * The preview views (spec 001 §2, spec 002 §2): /p/{fid}, /s/{fid}, /l/{sid} and /view/p/{id}.
 * An address that names no file shows the file-not-exist page.
 */
export function PreviewRoute({ kind }: { kind: PreviewRouteKind }) {
  const params = useParams();
  const [search] = useSearchParams();
  const param = kind === 'link' ? params.sid : params.fid;
  const source = useMemo(() => sourceOf(kind, param, search), [kind, param, search]);
  const sort = useMemo(() => sortFromSearch(search), [search]);
  if (!source) {
    return (
      <div className="cirrus-preview is-paper">
        <main className="cirrus-preview-body">
          <PreviewErrorPanel wholePage errorKey="fileNotExists" />
        </main>
      </div>
    );
  }
  // A new file starts with a fresh viewer (its print handler, its failure).
  return <Preview key={JSON.stringify(source)} kind={kind} source={source} sort={sort} />;
}

/** The preview shell's own error routes: /403 and /502. */
export function PreviewShellError({ errorKey }: { errorKey: 'permissionDenied' | 'serverError' }) {
  const { t } = useTranslation();
  useDocumentTitle(t(`preview.errors.${errorKey}.title`));
  return (
    <div className="cirrus-preview is-paper">
      <main className="cirrus-preview-body">
        <PreviewErrorPanel wholePage errorKey={errorKey} />
      </main>
    </div>
  );
}
