/**
 * What the drive's two views of a folder share (VirtualFileList's rows, FileGrid's tiles): their
 * props, the handlers each item calls, paging as the end comes near, and scrolling a file into view.
 * Selection and paging rules themselves belong to the caller (features/drive).
 */
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { FileRecord } from '@cirrus/shared';
import type { DragEvent, KeyboardEvent, MouseEvent, ReactNode, RefObject } from 'react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FileSort, SortField } from '../api/drive';

export interface FileListProps {
  files: readonly FileRecord[];
  /** All rows the folder has (the server's total), for screen readers. */
  total: number;
  selected: ReadonlySet<number>;
  /** A row to bring into view once it is in the list (each id once). */
  scrollToId?: number;
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
  /** The item the arrow keys moved to: brought into view and its checkbox focused (each seq once). */
  focusRow?: { id: number; seq: number };
  /** Moving items by dragging them onto a folder's item (features/drive/drag-move.ts). */
  drag?: RowDrag;
  /** The folder item a drag is over, which takes what is dropped now. */
  dropTargetId?: number;
  /** Told how many items a line holds (the grid's columns), for the arrow keys' up and down. */
  onColumns?: (columns: number) => void;
}

/** The drag events of the items: which may be dragged, and what a drag does over an item. */
export interface RowDrag {
  draggable: (file: FileRecord) => boolean;
  start: (file: FileRecord, event: DragEvent) => void;
  over: (file: FileRecord, event: DragEvent) => void;
  leave: (file: FileRecord, event: DragEvent) => void;
  drop: (file: FileRecord, event: DragEvent) => void;
  end: () => void;
}

/** What an item calls back; one stable object for all items, so unchanged ones skip rendering while the list scrolls. */
export interface RowEvents {
  click: (file: FileRecord, event: MouseEvent) => void;
  check: (file: FileRecord, shift: boolean) => void;
  open: (file: FileRecord) => void;
  menu: (event: MouseEvent, file: FileRecord) => void;
  actions: (file: FileRecord) => ReactNode;
  extra: (file: FileRecord) => ReactNode;
  drag: RowDrag;
}

/** The latest handlers of `props`, reached through one stable object (see RowEvents). */
export function useRowEvents(props: FileListProps): RowEvents {
  const latest = useRef(props);
  latest.current = props;
  return useMemo<RowEvents>(
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
}

/** An item's drag attributes: draggable when it may be moved, and its drag events. */
/**
 * What every item of a file list (a row of the list, a tile of the grid) is drawn from, as plain
 * values so that a memoised item redraws only when its own state changes.
 */
export interface ItemState {
  file: FileRecord;
  index: number;
  setSize: number;
  selected: boolean;
  draggable: boolean;
  dropTarget: boolean;
  link?: string;
  selectLabel: string;
  events: RowEvents;
}

/** The state of the item showing `files[index]`. */
export function itemStateOf(
  props: FileListProps,
  events: RowEvents,
  file: FileRecord,
  index: number,
  selectLabel: string,
): ItemState {
  return {
    file,
    index,
    setSize: props.total,
    selected: props.selected.has(file.id),
    draggable: events.drag.draggable(file),
    dropTarget: props.dropTargetId === file.id,
    link: props.linkOf?.(file),
    selectLabel,
    events,
  };
}

/**
 * The item's own element's attributes: its place in the set, its state classes, the click,
 * double click and menu, and the drag. A click selects the item, as in every file manager; by
 * keyboard the item's checkbox does, so the element takes no key handler of its own.
 */
export function itemElement(
  { file, index, setSize, selected, draggable, dropTarget, events }: ItemState,
  className: string,
) {
  return {
    'aria-posinset': index + 1,
    'aria-setsize': setSize,
    'data-file-id': file.id,
    className: `${className}${selected ? ' is-selected' : ''}${dropTarget ? ' is-drop-target' : ''}`,
    onClick: (event: MouseEvent) => events.click(file, event),
    onDoubleClick: () => events.open(file),
    onContextMenu: (event: MouseEvent) => events.menu(event, file),
    draggable: draggable || undefined,
    onDragStart: (event: DragEvent) => events.drag.start(file, event),
    onDragOver: (event: DragEvent) => events.drag.over(file, event),
    onDragLeave: (event: DragEvent) => events.drag.leave(file, event),
    onDrop: (event: DragEvent) => events.drag.drop(file, event),
    onDragEnd: () => events.drag.end(),
  };
}

/**
 * Asks for the next page once the last item rendered (`lastIndex`, in files; the overscan
 * renders ahead of the screen) reaches the end of what has come.
 */
export function usePageAhead(props: FileListProps, lastIndex: number): void {
  const { hasMore, loadingMore, files, onLoadMore } = props;
  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= files.length - 1) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, files.length, onLoadMore]);
}

/** Brings `scrollToId` into view once it is among the files (each id once); `scrollTo` takes its index. */
export function useScrollToFile(props: FileListProps, scrollTo: (index: number) => void): void {
  const { scrollToId, files } = props;
  const scrolledTo = useRef<number>(undefined);
  const latest = useRef(scrollTo);
  latest.current = scrollTo;
  useEffect(() => {
    if (scrollToId === undefined || scrolledTo.current === scrollToId) return;
    const index = files.findIndex((file) => file.id === scrollToId);
    if (index < 0) return;
    scrolledTo.current = scrollToId;
    latest.current(index);
  }, [scrollToId, files]);
}

