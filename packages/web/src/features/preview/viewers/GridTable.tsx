import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useRef } from 'react';

export interface GridColumn<T> {
  key: string;
  title: ReactNode;
  width: number;
  render: (row: T, index: number) => ReactNode;
  align?: 'left' | 'right';
  /** Takes the room the others leave (at least `width`). */
  grow?: boolean;
}

const ROW_HEIGHT = 32;

/**
 * A light table for many rows (a CSV's ten thousand, an archive's entries): a sticky header and
 * only the rows in view in the page. A plain table on purpose: the viewer's chunks should not pull
 * a table component into the app's first screen.
 */
export function GridTable<T>({
  columns,
  rows,
  label,
  rowKey,
}: {
  columns: GridColumn<T>[];
  rows: readonly T[];
  label: string;
  rowKey: (row: T, index: number) => string | number;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
  });
  const width = columns.reduce((sum, column) => sum + column.width, 0);
  const template = columns.map((c) => (c.grow ? `minmax(${c.width}px, 1fr)` : `${c.width}px`)).join(' ');
  const align = (column: GridColumn<T>) => (column.align === 'right' ? 'is-right' : undefined);
  return (
    <div ref={scrollRef} className="cirrus-grid">
      <table aria-label={label} aria-rowcount={rows.length + 1} style={{ width }}>
        <thead>
          <tr style={{ gridTemplateColumns: template }}>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={align(column)}>
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            return (
              <tr
                key={rowKey(row, item.index)}
                aria-rowindex={item.index + 2}
                style={{ transform: `translateY(${item.start}px)`, gridTemplateColumns: template }}
              >
                {columns.map((column) => (
                  <td key={column.key} className={align(column)}>
                    {column.render(row, item.index)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
