import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { type FileRecord, formatRelativeTime, formatSize, LIST_ITEM_HEIGHT, toMillis } from '@cirrus/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Spin } from 'antd';
import {
  type DragEvent,
  type KeyboardEvent,
  type MouseEvent,
  memo,
  type ReactNode,
  useEffect,
  useMemo,
  useRef,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FileSort, SortField } from '../api/drive';
import { useLanguage } from '../i18n';
import { FileTypeIcon } from './FileTypeIcon';
import { useNow } from './useNow';
import './VirtualFileList.css';

/** Rows rendered beyond the visible ones; also how early the next page is asked for. */
const OVERSCAN = 12;

export interface VirtualFileListProps {
  files: readonly FileRecord[];
  /** All rows the folder has (the server's total), for screen readers. */
  total: number;
  selected: ReadonlySet<number>;
  /** A row to bring into view once it is in the list (each id once). */
  scrollToId?: number;
  /** The row the arrow keys moved to: brought into view and its checkbox focused (each seq once). */
  focusRow?: { id: number; seq: number };
  sort: FileSort;
  onSort: (field: SortField) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onRowClick: (file: FileRecord, event: MouseEvent) => void;
  onCheckboxClick: (file: FileRecord, shift: boolean) => void;
  onToggleAll: () => void;
  /** Double-click, Enter, or a click on a folder's name. */
  onOpen: (file: FileRecord) => void;
  /** A right-click on a row, or on the blank area below the rows (file null). */
  onContextMenu: (event: MouseEvent, file: FileRecord | null) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** The address a folder name links to. */
  linkOf?: (file: FileRecord) => string | undefined;
  /** Buttons shown on the right of a hovered or selected row. */
  rowActions?: (file: FileRecord) => ReactNode;
  /** Shown after a row's name (a file's lock and its holder). */
  nameExtra?: (file: FileRecord) => ReactNode;
  /** What the body shows instead of rows (loading, empty, error). */
  placeholder?: ReactNode;
  /** Moving rows by dragging them onto a folder row (features/drive/drag-move.ts). */
  drag?: RowDrag;
  /** The folder row a drag of rows is over, which takes them if they are dropped. */
  dropTargetId?: number;
}

/** The drag events of the rows: which may be dragged, and what a drag does over a row. */
export interface RowDrag {
  draggable: (file: FileRecord) => boolean;
  start: (file: FileRecord, event: DragEvent) => void;
  over: (file: FileRecord, event: DragEvent) => void;
  leave: (file: FileRecord, event: DragEvent) => void;
  drop: (file: FileRecord, event: DragEvent) => void;
  end: () => void;
}

const COLUMNS: { field: SortField | null; key: 'name' | 'size' | 'mtime' | 'modifier' }[] = [
  { field: 'name', key: 'name' },
  { field: 'size', key: 'size' },
  { field: 'mtime', key: 'mtime' },
  { field: null, key: 'modifier' },
];

/** What a row calls back; one stable object for all rows, so unchanged rows skip rendering while the list scrolls. */
interface RowEvents {
  click: (file: FileRecord, event: MouseEvent) => void;
  check: (file: FileRecord, shift: boolean) => void;
  open: (file: FileRecord) => void;
  menu: (event: MouseEvent, file: FileRecord) => void;
  actions: (file: FileRecord) => ReactNode;
  extra: (file: FileRecord) => ReactNode;
  drag: RowDrag;
}

interface FileRowProps {
  file: FileRecord;
  index: number;
  start: number;
  size: number;
  setSize: number;
  selected: boolean;
  draggable: boolean;
  dropTarget: boolean;
  link?: string;
  time: string;
  selectLabel: string;
  events: RowEvents;
}

