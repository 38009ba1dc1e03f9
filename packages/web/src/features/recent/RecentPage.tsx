import {
  CloseCircleOutlined,
  CloudUploadOutlined,
  FolderOpenOutlined,
  FolderOutlined,
  HddOutlined,
  ReloadOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { formatRelativeTime, formatSize, type RecentRecord, toMillis } from '@cirrus/shared';
import { Button, Dropdown, Empty, type MenuProps, Result, Skeleton, Space, Typography } from 'antd';
import { type MouseEvent, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../api/http';
import { FileThumb } from '../../components/FileThumb';
import { HoverTooltip } from '../../components/HoverTooltip';
import { type RecordColumn, RecordList, RowMoreButton } from '../../components/RecordList';
import { useFocusReturn } from '../../components/useFocusReturn';
import { useNotify } from '../../components/useNotify';
import { useNow } from '../../components/useNow';
import { useLanguage } from '../../i18n';
import {
  clickCheckbox,
  clickRow,
  contextSelect,
  EMPTY_SELECTION,
  keepPresent,
  type Selection,
  toggleAll,
} from '../drive/selection';
import { useFileExtras, useSpaceName } from '../history/useFileExtras';
import { DriveAreaFrame } from './DriveAreaFrame';
import { folderOf, openAddress } from './file-place';
import { useForgetRecent, useRecent } from './queries';

const SOURCE_ICONS: Partial<Record<RecentRecord['file_src_type'], ReactNode>> = {
  private: <HddOutlined aria-hidden />,
  tmp: <CloudUploadOutlined aria-hidden />,
  group: <TeamOutlined aria-hidden />,
};

/**
 * Recent files (spec 001 §7 GET /api/v3/roaming): what the user last opened, uploaded or changed,
 * last first, each with where it lives (file_src_type: my drive, uploaded files or a team, and
 * its folder). Entries can be removed from the list (the files stay).
 */
export function RecentPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const navigate = useNavigate();
  const now = useNow();
  const list = useRecent();
  const forget = useForgetRecent();
  const extras = useFileExtras();
  const spaceName = useSpaceName();
  const [rawSelection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const ids = useMemo(() => list.files.map((f) => f.id), [list.files]);
  const selection = useMemo(() => keepPresent(rawSelection, ids), [rawSelection, ids]);
  const selected = useMemo(
    () => list.files.filter((f) => selection.selected.has(f.id)),
    [list.files, selection],
  );
  const [menu, setMenu] = useState<{ x: number; y: number; files: RecentRecord[] }>();
  useFocusReturn(menu !== undefined);

  const open = (file: RecentRecord) => void navigate(openAddress(file));
  const remove = (files: RecentRecord[]) =>
    forget.mutate(
      files.map((f) => f.id),
      {
        onSuccess: () => {
          setSelection(EMPTY_SELECTION);
          notify.success(t('recent.removed'));
        },
        onError: (error) => notify.error(error),
      },
    );
  const menuItems = (files: RecentRecord[]): MenuProps['items'] => [
    ...(files.length === 1
      ? [{ key: 'open', icon: <FolderOpenOutlined />, label: t('stars.openLocation') }]
      : []),
    ...extras.menuItems(files),
    { type: 'divider' as const },
    { key: 'forget', icon: <CloseCircleOutlined />, label: t('recent.remove') },
  ];
  const onMenu = (key: string, files: RecentRecord[]) => {
    setMenu(undefined);
    if (key === 'open') open(files[0]);
    else if (key === 'forget') remove(files);
    else extras.run(key, files);
  };
  const onContextMenu = (event: MouseEvent, row: RecentRecord | null) => {
    event.preventDefault();
    if (!row) return setMenu(undefined);
    const next = contextSelect(selection, row.id);
    setSelection(next);
    setMenu({ x: event.clientX, y: event.clientY, files: list.files.filter((f) => next.selected.has(f.id)) });
  };

  const columns: RecordColumn<RecentRecord>[] = [
    {
      key: 'name',
      title: t('drive.list.name'),
      // The least each column takes: the list fits a laptop's width with both side panes open.
      width: 'minmax(140px, 1fr)',
      main: true,
      render: (f) => (
        <>
          <FileThumb file={f} />
          <Link
            to={openAddress(f)}
            className="cirrus-recordlist-name cirrus-filelist-name"
            title={f.fname}
            onClick={(event) => event.stopPropagation()}
          >
            {f.fname}
          </Link>
        </>
      ),
    },
    {
      key: 'place',
      title: t('recent.place'),
      width: 'minmax(100px, 0.7fr)',
      // Where it lives (spec 001 §3 file_src_type): my drive, uploaded files or the team, then the folder.
      render: (f) => {
        const place = `${spaceName(f) || f.group_name}${folderOf(f.path)}`;
        return (
          <span className="cirrus-recent-place" title={`${t(`recent.source.${f.file_src_type}`)}: ${place}`}>
            {SOURCE_ICONS[f.file_src_type] ?? <FolderOutlined aria-hidden />}
            <span className="cirrus-recordlist-name">{place}</span>
          </span>
        );
      },
    },
    {
      key: 'size',
      title: t('drive.list.size'),
      width: '96px',
      wide: true,
      render: (f) => formatSize(f.fsize),
    },
    {
      key: 'used',
      title: t('recent.usedAt'),
      width: '132px',
      render: (f) => (
        <span title={t(`recent.action.${f.action}`, { defaultValue: '' })}>
          {formatRelativeTime(toMillis(f.rtime), now, language)}
        </span>
      ),
    },
  ];

  let placeholder: ReactNode;
  if (list.isPending)
    placeholder = (
      <Skeleton active className="cirrus-filelist-skeleton" paragraph={{ rows: 6 }} title={false} />
    );
  else if (list.isError)
    placeholder = (
      <Result
        status="warning"
        title={t('recent.loadFailed')}
        subTitle={errorMessage(list.error, language)}
        extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
      />
    );
  else if (list.files.length === 0)
    placeholder = (
      <Empty
        className="cirrus-filelist-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <Typography.Text strong>{t('recent.empty')}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t('recent.emptyText')}</Typography.Text>
          </>
        }
      />
    );

  return (
    <DriveAreaFrame title={t('recent.title')}>
      <section className="cirrus-area-body">
        <div className="cirrus-toolbar">
          {selected.length > 0 ? (
            <Space size={8}>
              <Typography.Text strong>
                {t('drive.toolbar.selected', { count: selected.length })}
              </Typography.Text>
              <Button
                icon={<CloseCircleOutlined />}
                loading={forget.isPending}
                onClick={() => remove(selected)}
              >
                {t('recent.remove')}
              </Button>
            </Space>
          ) : (
            <Typography.Text type="secondary">{t('recent.intro')}</Typography.Text>
          )}
          <div className="cirrus-toolbar-right">
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
          label={t('recent.listLabel')}
          rows={list.files}
          columns={columns}
          selected={selection.selected}
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
          onOpen={open}
          onContextMenu={onContextMenu}
          rowLabel={(row) => t('drive.list.select', { name: row.fname })}
          rowActions={(row) => (
            <RowMoreButton name={row.fname} onOpen={(at) => setMenu({ ...at, files: [row] })} />
          )}
          placeholder={placeholder}
        />
      </section>
      <Dropdown
        autoFocus
        open={menu !== undefined}
        onOpenChange={(isOpen) => !isOpen && setMenu(undefined)}
        trigger={['contextMenu']}
        menu={{
          items: menu ? menuItems(menu.files) : [],
          onClick: ({ key }) => menu && onMenu(key, menu.files),
        }}
      >
        <span className="cirrus-context-anchor" style={{ left: menu?.x ?? 0, top: menu?.y ?? 0 }} />
      </Dropdown>
      {extras.panels}
    </DriveAreaFrame>
  );
}
