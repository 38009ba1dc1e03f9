import { describe, expect, test } from 'vitest';
import { gridLayout, tilePlace } from './grid-layout';

describe('gridLayout', () => {
  test.each([
    // A phone's width: two or three columns.
    [320, 2],
    [358, 3],
    [390, 3],
    [430, 3],
    // A tablet, a laptop with both side panes, a wide screen.
    [600, 3],
    [768, 4],
    [1000, 6],
    [1160, 7],
    [1900, 11],
  ])('%i px wide: %i columns', (width, columns) => {
    expect(gridLayout(width).columns).toBe(columns);
  });

  test.each([200, 320, 390, 777, 1000, 1441, 2560])(
    'the tiles and gaps of %i px fill the row and no more',
    (width) => {
      const layout = gridLayout(width);
      const used = 2 * layout.pad + layout.columns * layout.tileWidth + (layout.columns - 1) * layout.gap;
      expect(used).toBeLessThanOrEqual(width);
      // What is left over (rounding down) is less than a pixel a column.
      expect(width - used).toBeLessThan(layout.columns);
    },
  );

  test('never fewer than two columns, however narrow', () => {
    expect(gridLayout(150).columns).toBe(2);
    expect(gridLayout(0)).toMatchObject({ columns: 2, tileWidth: 0 });
  });

  test('a row is a tile (a 4:3 picture and its caption) and a gap', () => {
    const layout = gridLayout(1000);
    expect(layout.thumbHeight).toBe(Math.round(layout.tileWidth * 0.75));
    expect(layout.rowHeight).toBe(layout.tileHeight + layout.gap);
    expect(layout.tileHeight).toBeGreaterThan(layout.thumbHeight);
  });

  test('tiles go left to right, then down', () => {
    const layout = gridLayout(1000);
    const step = layout.tileWidth + layout.gap;
    expect(tilePlace(layout, 0)).toEqual({ row: 0, left: layout.pad });
    expect(tilePlace(layout, 1)).toEqual({ row: 0, left: layout.pad + step });
    expect(tilePlace(layout, layout.columns)).toEqual({ row: 1, left: layout.pad });
    expect(tilePlace(layout, 2 * layout.columns + 2)).toEqual({ row: 2, left: layout.pad + 2 * step });
  });
});