const FileRow = memo(function FileRow({
  file,
  index,
  start,
  size,
  setSize,
  selected,
  draggable,
  dropTarget,
  link,
  time,
  selectLabel,
  events,
}: FileRowProps) {
  const isFolder = file.ftype === 'folder';
  return (
    // A click selects the row, as in every file manager; by keyboard the checkbox does.
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    <li
      aria-posinset={index + 1}
      aria-setsize={setSize}
      data-file-id={file.id}
      className={`cirrus-filelist-row${selected ? ' is-selected' : ''}${dropTarget ? ' is-drop-target' : ''}`}
      style={{ height: size, transform: `translateY(${start}px)` }}
      onClick={(event) => events.click(file, event)}
      onDoubleClick={() => events.open(file)}
      onContextMenu={(event) => events.menu(event, file)}
      draggable={draggable || undefined}
      onDragStart={(event) => events.drag.start(file, event)}
      onDragOver={(event) => events.drag.over(file, event)}
      onDragLeave={(event) => events.drag.leave(file, event)}
      onDrop={(event) => events.drag.drop(file, event)}
      onDragEnd={() => events.drag.end()}
    >
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: only stops the row click; the checkbox has its own keys */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: same */}
      <div className="cirrus-filelist-check" onClick={(event) => event.stopPropagation()}>
        <input
          type="checkbox"
          className="cirrus-check"
          aria-label={selectLabel}
          checked={selected}
          // React fires change from the click, so the click's Shift key is there.
          onChange={(event) =>
            events.check(file, (event.nativeEvent as globalThis.MouseEvent).shiftKey === true)
          }
        />
      </div>
      <div className="cirrus-filelist-col-name">
        <FileTypeIcon file={file} />
        {isFolder && link ? (
          <Link
            to={link}
            className="cirrus-filelist-name"
            title={file.fname}
            onClick={(event) => {
              // With a modifier the click selects, like anywhere else on the row.
              if (event.shiftKey || event.ctrlKey || event.metaKey) event.preventDefault();
              else event.stopPropagation();
            }}
          >
            {file.fname}
          </Link>
        ) : (
          <span className="cirrus-filelist-name" title={file.fname}>
            {file.fname}
          </span>
        )}
        {events.extra(file)}
      </div>
      <div className="cirrus-filelist-col-size">{isFolder ? '—' : formatSize(file.fsize)}</div>
      <div className="cirrus-filelist-col-mtime">{time}</div>
      <div className="cirrus-filelist-col-modifier" title={file.modifier.name}>
        {file.modifier.name}
      </div>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: only stops the row click; the buttons have their own keys */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: same */}
      <div className="cirrus-filelist-col-actions" onClick={(event) => event.stopPropagation()}>
        {events.actions(file)}
      </div>
    </li>
  );
});

/**
 * The file list of the drive: a virtualised list (only the rows in view exist in the page, so
 * ten thousand rows scroll as smoothly as ten), 52 px rows (spec 001 §9), sortable columns,
 * checkbox selection and infinite paging. Selection and paging rules belong to the caller.
 * Rows use plain elements (a styled native checkbox, plain buttons) rather than antd components:
 * a fast fling mounts several rows per frame, and antd's checkbox alone made each frame a third
 * slower.
 */
