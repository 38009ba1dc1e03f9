/**
 * A CSV parser for the table view (RFC 4180: quoted fields may hold the delimiter, quotes doubled
 * as "" and line breaks; CRLF or LF ends a row). It stops after `maxRows` rows and says so.
 */
export interface CsvTable {
  rows: string[][];
  /** Rows were left out beyond maxRows. */
  truncated: boolean;
}

export function parseCsv(
  text: string,
  { delimiter = ',', maxRows = Number.POSITIVE_INFINITY } = {},
): CsvTable {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(field);
    rows.push(row);
    row = [];
    field = '';
  };
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += c;
      }
      i++;
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
    } else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      endRow();
      if (c === '\r' && text[i + 1] === '\n') i++;
      if (rows.length >= maxRows) return { rows, truncated: i + 1 < text.length };
    } else {
      field += c;
    }
    i++;
  }
  // A last row without a line break; a text ending in one adds no empty row.
  if (field !== '' || row.length > 0) endRow();
  return { rows, truncated: false };
}
