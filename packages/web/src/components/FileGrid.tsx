import { type FileRecord, formatRelativeTime, formatSize, toMillis } from '@cirrus/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Spin } from 'antd';
import { memo, type RefObject, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortField } from '../api/drive';
import { useLanguage } from '../i18n';
import { FileThumb } from './FileThumb';
import {
  FileListBody,
  type FileListProps,
  FileName,
  ItemActions,
  ItemCheck,
  type ItemState,
  itemElement,
  itemStateOf,
  SelectAllBox,
  SortButton,
  useFocusFile,
  usePageAhead,
  useRowEvents,
  useScrollToFile,
} from './file-list-common';
import { type GridLayout, gridLayout, tilePlace } from './grid-layout';
import { useNow } from './useNow';
import './FileGrid.css';

/** Rows of tiles rendered beyond the visible ones; also how early the next page is asked for. */
const OVERSCAN = 3;

const SORTS: SortField[] = ['name', 'size', 'mtime'];

interface FileTileProps extends ItemState {
  top: number;
  left: number;
  layout: GridLayout;
  caption: string;
}

const FileTile = memo(function FileTile({ top, left, layout, caption, ...item }: FileTileProps) {
  const { file, link, events } = item;
  return (
    <li
      {...itemElement(item, 'cirrus-tile')}
      style={{
        width: layout.tileWidth,
        height: layout.tileHeight,
        transform: `translate(${left}px, ${top}px)`,
      }}
    >
      <FileThumb
        file={file}
        box={0}
        iconSize={Math.round(layout.thumbHeight * 0.45)}
        className="cirrus-tile-thumb"
      />
      <ItemCheck
        className="cirrus-tile-check"
        file={file}
        selected={item.selected}
        label={item.selectLabel}
        events={events}
      />
      <ItemActions className="cirrus-tile-actions" file={file} events={events} />
      <div className="cirrus-tile-caption">
        <div className="cirrus-tile-name">
          <FileName file={file} link={link} />
          {events.extra(file)}
        </div>
        <div className="cirrus-tile-meta">{caption}</div>
      </div>
    </li>
  );
});

/** The width of an element's content box, kept up to date as it is resized; 0 until measured. */
function useContentWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * The drive's grid view of a folder: tiles with a picture's thumbnail or a large type icon, the
 * name and its size, as many columns as the width allows (grid-layout.ts). Virtualised by rows of
 * tiles, so a folder of 100,000 entries scrolls as the list does; selection, paging, the menus
 * and the keys are the list's (file-list-common.tsx, and the caller's rules). Loaded only when
 * chosen: the first screen carries none of it (bench W8).
 */
export function FileGrid(props: FileListProps) {
  const { files, sort, onSort, hasMore, placeholder } = props;
  const { t } = useTranslation();
  const language = useLanguage();
  const now = useNow();
  const scrollRef = useRef<HTMLDivElement>(null);
  const width = useContentWidth(scrollRef);
  const layout = useMemo(() => gridLayout(width), [width]);
  const fileRows = Math.ceil(files.length / layout.columns);
  const events = useRowEvents(props);

  const virtualizer = useVirtualizer({
    count: placeholder || width === 0 ? 0 : fileRows + (hasMore ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => layout.rowHeight,
    paddingStart: layout.pad,
    overscan: OVERSCAN,
  });
  // A new width makes rows of a new height: the virtualiser forgets the old ones.
  useEffect(() => {
    if (layout.rowHeight > 0) virtualizer.measure();
  }, [virtualizer, layout.rowHeight]);
  const rows = virtualizer.getVirtualItems();
  useScrollToFile(props, (index) =>
    virtualizer.scrollToIndex(Math.floor(index / layout.columns), { align: 'center' }),
  );
  useFocusFile(props, scrollRef, (index) =>
    virtualizer.scrollToIndex(Math.floor(index / layout.columns), { align: 'auto' }),
  );
  // The arrow keys go up and down by a line of tiles.
  const { onColumns } = props;
  useEffect(() => onColumns?.(layout.columns), [onColumns, layout.columns]);
  const lastRow = rows.at(-1)?.index ?? -1;
  usePageAhead(props, lastRow < 0 ? -1 : Math.min(files.length, (lastRow + 1) * layout.columns) - 1);

  const captionOf = (file: FileRecord) =>
    file.ftype === 'folder'
      ? formatRelativeTime(toMillis(file.mtime), now, language)
      : `${formatSize(file.fsize)} · ${formatRelativeTime(toMillis(file.mtime), now, language)}`;

  return (
    <div className="cirrus-filelist cirrus-filegrid">
      <div className="cirrus-filegrid-head">
        <SelectAllBox {...props} />
        <span className="cirrus-filegrid-sortby">{t('drive.view.sortBy')}</span>
        {SORTS.map((field) => (
          <SortButton
            key={field}
            field={field}
            label={t(`drive.list.${field}`)}
            sort={sort}
            onSort={onSort}
          />
        ))}
      </div>

      <FileListBody
        list={props}
        scrollRef={scrollRef}
        className="cirrus-filegrid-tiles"
        height={virtualizer.getTotalSize()}
      >
        {rows.flatMap((row) => {
          if (row.index >= fileRows) {
            return (
              <li
                key="more"
                className="cirrus-tile-more"
                style={{ height: layout.rowHeight, transform: `translateY(${row.start}px)` }}
              >
                <Spin size="small" /> {t('drive.list.loadingMore')}
              </li>
            );
          }
          const first = row.index * layout.columns;
          return files
            .slice(first, first + layout.columns)
            .map((file, i) => (
              <FileTile
                key={file.id}
                {...itemStateOf(props, events, file, first + i, t('drive.list.select', { name: file.fname }))}
                top={row.start}
                left={tilePlace(layout, first + i).left}
                layout={layout}
                caption={captionOf(file)}
              />
            ));
        })}
      </FileListBody>
    </div>
  );
}
