import {
  ArrowLeftOutlined,
  CloseOutlined,
  DeleteOutlined,
  EyeOutlined,
  ReloadOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import {
  ERROR_TOAST_MS,
  errorText,
  formatRelativeTime,
  formatSize,
  lookupErrorMessage,
  messageText,
  type RecycleRecord,
  SHORT_ERROR_TOAST_MS,
  toMillis,
} from '@cirrus/shared';
import { App, Button, Dropdown, Empty, type MenuProps, Skeleton, Space, Typography } from 'antd';
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { BinRef } from '../../api/recycle';
import { NotFoundPage } from '../../app/NotFoundPage';
import { FileThumb } from '../../components/FileThumb';
import { HoverTooltip } from '../../components/HoverTooltip';
import { type RecordColumn, RecordList, RowMoreButton } from '../../components/RecordList';
import { useFocusReturn } from '../../components/useFocusReturn';
import { useNotify } from '../../components/useNotify';
import { useNow } from '../../components/useNow';
import { useLanguage } from '../../i18n';
import { parseId } from '../drive/location';
import { useGroup } from '../drive/queries';
import {
  clickCheckbox,
  clickRow,
  contextSelect,
  EMPTY_SELECTION,
  keepPresent,
  type Selection,
  toggleAll,
} from '../drive/selection';
import { recyclePreviewPath } from '../preview/paths';
import { DriveAreaFrame } from '../recent/DriveAreaFrame';
import { drivePaths, NOT_FOUND_PAGE } from '../recent/drive-paths';
import { useSettings } from '../settings/queries';
import { EmptyBinDialog, PurgeDialog, RecoverDialog } from './BinDialogs';
import { type BinAction, binActions, binLoadFailure, mayOpenTeamBin } from './bin-rules';
import { useBin, useEmptyBin, usePurge, useRecover } from './queries';
import './recycle.css';

type Dialog = { kind: 'recover' | 'purge'; items: RecycleRecord[] } | { kind: 'empty' };

const ACTION_ICONS: Record<BinAction, ReactNode> = {
  preview: <EyeOutlined />,
  recover: <UndoOutlined />,
  purge: <DeleteOutlined />,
};

/**
 * spec 001 §8 "Recycle and search": a bin that fails to load tells why (no answer body: server
 * busy for 1.5 s, and the recycle area shows a server-error placeholder; permissionDenied; else
 * group not exist) and goes back to /drive/recycle.
 */
function useLeaveOnFailure() {
  const language = useLanguage();
  const { message } = App.useApp();
  const navigate = useNavigate();
  return useCallback(
    (error: unknown) => {
      const failure = binLoadFailure(error);
      const seconds = (failure === 'serverBusy' ? SHORT_ERROR_TOAST_MS : ERROR_TOAST_MS) / 1000;
      void message.error(errorText(failure, language), seconds);
      void navigate(drivePaths.recycle, { replace: true, state: { binFailure: failure } });
    },
    [language, message, navigate],
  );
}

/**
 * One recycle bin (spec 001 §2, §4): the personal bin, or a team's bin for its creator, managers
 * and admins (others go to /404.html). Rows with checkbox, name, size, deletion time and deleter;
 * three right-click menus; recover, permanent delete and empty with their dialogs. A bin that
 * fails to load says why and goes back to the recycle area (spec 001 §8).
 */
function BinView({ bin, title }: { bin: BinRef; title: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const now = useNow();
  const settings = useSettings();
  const list = useBin(bin);
  const leave = useLeaveOnFailure();
  const recover = useRecover(bin);
  const purge = usePurge(bin);
  const empty = useEmptyBin(bin);

  const [rawSelection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const ids = useMemo(() => list.files.map((f) => f.id), [list.files]);
  const selection = useMemo(() => keepPresent(rawSelection, ids), [rawSelection, ids]);
  const selected = useMemo(
    () => list.files.filter((f) => selection.selected.has(f.id)),
    [list.files, selection],
  );
  const [menu, setMenu] = useState<{ x: number; y: number; items: RecycleRecord[] }>();
  useFocusReturn(menu !== undefined);
  const [dialog, setDialog] = useState<Dialog>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogKey, setDialogKey] = useState(0);
  const openDialog = (next: Dialog) => {
    setMenu(undefined);
    setDialog(next);
    setDialogKey((k) => k + 1);
    setDialogOpen(true);
  };
  const closeDialog = () => setDialogOpen(false);

  // spec 001 §8: a bin that does not load says why, then the recycle area opens.
  useEffect(() => {
    if (!list.isError) return;
    leave(list.error);
  }, [list.isError, list.error, leave]);

  const run = (action: BinAction, items: RecycleRecord[]) => {
    setMenu(undefined);
    // spec 001 §2: /view/p/{id} with the recycle marker, in this tab as the drive's preview is;
    // its Close comes back here.
    if (action === 'preview') void navigate(recyclePreviewPath(items[0].id), { state: { fromList: true } });
    else openDialog({ kind: action, items });
  };

  const failures = (failList: { result: string }[], what: 'recover' | 'purge') => {
    if (failList.length === 1)
      void message.error(lookupErrorMessage({ status: 400, body: { result: failList[0].result } }, language));
    else if (failList.length > 1)
      void message.error(t(`recycle.${what}.someFailed`, { count: failList.length }));
  };

  const confirmRecover = (items: RecycleRecord[]) =>
    recover.mutate(
      items.map((f) => f.id),
      {
        onSuccess: ({ files, failList }) => {
          closeDialog();
          setSelection(EMPTY_SELECTION);
          if (files.length > 0) {
            // Items whose folder is gone went to the root of their space (spec 001, ours: README).
            const before = new Map(items.map((f) => [f.id, f]));
            const toRoot = files.filter((f) => f.parentid === 0 && (before.get(f.id)?.parentid ?? 0) !== 0);
            const renamed = files.filter((f) => before.has(f.id) && before.get(f.id)?.fname !== f.fname);
            notify.success(messageText('recoverSuccess', language), { length: 'long' });
            if (toRoot.length > 0)
              void message.info(t('recycle.recover.toRoot', { count: toRoot.length }), 6);
            if (renamed.length > 0)
              void message.info(
                t('recycle.recover.renamed', { name: renamed[0].fname, count: renamed.length }),
                6,
              );
          }
          failures(failList, 'recover');
        },
        onError: (error) => notify.error(error),
      },
    );

  const confirmPurge = (items: RecycleRecord[]) =>
    purge.mutate(
      items.map((f) => f.id),
      {
        onSuccess: ({ failList }) => {
          closeDialog();
          setSelection(EMPTY_SELECTION);
          if (failList.length < items.length) notify.success(t('recycle.purge.done'));
          failures(failList, 'purge');
        },
        onError: (error) => notify.error(error),
      },
    );

  const actionMenu = (items: RecycleRecord[]): MenuProps['items'] =>
    binActions(items).flatMap((action) => [
      ...(action === 'purge' ? [{ type: 'divider' as const }] : []),
      {
        key: action,
        icon: ACTION_ICONS[action],
        label: t(`recycle.actions.${action}`),
        danger: action === 'purge',
      },
    ]);

  const onContextMenu = (event: MouseEvent, row: RecycleRecord | null) => {
    event.preventDefault();
    if (!row) {
      setSelection(EMPTY_SELECTION);
      setMenu(undefined);
      return;
    }
    const next = contextSelect(selection, row.id);
    setSelection(next);
    setMenu({ x: event.clientX, y: event.clientY, items: list.files.filter((f) => next.selected.has(f.id)) });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      setSelection({ selected: new Set(ids), anchor: selection.anchor });
    } else if (event.key === 'Escape') {
      setSelection(EMPTY_SELECTION);
    } else if (event.key === 'Delete' && selected.length > 0) {
      run('purge', selected);
    }
  };

  const columns: RecordColumn<RecycleRecord>[] = [
    {
      key: 'name',
      title: t('drive.list.name'),
      width: 'minmax(180px, 1fr)',
      main: true,
      render: (f) => (
        <>
          <FileThumb file={f} />
          <span className="cirrus-recordlist-stack">
            <span className="cirrus-recordlist-name" title={f.fname}>
              {f.fname}
            </span>
            <span className="cirrus-recordlist-sub" title={`${f.group_name} ${f.origin_path}`}>
              {t('recycle.list.from', {
                place: `${f.group_name}${f.origin_path === '/' ? '' : f.origin_path}`,
              })}
            </span>
          </span>
        </>
      ),
    },
    {
      key: 'size',
      title: t('drive.list.size'),
      width: '96px',
      render: (f) => (f.ftype === 'delfolder' ? '—' : formatSize(f.fsize)),
    },
    {
      key: 'deleted',
      title: t('recycle.list.deletedAt'),
      width: '148px',
      wide: true,
      render: (f) => formatRelativeTime(toMillis(f.deleted_at), now, language),
    },
    {
      key: 'deleter',
      title: t('recycle.list.deletedBy'),
      width: '132px',
      wide: true,
      render: (f) => <span title={f.deleted_by.name}>{f.deleted_by.name}</span>,
    },
  ];

  let placeholder: ReactNode;
  if (list.isPending) {
    placeholder = (
      <Skeleton active className="cirrus-filelist-skeleton" paragraph={{ rows: 6 }} title={false} />
    );
  } else if (list.isError) {
    placeholder = <Skeleton className="cirrus-filelist-skeleton" paragraph={{ rows: 3 }} title={false} />;
  } else if (list.files.length === 0) {
    placeholder = (
      <Empty
        className="cirrus-filelist-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <Typography.Text strong>{t('recycle.list.empty')}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t('recycle.list.emptyText')}</Typography.Text>
          </>
        }
      />
    );
  }

  const days = settings.trash_retention_days;
  const selectedActions = binActions(selected).filter((a) => a !== 'preview');
  return (
    <DriveAreaFrame
      title={title}
      heading={
        <Space size={4}>
          <HoverTooltip title={t('recycle.backToArea')}>
            <Button
              type="text"
              icon={<ArrowLeftOutlined aria-hidden />}
              aria-label={t('recycle.backToArea')}
              onClick={() => void navigate(drivePaths.recycle)}
            />
          </HoverTooltip>
          <Typography.Title level={1} className="cirrus-area-heading-title">
            {title}
          </Typography.Title>
        </Space>
      }
    >
      <section className="cirrus-area-body">
        <div className="cirrus-toolbar">
          {selected.length > 0 ? (
            <Space wrap size={8}>
              <Button
                type="text"
                icon={<CloseOutlined />}
                aria-label={t('drive.toolbar.clearSelection')}
                onClick={() => setSelection(EMPTY_SELECTION)}
              />
              <Typography.Text strong>
                {t('drive.toolbar.selected', { count: selected.length })}
              </Typography.Text>
              {selectedActions.map((action) => (
                <Button
                  key={action}
                  icon={ACTION_ICONS[action]}
                  danger={action === 'purge'}
                  onClick={() => run(action, selected)}
                >
                  {t(`recycle.actions.${action}`)}
                </Button>
              ))}
            </Space>
          ) : (
            <Space wrap size={8}>
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={list.files.length === 0}
                onClick={() => openDialog({ kind: 'empty' })}
              >
                {t('recycle.empty.button')}
              </Button>
              {days > 0 && (
                <Typography.Text type="secondary">{t('recycle.retention', { count: days })}</Typography.Text>
              )}
            </Space>
          )}
          <div className="cirrus-toolbar-right">
            {list.isSuccess && (
              <Typography.Text type="secondary">
                {t('drive.list.count', { count: list.total })}
              </Typography.Text>
            )}
            <HoverTooltip title={t('drive.toolbar.refresh')}>
              <Button
                type="text"
                icon={<ReloadOutlined spin={list.isRefetching && !list.isFetchingNextPage} />}
                aria-label={t('drive.toolbar.refresh')}
                onClick={() => void list.refetch()}
              />
            </HoverTooltip>
          </div>
        </div>

        <RecordList
          label={t('recycle.list.label')}
          rows={list.files}
          columns={columns}
          selected={selection.selected}
          total={list.total}
          paging="button"
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          onRowClick={(row, event) =>
            setSelection(
              clickRow(selection, ids, row.id, {
                shift: event.shiftKey,
                toggle: event.ctrlKey || event.metaKey,
              }),
            )
          }
          onCheckboxClick={(row, shift) => setSelection(clickCheckbox(selection, ids, row.id, { shift }))}
          onToggleAll={() => setSelection(toggleAll(selection, ids))}
          onContextMenu={onContextMenu}
          onKeyDown={onKeyDown}
          rowLabel={(row) => t('drive.list.select', { name: row.fname })}
          rowActions={(row) => (
            <>
              <button
                type="button"
                className="cirrus-row-button"
                title={t('recycle.actions.recover')}
                aria-label={t('recycle.actions.recover')}
                onClick={() => run('recover', [row])}
              >
                <UndoOutlined aria-hidden />
              </button>
              <RowMoreButton
                name={row.fname}
                onOpen={(at) => {
                  setSelection(contextSelect(selection, row.id));
                  setMenu({ ...at, items: [row] });
                }}
              />
            </>
          )}
          placeholder={placeholder}
        />
      </section>

      <Dropdown
        autoFocus
        open={menu !== undefined}
        onOpenChange={(open) => !open && setMenu(undefined)}
        trigger={['contextMenu']}
        menu={{
          items: menu ? actionMenu(menu.items) : [],
          onClick: ({ key }) => menu && run(key as BinAction, menu.items),
        }}
      >
        <span className="cirrus-context-anchor" style={{ left: menu?.x ?? 0, top: menu?.y ?? 0 }} />
      </Dropdown>

      {dialog?.kind === 'recover' && (
        <RecoverDialog
          key={dialogKey}
          open={dialogOpen}
          items={dialog.items}
          pending={recover.isPending}
          onClose={closeDialog}
          onConfirm={() => confirmRecover(dialog.items)}
        />
      )}
      {dialog?.kind === 'purge' && (
        <PurgeDialog
          key={dialogKey}
          open={dialogOpen}
          items={dialog.items}
          pending={purge.isPending}
          onClose={closeDialog}
          onConfirm={() => confirmPurge(dialog.items)}
        />
      )}
      {dialog?.kind === 'empty' && (
        <EmptyBinDialog
          key={dialogKey}
          open={dialogOpen}
          total={list.total}
          pending={empty.isPending}
          onClose={closeDialog}
          onConfirm={() =>
            empty.mutate(undefined, {
              onSuccess: () => {
                closeDialog();
                setSelection(EMPTY_SELECTION);
                notify.success(t('recycle.empty.done'));
              },
              onError: (error) => notify.error(error),
            })
          }
        />
      )}
    </DriveAreaFrame>
  );
}

