/**
 * How the drive's grid view lays out its tiles in the width it has (FileGrid): as many columns as
 * tiles of the least width fit (two at the least: a phone shows two or three), the tiles sharing
 * what is left over, and rows of a fixed height for the virtualiser.
 */

/** Below this width the grid takes a phone's sizes (as DRIVE_PHONE_QUERY does the window's). */
export const GRID_PHONE_WIDTH = 600;

export interface GridLayout {
  columns: number;
  /** Room on the left and right of the tiles, and between them. */
  pad: number;
  gap: number;
  tileWidth: number;
  /** The picture's (or the large icon's) part of a tile. */
  thumbHeight: number;
  tileHeight: number;
  /** A tile and the gap below it: one virtual row. */
  rowHeight: number;
}

/** A tile's name and its size or kind below the picture. */
const CAPTION_HEIGHT = 52;

export function gridLayout(width: number): GridLayout {
  const phone = width < GRID_PHONE_WIDTH;
  const pad = phone ? 8 : 12;
  const gap = phone ? 8 : 12;
  const least = phone ? 104 : 148;
  const room = Math.max(0, width - 2 * pad);
  const columns = Math.max(2, Math.floor((room + gap) / (least + gap)));
  const tileWidth = Math.max(0, Math.floor((room - gap * (columns - 1)) / columns));
  const thumbHeight = Math.round(tileWidth * 0.75);
  const tileHeight = thumbHeight + CAPTION_HEIGHT;
  return { columns, pad, gap, tileWidth, thumbHeight, tileHeight, rowHeight: tileHeight + gap };
}

/** Where the tile of file `index` goes: its row and its left edge. */
export function tilePlace(layout: GridLayout, index: number): { row: number; left: number } {
  const column = index % layout.columns;
  return {
    row: Math.floor(index / layout.columns),
    left: layout.pad + column * (layout.tileWidth + layout.gap),
  };
}
