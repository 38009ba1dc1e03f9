import { FolderOpenOutlined, ReloadOutlined, StarFilled } from '@ant-design/icons';
import { type FileRecord, formatRelativeTime, formatSize, toMillis } from '@cirrus/shared';
import { Button, Dropdown, Empty, type MenuProps, Result, Skeleton, Typography } from 'antd';
import { type MouseEvent, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../api/http';
import { FileThumb } from '../../components/FileThumb';
import { HoverTooltip } from '../../components/HoverTooltip';
import { type RecordColumn, RecordList, RowMoreButton } from '../../components/RecordList';
import { useFocusReturn } from '../../components/useFocusReturn';
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
import { DriveAreaFrame } from '../recent/DriveAreaFrame';
import { folderOf, openAddress } from '../recent/file-place';
import { useStarred } from './queries';

/**
 * The starred files (spec 001 §2 /drive/stared, §4): newest star first; unstarring drops the
 * row (spec 001 §4) with the delete-star message. Each row says where the file lives and opens
 * its folder.
 */
export function StarredPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const now = useNow();
  const list = useStarred();
  const extras = useFileExtras();
  const spaceName = useSpaceName();
  const [rawSelection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const ids = useMemo(() => list.files.map((f) => f.id), [list.files]);
  const selection = useMemo(() => keepPresent(rawSelection, ids), [rawSelection, ids]);
  const [menu, setMenu] = useState<{ x: number; y: number; files: FileRecord[] }>();
  useFocusReturn(menu !== undefined);

  const open = (file: FileRecord) => void navigate(openAddress(file));
  const menuItems = (files: FileRecord[]): MenuProps['items'] => [
    ...(files.length === 1
      ? [{ key: 'open', icon: <FolderOpenOutlined />, label: t('stars.openLocation') }]
      : []),
    ...extras.menuItems(files),
  ];
  const onMenu = (key: string, files: FileRecord[]) => {
    setMenu(undefined);
    if (key === 'open') open(files[0]);
    else extras.run(key, files);
  };
  const onContextMenu = (event: MouseEvent, row: FileRecord | null) => {
    event.preventDefault();
    if (!row) return setMenu(undefined);
    const next = contextSelect(selection, row.id);
    setSelection(next);
    setMenu({ x: event.clientX, y: event.clientY, files: list.files.filter((f) => next.selected.has(f.id)) });
  };

  const columns: RecordColumn<FileRecord>[] = [
    {
      key: 'name',
      title: t('drive.list.name'),
      width: 'minmax(180px, 1fr)',
      main: true,
      render: (f) => (
        <>
          <FileThumb file={f} />
          <span className="cirrus-recordlist-stack">
            <Link
              to={openAddress(f)}
              className="cirrus-recordlist-name cirrus-filelist-name"
              title={f.fname}
              onClick={(event) => event.stopPropagation()}
            >
              {f.fname}
            </Link>
            <span className="cirrus-recordlist-sub">{`${spaceName(f)}${folderOf(f.path)}`}</span>
          </span>
        </>
      ),
    },
    {
      key: 'size',
      title: t('drive.list.size'),
      width: '96px',
      render: (f) => (f.ftype === 'folder' ? '—' : formatSize(f.fsize)),
    },
    {
      key: 'mtime',
      title: t('drive.list.mtime'),
      width: '148px',
      wide: true,
      render: (f) => formatRelativeTime(toMillis(f.mtime), now, language),
    },
    {
      key: 'modifier',
      title: t('drive.list.modifier'),
      width: '132px',
      wide: true,
      render: (f) => f.modifier.name,
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
        title={t('stars.loadFailed')}
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
            <Typography.Text strong>{t('stars.empty')}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t('stars.emptyText')}</Typography.Text>
          </>
        }
      />
    );

  return (
    <DriveAreaFrame title={t('stars.title')}>
      <section className="cirrus-area-body">
        <div className="cirrus-toolbar">
          <Typography.Text type="secondary">{t('stars.intro')}</Typography.Text>
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
          label={t('stars.listLabel')}
          rows={list.files}
          columns={columns}
          selected={selection.selected}
          total={list.total}
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
            <>
              <button
                type="button"
                className="cirrus-row-button"
                title={t('history.actions.unstar')}
                aria-label={t('stars.unstarOne', { name: row.fname })}
                onClick={() => extras.run('unstar', [row])}
              >
                <StarFilled aria-hidden style={{ color: '#f5b82e' }} />
              </button>
              <RowMoreButton name={row.fname} onOpen={(at) => setMenu({ ...at, files: [row] })} />
            </>
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
