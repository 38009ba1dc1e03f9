import { formatRelativeTime, formatSize, LIST_ITEM_HEIGHT, toMillis } from '@cirrus/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Spin } from 'antd';
import { memo, useRef } from 'react';
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
import { useNow } from './useNow';
import './VirtualFileList.css';

/** Rows rendered beyond the visible ones; also how early the next page is asked for. */
const OVERSCAN = 12;

export type VirtualFileListProps = FileListProps;
export type { RowDrag } from './file-list-common';

const COLUMNS: { field: SortField | null; key: 'name' | 'size' | 'mtime' | 'modifier' }[] = [
  { field: 'name', key: 'name' },
  { field: 'size', key: 'size' },
  { field: 'mtime', key: 'mtime' },
  { field: null, key: 'modifier' },
];

interface FileRowProps extends ItemState {
  start: number;
  size: number;
  time: string;
}

const FileRow = memo(function FileRow({ start, size, time, ...item }: FileRowProps) {
  const { file, link, events } = item;
  return (
    <li
      {...itemElement(item, 'cirrus-filelist-row')}
      style={{ height: size, transform: `translateY(${start}px)` }}
    >
      <ItemCheck
        className="cirrus-filelist-check"
        file={file}
        selected={item.selected}
        label={item.selectLabel}
        events={events}
      />
      <div className="cirrus-filelist-col-name">
        <FileThumb file={file} />
        <FileName file={file} link={link} />
        {events.extra(file)}
      </div>
      <div className="cirrus-filelist-col-size">{file.ftype === 'folder' ? '—' : formatSize(file.fsize)}</div>
      <div className="cirrus-filelist-col-mtime">{time}</div>
      <div className="cirrus-filelist-col-modifier" title={file.modifier.name}>
        {file.modifier.name}
      </div>
      <ItemActions className="cirrus-filelist-col-actions" file={file} events={events} />
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
  const { files, sort, onSort, hasMore, placeholder } = props;
  const { t } = useTranslation();
  const language = useLanguage();
  const now = useNow();
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowCount = files.length + (hasMore ? 1 : 0);
  const events = useRowEvents(props);

  const virtualizer = useVirtualizer({
    count: placeholder ? 0 : rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => LIST_ITEM_HEIGHT,
    overscan: OVERSCAN,
    getItemKey: (index) => files[index]?.id ?? 'more',
  });
  const items = virtualizer.getVirtualItems();
  useScrollToFile(props, (index) => virtualizer.scrollToIndex(index, { align: 'center' }));
  useFocusFile(props, scrollRef, (index) => virtualizer.scrollToIndex(index, { align: 'auto' }));
  // The next page is asked for once the loader row comes within the overscan.
  usePageAhead(props, items.at(-1)?.index ?? -1);

  return (
    <div className="cirrus-filelist">
      <div className="cirrus-filelist-head">
        <div className="cirrus-filelist-check">
          <SelectAllBox {...props} />
        </div>
        {COLUMNS.map(({ field, key }) => (
          <div key={key} className={`cirrus-filelist-col-${key}`}>
            {field ? (
              <SortButton field={field} label={t(`drive.list.${key}`)} sort={sort} onSort={onSort} />
            ) : (
              t(`drive.list.${key}`)
            )}
          </div>
        ))}
        <div className="cirrus-filelist-col-actions" />
      </div>

      <FileListBody
        list={props}
        scrollRef={scrollRef}
        className="cirrus-filelist-rows"
        height={virtualizer.getTotalSize()}
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
              {...itemStateOf(props, events, file, item.index, t('drive.list.select', { name: file.fname }))}
              start={item.start}
              size={item.size}
              time={formatRelativeTime(toMillis(file.mtime), now, language)}
            />
          );
        })}
      </FileListBody>
    </div>
  );
}