/** /drive/recycle/my: the personal bin (my drive and the uploaded files). */
export function MyBinPage() {
  const { t } = useTranslation();
  return <BinView bin={{ kind: 'mine' }} title={t('recycle.myBin')} />;
}

/**
 * /drive/recycle/group/{gid} and /drive/group/{gid}/recycle: a team's bin. Who may not open it is
 * sent to /404.html (spec 001 §2); a team that does not load says so and goes back (spec 001 §8).
 */
export function TeamBinPage() {
  const { t } = useTranslation();
  const leave = useLeaveOnFailure();
  const gid = parseId(useParams().gid);
  const team = useGroup(gid);
  const allowed = team.isSuccess && mayOpenTeamBin(team.data.user_role);

  useEffect(() => {
    if (team.isSuccess && !allowed) window.location.replace(NOT_FOUND_PAGE);
  }, [team.isSuccess, allowed]);
  useEffect(() => {
    if (!team.isError) return;
    leave(team.error);
  }, [team.isError, team.error, leave]);

  if (gid === undefined) return <NotFoundPage />;
  if (!allowed || !team.data) {
    return (
      <DriveAreaFrame title={t('recycle.title')}>
        <Skeleton active className="cirrus-filelist-skeleton" paragraph={{ rows: 6 }} title={false} />
      </DriveAreaFrame>
    );
  }
  return (
    <BinView key={gid} bin={{ kind: 'team', gid }} title={t('recycle.teamBin', { name: team.data.name })} />
  );
}