export function VirtualFileList(props: VirtualFileListProps) {
  const {
    files,
    total,
    selected,
    sort,
    onSort,
    hasMore,
    loadingMore,
    onLoadMore,
    onToggleAll,
    onKeyDown,
    linkOf,
    placeholder,
  } = props;
  const { t } = useTranslation();
  const language = useLanguage();
  const now = useNow();
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowCount = files.length + (hasMore ? 1 : 0);

  // The latest handlers, reached through one stable object (see RowEvents).
  const latest = useRef(props);
  latest.current = props;
  const events = useMemo<RowEvents>(
    () => ({
      click: (file, event) => latest.current.onRowClick(file, event),
      check: (file, shift) => latest.current.onCheckboxClick(file, shift),
      open: (file) => latest.current.onOpen(file),
      menu: (event, file) => latest.current.onContextMenu(event, file),
      actions: (file) => latest.current.rowActions?.(file),
      extra: (file) => latest.current.nameExtra?.(file),
      drag: {
        draggable: (file) => latest.current.drag?.draggable(file) ?? false,
        start: (file, event) => latest.current.drag?.start(file, event),
        over: (file, event) => latest.current.drag?.over(file, event),
        leave: (file, event) => latest.current.drag?.leave(file, event),
        drop: (file, event) => latest.current.drag?.drop(file, event),
        end: () => latest.current.drag?.end(),
      },
    }),
    [],
  );

  const virtualizer = useVirtualizer({
    count: placeholder ? 0 : rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => LIST_ITEM_HEIGHT,
    overscan: OVERSCAN,
    getItemKey: (index) => files[index]?.id ?? 'more',
  });
  const items = virtualizer.getVirtualItems();

  const scrolledTo = useRef<number>(undefined);
  useEffect(() => {
    if (props.scrollToId === undefined || scrolledTo.current === props.scrollToId) return;
    const index = files.findIndex((file) => file.id === props.scrollToId);
    if (index < 0) return;
    scrolledTo.current = props.scrollToId;
    virtualizer.scrollToIndex(index, { align: 'center' });
  }, [props.scrollToId, files, virtualizer]);

  // The arrow keys' row: in view first, then (once it is rendered) its checkbox takes the focus,
  // so the list keeps the keys and a screen reader says which row it is.
  // Only a new request moves the focus, not a page of rows arriving.
  const focusRow = props.focusRow;
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!focusRow) return;
    const index = files.findIndex((file) => file.id === focusRow.id);
    if (index < 0) return;
    virtualizer.scrollToIndex(index, { align: 'auto' });
    const frame = requestAnimationFrame(() =>
      scrollRef.current
        ?.querySelector<HTMLInputElement>(`[data-file-id="${focusRow.id}"] input`)
        ?.focus({ preventScroll: true }),
    );
    return () => cancelAnimationFrame(frame);
  }, [focusRow]);

  const lastIndex = items.at(-1)?.index ?? -1;

  // The next page is asked for once the loader row comes within the overscan.
  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= files.length - 1) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, files.length, onLoadMore]);

  const selectedCount = files.reduce((n, file) => n + (selected.has(file.id) ? 1 : 0), 0);
  const allChecked = files.length > 0 && selectedCount === files.length;

  return (
    <div className="cirrus-filelist">
      <div className="cirrus-filelist-head">
        <div className="cirrus-filelist-check">
          <input
            type="checkbox"
            className="cirrus-check"
            aria-label={t('drive.list.selectAll')}
            checked={allChecked}
            ref={(box) => {
              if (box) box.indeterminate = selectedCount > 0 && !allChecked;
            }}
            disabled={files.length === 0}
            onChange={onToggleAll}
          />
        </div>
        {COLUMNS.map(({ field, key }) => {
          const active = field !== null && sort.orderby === field;
          return (
            <div key={key} className={`cirrus-filelist-col-${key}`}>
              {field ? (
                <button
                  type="button"
                  className={`cirrus-filelist-sort${active ? ' is-active' : ''}`}
                  aria-pressed={active}
                  onClick={() => onSort(field)}
                >
                  {t(`drive.list.${key}`)}
                  {active &&
                    (sort.order === 'asc' ? (
                      <ArrowUpOutlined aria-label={t('drive.list.sortAsc')} />
                    ) : (
                      <ArrowDownOutlined aria-label={t('drive.list.sortDesc')} />
                    ))}
                </button>
              ) : (
                t(`drive.list.${key}`)
              )}
            </div>
          );
        })}
        <div className="cirrus-filelist-col-actions" />
      </div>

      {/* biome-ignore lint/a11y/noStaticElementInteractions: the list body takes the list's keys (Ctrl+A, Delete, Esc) */}
      <div
        ref={scrollRef}
        className="cirrus-filelist-body"
        tabIndex={-1}
        onKeyDown={onKeyDown}
        onContextMenu={(event) => {
          if (event.target === event.currentTarget || (event.target as HTMLElement).dataset.blank) {
            props.onContextMenu(event, null);
          }
        }}
      >
        {placeholder ?? (
          <ul
            className="cirrus-filelist-rows"
            aria-label={t('drive.list.label')}
            data-blank="true"
            style={{ height: virtualizer.getTotalSize() }}
          >
            {items.map((item) => {
              const file = files[item.index];
              if (!file) {
                return (
                  <li
                    key={item.key}
                    className="cirrus-filelist-row cirrus-filelist-more"
                    style={{ height: item.size, transform: `translateY(${item.start}px)` }}
                  >
                    <Spin size="small" /> {t('drive.list.loadingMore')}
                  </li>
                );
              }
              return (
                <FileRow
                  key={item.key}
                  file={file}
                  index={item.index}
                  start={item.start}
                  size={item.size}
                  setSize={total}
                  selected={selected.has(file.id)}
                  draggable={events.drag.draggable(file)}
                  dropTarget={props.dropTargetId === file.id}
                  link={linkOf?.(file)}
                  time={formatRelativeTime(toMillis(file.mtime), now, language)}
                  selectLabel={t('drive.list.select', { name: file.fname })}
                  events={events}
                />
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
