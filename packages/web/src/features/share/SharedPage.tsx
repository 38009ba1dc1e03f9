import { CopyOutlined, LogoutOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import {
  formatRelativeTime,
  formatSize,
  isFolderFtype,
  linkPath,
  messageText,
  plainFtype,
  type SharedFileItem,
  toMillis,
} from '@cirrus/shared';
import { Button, Dropdown, Empty, type MenuProps, Result, Segmented, Skeleton, Tag, Typography } from 'antd';
import { type MouseEvent, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/http';
import type { SharedFilter } from '../../api/links';
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
import { DRIVE_PHONE_QUERY, useMediaQuery } from '../drive/useMediaQuery';
import { DriveAreaFrame } from '../recent/DriveAreaFrame';
import { ConfirmDialog } from '../teams/ConfirmDialog';
import { copyText } from './copy';
import { linkAddress } from './link-text';
import { MemberSummary } from './MemberSummary';
import { useExitShare, useSharedList } from './queries';
import { useShareActions } from './useShareActions';
import './share.css';

/**
 * Shared files (spec 002 §2 /drive/share, §3): shared with me and shared by me, 50 at a time,
 * newest first. An item opens its link page; one shared with me can be left (exit share), one
 * of mine opens its share panel.
 */
export function SharedPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const navigate = useNavigate();
  const now = useNow();
  const [search, setSearch] = useSearchParams();
  const filter: SharedFilter = search.get('filter') === 'sent' ? 'sent' : 'received';
  const list = useSharedList(filter);
  const exit = useExitShare();
  const sharing = useShareActions();
  const phone = useMediaQuery(DRIVE_PHONE_QUERY);
  const [rawSelection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const ids = useMemo(() => list.files.map((f) => f.id), [list.files]);
  const selection = useMemo(() => keepPresent(rawSelection, ids), [rawSelection, ids]);
  const [menu, setMenu] = useState<{ x: number; y: number; file: SharedFileItem }>();
  useFocusReturn(menu !== undefined);
  const [leaving, setLeaving] = useState<SharedFileItem>();

  const open = (file: SharedFileItem) => void navigate(linkPath(file.link.sid));
  const copy = async (file: SharedFileItem) => {
    if (
      await copyText(
        linkAddress(window.location.origin, linkPath(file.link.sid)),
        messageText('copyFailedTip', language),
      )
    )
      notify.success(messageText('copySuccess', language));
  };
  const run = (key: string, file: SharedFileItem) => {
    setMenu(undefined);
    if (key === 'open') open(file);
    else if (key === 'copy') void copy(file);
    else if (key === 'exit') setLeaving(file);
    else if (key === 'settings') sharing.share(file);
  };
  const menuItems = (): MenuProps['items'] => [
    { key: 'open', label: t('share.list.open') },
    { key: 'copy', icon: <CopyOutlined aria-hidden />, label: t('share.list.copyLink') },
    filter === 'received'
      ? { key: 'exit', icon: <LogoutOutlined aria-hidden />, label: t('share.list.exit'), danger: true }
      : { key: 'settings', icon: <SettingOutlined aria-hidden />, label: t('share.list.settings') },
  ];
  const onContextMenu = (event: MouseEvent, row: SharedFileItem | null) => {
    event.preventDefault();
    if (!row) return setMenu(undefined);
    setSelection(contextSelect(selection, row.id));
    setMenu({ x: event.clientX, y: event.clientY, file: row });
  };

  const sharedAt = (f: SharedFileItem) => formatRelativeTime(toMillis(f.shared_at), now, language);
  const stateTags = (f: SharedFileItem) => (
    <>
      {f.link.status === 'expired' && (
        <Tag color="red" className="cirrus-share-inline-tag">
          {t('share.status.expired')}
        </Tag>
      )}
      {f.link.has_chkcode && <Tag className="cirrus-share-inline-tag">{t('share.status.codeOn')}</Tag>}
    </>
  );
  // The line under the name: the link's state tags, then a text. The text is cut first (its whole
  // in a tooltip), so a tag is never left as an ellipsis. Wide, the text is the link's range; a
  // phone hides the other columns, so there it says who shared the file (shared with me) and when.
  const subLineText = (f: SharedFileItem) => {
    if (!phone) return t(`share.range.${f.link.ranges}`);
    return filter === 'received'
      ? t('share.list.sharerAndTime', { name: f.creator.name, time: sharedAt(f) })
      : sharedAt(f);
  };
  const subLine = (f: SharedFileItem) => {
    const text = subLineText(f);
    return (
      <span className="cirrus-recordlist-sub cirrus-share-line">
        {stateTags(f)}
        <span className="cirrus-share-line-text" title={text}>
          {text}
        </span>
      </span>
    );
  };

  const columns: RecordColumn<SharedFileItem>[] = [
    {
      key: 'name',
      title: t('drive.list.name'),
      width: 'minmax(200px, 1fr)',
      main: true,
      render: (f) => (
        <>
          <FileThumb file={{ ...f, ftype: plainFtype(f.ftype) }} />
          <span className="cirrus-recordlist-stack">
            <Link
              to={linkPath(f.link.sid)}
              className="cirrus-recordlist-name cirrus-filelist-name"
              title={f.fname}
              onClick={(event) => event.stopPropagation()}
            >
              {f.fname}
            </Link>
            {subLine(f)}
          </span>
        </>
      ),
    },
    filter === 'received'
      ? { key: 'creator', title: t('share.list.sharer'), width: '132px', render: (f) => f.creator.name }
      : {
          key: 'members',
          title: t('share.list.members'),
          width: '150px',
          wide: true,
          render: (f) => <MemberSummary summary={f.link_members_summary} />,
        },
    // Narrower than the drive's size and time columns (96 and 148 px), though wide enough for
    // "1023.99 KB" and "2025-11-29 13:10": the name column needs the room for the line under a name
    // (two tags and the range), where the window is 1280 px and both side lists are open.
    {
      key: 'size',
      title: t('drive.list.size'),
      width: '80px',
      wide: true,
      render: (f) => (isFolderFtype(f.ftype) ? '—' : formatSize(f.fsize)),
    },
    {
      key: 'shared',
      title: t('share.list.sharedAt'),
      width: '112px',
      render: sharedAt,
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
        title={t('share.list.loadFailed')}
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
            <Typography.Text strong>
              {t(filter === 'received' ? 'share.list.emptyReceived' : 'share.list.emptySent')}
            </Typography.Text>
            <br />
            <Typography.Text type="secondary">
              {t(filter === 'received' ? 'share.list.emptyReceivedText' : 'share.list.emptySentText')}
            </Typography.Text>
          </>
        }
      />
    );

  return (
    <DriveAreaFrame title={t('share.list.title')}>
      <section className="cirrus-area-body">
        <div className="cirrus-toolbar">
          <Segmented
            value={filter}
            onChange={(value) => {
              setSelection(EMPTY_SELECTION);
              setSearch(value === 'sent' ? { filter: 'sent' } : {}, { replace: true });
            }}
            options={[
              { value: 'received', label: t('share.list.received') },
              { value: 'sent', label: t('share.list.sent') },
            ]}
          />
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
          label={t('share.list.title')}
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
          rowActions={(row) =>
            // A phone has room for one button: the row's menu, as in the other lists on a phone.
            phone ? (
              <RowMoreButton
                name={row.fname}
                onOpen={(at) => {
                  setSelection(contextSelect(selection, row.id));
                  setMenu({ ...at, file: row });
                }}
              />
            ) : (
              <>
                <button
                  type="button"
                  className="cirrus-row-button"
                  title={t('share.list.copyLink')}
                  aria-label={t('share.list.copyLinkOf', { name: row.fname })}
                  onClick={() => void copy(row)}
                >
                  <CopyOutlined aria-hidden />
                </button>
                {filter === 'received' ? (
                  <button
                    type="button"
                    className="cirrus-row-button"
                    title={t('share.list.exit')}
                    aria-label={t('share.list.exitOf', { name: row.fname })}
                    onClick={() => setLeaving(row)}
                  >
                    <LogoutOutlined aria-hidden />
                  </button>
                ) : (
                  <button
                    type="button"
                    className="cirrus-row-button"
                    title={t('share.list.settings')}
                    aria-label={t('share.list.settingsOf', { name: row.fname })}
                    onClick={() => sharing.share(row)}
                  >
                    <SettingOutlined aria-hidden />
                  </button>
                )}
              </>
            )
          }
          placeholder={placeholder}
        />
      </section>
      <Dropdown
        autoFocus
        open={menu !== undefined}
        onOpenChange={(visible) => !visible && setMenu(undefined)}
        trigger={['contextMenu']}
        menu={{ items: menu ? menuItems() : [], onClick: ({ key }) => menu && run(key, menu.file) }}
      >
        <span className="cirrus-context-anchor" style={{ left: menu?.x ?? 0, top: menu?.y ?? 0 }} />
      </Dropdown>
      <ConfirmDialog
        open={leaving !== undefined}
        title={t('share.list.exitTitle')}
        okText={t('share.list.exit')}
        danger
        loading={exit.isPending}
        onOk={() =>
          leaving &&
          exit.mutate(leaving.link.sid, {
            onSuccess: () => {
              setLeaving(undefined);
              notify.success(t('share.list.exitDone'));
            },
            onError: (error) => notify.error(error),
          })
        }
        onCancel={() => setLeaving(undefined)}
      >
        {t('share.list.exitText', { name: leaving?.fname ?? '' })}
      </ConfirmDialog>
      {sharing.dialogs}
    </DriveAreaFrame>
  );
}
