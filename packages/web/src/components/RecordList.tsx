import { MoreOutlined } from '@ant-design/icons';
import { LIST_ITEM_HEIGHT } from '@cirrus/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Button, Spin } from 'antd';
import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import './VirtualFileList.css';
import './RecordList.css';

const OVERSCAN = 12;

export interface RecordColumn<T> {
  key: string;
  title: string;
  /** The column's share of the row, as a CSS grid track ("minmax(160px, 1fr)", "120px"). */
  width: string;
  render: (row: T) => ReactNode;
  /** The main column (name): full-strength text; the others are muted and cut with an ellipsis. */
  main?: boolean;
  /** Left out where the list is narrow (under 760 px: a laptop with both side panes, a phone). */
  wide?: boolean;
}

export interface RecordListProps<T extends { id: number }> {
  /** The list's accessible name ("Files", "Recycle bin"). */
  label: string;
  rows: readonly T[];
  columns: RecordColumn<T>[];
  selected: ReadonlySet<number>;
  /** What the server says it holds, for screen readers. */
  total?: number;
  /**
   * `auto`: the next page loads as the end scrolls into view (spec 001 §9, the 20 % trigger);
   * `button`: a load-more row to click (the recycle list, spec 001 §9).
   */
  paging?: 'auto' | 'button';
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onRowClick: (row: T, event: MouseEvent) => void;
  onCheckboxClick: (row: T, shift: boolean) => void;
  onToggleAll: () => void;
  onOpen?: (row: T) => void;
  /** A right-click on a row, or on the blank area below the rows (row null). */
  onContextMenu: (event: MouseEvent, row: T | null) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** Buttons on the right of a hovered or selected row. */
  rowActions?: (row: T) => ReactNode;
  /** Shown instead of the rows (loading, empty, error). */
  placeholder?: ReactNode;
  rowLabel: (row: T) => string;
}

/**
 * A virtualised list of file rows with the drive list's look (VirtualFileList: 52 px rows, spec
 * 001 §9, checkbox selection, the same styles), with columns of the caller's choosing: the
 * recycle bin's deletion time and deleter, the recent files' location. Selection rules belong to
 * the caller (features/drive/selection.ts).
 */
export function RecordList<T extends { id: number }>(props: RecordListProps<T>) {
  const {
    label,
    rows,
    columns,
    selected,
    total,
    paging = 'auto',
    hasMore,
    loadingMore,
    onLoadMore,
    onToggleAll,
    onKeyDown,
    placeholder,
  } = props;
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowCount = rows.length + (hasMore ? 1 : 0);

  const virtualizer = useVirtualizer({
    count: placeholder ? 0 : rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => LIST_ITEM_HEIGHT,
    overscan: OVERSCAN,
    getItemKey: (index) => rows[index]?.id ?? 'more',
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (paging === 'auto' && hasMore && !loadingMore && lastIndex >= rows.length - 1) onLoadMore();
  }, [paging, hasMore, loadingMore, lastIndex, rows.length, onLoadMore]);

  const selectedCount = rows.reduce((n, row) => n + (selected.has(row.id) ? 1 : 0), 0);
  const allChecked = rows.length > 0 && selectedCount === rows.length;
  const template = `44px ${columns.map((c) => c.width).join(' ')} 76px`;
  // The columns where the list is narrow (RecordList.css): the wide ones take no room.
  const compactTemplate = `44px ${columns.map((c) => (c.wide ? '0' : c.width)).join(' ')} 76px`;
  const cellClass = (column: RecordColumn<T>) =>
    `${column.main ? 'cirrus-recordlist-main' : 'cirrus-recordlist-cell'}${column.wide ? ' cirrus-recordlist-wide' : ''}`;
  const headClass = (column: RecordColumn<T>) =>
    column.main ? undefined : `cirrus-recordlist-other${column.wide ? ' cirrus-recordlist-wide' : ''}`;

  return (
    <div
      className="cirrus-filelist cirrus-recordlist"
      style={
        {
          '--cirrus-recordlist-cols': template,
          '--cirrus-recordlist-compact-cols': compactTemplate,
        } as React.CSSProperties
      }
    >
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
            disabled={rows.length === 0}
            onChange={onToggleAll}
          />
        </div>
        {columns.map((column) => (
          <div key={column.key} className={headClass(column)}>
            {column.title}
          </div>
        ))}
        <div />
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
            aria-label={label}
            data-blank="true"
            style={{ height: virtualizer.getTotalSize() }}
          >
            {items.map((item) => {
              const row = rows[item.index];
              if (!row) {
                return (
                  <li
                    key={item.key}
                    className="cirrus-filelist-row cirrus-filelist-more"
                    style={{ height: item.size, transform: `translateY(${item.start}px)` }}
                  >
                    {paging === 'button' && !loadingMore ? (
                      <Button type="link" onClick={onLoadMore}>
                        {t('lists.loadMore')}
                      </Button>
                    ) : (
                      <>
                        <Spin size="small" /> {t('drive.list.loadingMore')}
                      </>
                    )}
                  </li>
                );
              }
              const isSelected = selected.has(row.id);
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: a click selects, as in every file manager; by keyboard the checkbox does
                <li
                  key={item.key}
                  aria-posinset={item.index + 1}
                  aria-setsize={total ?? rows.length}
                  data-file-id={row.id}
                  className={`cirrus-filelist-row${isSelected ? ' is-selected' : ''}`}
                  style={{ height: item.size, transform: `translateY(${item.start}px)` }}
                  onClick={(event) => props.onRowClick(row, event)}
                  onDoubleClick={() => props.onOpen?.(row)}
                  onContextMenu={(event) => props.onContextMenu(event, row)}
                >
                  {/* biome-ignore lint/a11y/useKeyWithClickEvents: only stops the row click; the checkbox has its own keys */}
                  {/* biome-ignore lint/a11y/noStaticElementInteractions: same */}
                  <div className="cirrus-filelist-check" onClick={(event) => event.stopPropagation()}>
                    <input
                      type="checkbox"
                      className="cirrus-check"
                      aria-label={props.rowLabel(row)}
                      checked={isSelected}
                      onChange={(event) =>
                        props.onCheckboxClick(
                          row,
                          (event.nativeEvent as globalThis.MouseEvent).shiftKey === true,
                        )
                      }
                    />
                  </div>
                  {columns.map((column) => (
                    <div key={column.key} className={cellClass(column)}>
                      {column.render(row)}
                    </div>
                  ))}
                  {/* biome-ignore lint/a11y/useKeyWithClickEvents: only stops the row click; the buttons have their own keys */}
                  {/* biome-ignore lint/a11y/noStaticElementInteractions: same */}
                  <div className="cirrus-filelist-col-actions" onClick={(event) => event.stopPropagation()}>
                    {props.rowActions?.(row)}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}

/**
 * A row's menu button ("More actions"): `onOpen` gets the point under the button where the row's
 * menu opens. On a phone it is the row's one action (RecordList.css). Its name holds the row's
 * `name`, as the row's other buttons do: a list of buttons all called "More actions" says nothing.
 */
export function RowMoreButton({
  name,
  onOpen,
}: {
  name: string;
  onOpen: (at: { x: number; y: number }) => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="cirrus-row-button cirrus-row-more"
      title={t('drive.toolbar.more')}
      aria-label={`${t('drive.toolbar.more')} ${name}`}
      aria-haspopup="menu"
      onClick={(event) => {
        const box = event.currentTarget.getBoundingClientRect();
        onOpen({ x: box.left, y: box.bottom });
      }}
    >
      <MoreOutlined aria-hidden />
    </button>
  );
}