/**
 * The arrow keys' item (`focusRow`): in view first (`scrollTo` takes its index), then, once it is
 * rendered, its checkbox takes the focus, so the list keeps the keys and a screen reader says
 * which item it is. Only a new request moves the focus, not a page of items arriving.
 */
export function useFocusFile(
  props: FileListProps,
  scrollRef: RefObject<HTMLElement | null>,
  scrollTo: (index: number) => void,
): void {
  const { focusRow, files } = props;
  const latest = useRef({ files, scrollTo });
  latest.current = { files, scrollTo };
  useEffect(() => {
    if (!focusRow) return;
    const index = latest.current.files.findIndex((file) => file.id === focusRow.id);
    if (index < 0) return;
    latest.current.scrollTo(index);
    const frame = requestAnimationFrame(() =>
      scrollRef.current
        ?.querySelector<HTMLInputElement>(`[data-file-id="${focusRow.id}"] input`)
        ?.focus({ preventScroll: true }),
    );
    return () => cancelAnimationFrame(frame);
  }, [focusRow, scrollRef]);
}

/** The box that selects every file that has come, or none; mixed while some are selected. */
export function SelectAllBox({ files, selected, onToggleAll }: FileListProps) {
  const { t } = useTranslation();
  const count = files.reduce((n, file) => n + (selected.has(file.id) ? 1 : 0), 0);
  const all = files.length > 0 && count === files.length;
  return (
    <input
      type="checkbox"
      className="cirrus-check"
      aria-label={t('drive.list.selectAll')}
      checked={all}
      ref={(box) => {
        if (box) box.indeterminate = count > 0 && !all;
      }}
      disabled={files.length === 0}
      onChange={onToggleAll}
    />
  );
}

/** A column's sort button: pressed while the list is in its order, with the order's arrow. */
export function SortButton({
  field,
  label,
  sort,
  onSort,
}: {
  field: SortField;
  label: string;
  sort: FileSort;
  onSort: (field: SortField) => void;
}) {
  const { t } = useTranslation();
  const active = sort.orderby === field;
  return (
    <button
      type="button"
      className={`cirrus-filelist-sort${active ? ' is-active' : ''}`}
      aria-pressed={active}
      onClick={() => onSort(field)}
    >
      {label}
      {active &&
        (sort.order === 'asc' ? (
          <ArrowUpOutlined aria-label={t('drive.list.sortAsc')} />
        ) : (
          <ArrowDownOutlined aria-label={t('drive.list.sortDesc')} />
        ))}
    </button>
  );
}

/**
 * The scrolling body of either view: it takes the list's keys (Ctrl+A, Delete, Esc) and the
 * blank area's right-click (the folder's own menu: on the body itself, or an element marked
 * data-blank), and holds the placeholder (loading, empty, error) or the list of items.
 */
export function FileListBody({
  list,
  scrollRef,
  className,
  height,
  children,
}: {
  list: FileListProps;
  scrollRef: RefObject<HTMLDivElement | null>;
  /** The class of the list of items (its items are placed absolutely, in `height`). */
  className: string;
  height: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the list body takes the list's keys (Ctrl+A, Delete, Esc)
    <div
      ref={scrollRef}
      className="cirrus-filelist-body"
      tabIndex={-1}
      onKeyDown={list.onKeyDown}
      onContextMenu={(event) => {
        if (event.target === event.currentTarget || (event.target as HTMLElement).dataset.blank) {
          list.onContextMenu(event, null);
        }
      }}
    >
      {list.placeholder ?? (
        <ul className={className} aria-label={t('drive.list.label')} data-blank="true" style={{ height }}>
          {children}
        </ul>
      )}
    </div>
  );
}

/**
 * An item's name: a folder's links to it (a plain click opens it; with a modifier the click
 * selects, like anywhere else on the item), a file's is text; the full name on hover.
 */
export function FileName({ file, link }: { file: FileRecord; link?: string }) {
  if (file.ftype === 'folder' && link)
    return (
      <Link
        to={link}
        className="cirrus-filelist-name"
        title={file.fname}
        onClick={(event) => {
          if (event.shiftKey || event.ctrlKey || event.metaKey) event.preventDefault();
          else event.stopPropagation();
        }}
      >
        {file.fname}
      </Link>
    );
  return (
    <span className="cirrus-filelist-name" title={file.fname}>
      {file.fname}
    </span>
  );
}

/** An item's checkbox; its clicks stay off the item, whose own click selects too. */
export function ItemCheck({
  className,
  file,
  selected,
  label,
  events,
}: {
  className: string;
  file: FileRecord;
  selected: boolean;
  label: string;
  events: RowEvents;
}) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: only stops the item's click; the checkbox has its own keys
    // biome-ignore lint/a11y/noStaticElementInteractions: same
    <div className={className} onClick={(event) => event.stopPropagation()}>
      <input
        type="checkbox"
        className="cirrus-check"
        aria-label={label}
        checked={selected}
        // React fires change from the click, so the click's Shift key is there.
        onChange={(event) =>
          events.check(file, (event.nativeEvent as globalThis.MouseEvent).shiftKey === true)
        }
      />
    </div>
  );
}

/** An item's buttons (RowEvents.actions); their clicks stay off the item. */
export function ItemActions({
  className,
  file,
  events,
}: {
  className: string;
  file: FileRecord;
  events: RowEvents;
}) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: only stops the item's click; the buttons have their own keys
    // biome-ignore lint/a11y/noStaticElementInteractions: same
    <div className={className} onClick={(event) => event.stopPropagation()}>
      {events.actions(file)}
    </div>
  );
}
