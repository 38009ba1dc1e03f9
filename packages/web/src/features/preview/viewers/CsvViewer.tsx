import { PREVIEW_CSV_MAX_ROWS } from '@cirrus/shared';
import { Alert, Spin, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http';
import { parseCsv } from '../csv';
import { useText } from '../queries';
import { type GridColumn, GridTable } from './GridTable';
import { pageKeyOf, type ViewerProps } from './types';

const COLUMN_WIDTH = 160;

/** A CSV (or TSV) file as a table: the first row is the header; at most PREVIEW_CSV_MAX_ROWS rows. */
export default function CsvViewer({ view, onError }: ViewerProps) {
  const { t } = useTranslation();
  const text = useText(view.urls.content);
  useEffect(() => {
    if (text.isError) onError(text.error instanceof ApiError ? pageKeyOf(text.error) : 'serverError');
  }, [text.isError, text.error, onError]);

  const table = useMemo(() => {
    if (text.data === undefined) return undefined;
    const { rows, truncated } = parseCsv(text.data, {
      delimiter: view.extname === 'tsv' ? '\t' : ',',
      maxRows: PREVIEW_CSV_MAX_ROWS + 1,
    });
    const [header = [], ...body] = rows;
    const width = Math.max(header.length, ...body.slice(0, 1000).map((row) => row.length));
    const columns: GridColumn<string[]>[] = [
      { key: '#', title: '#', width: 56, align: 'right', render: (_row, index) => index + 1 },
      ...Array.from({ length: width }, (_, i) => ({
        key: String(i),
        title: header[i] ?? '',
        width: COLUMN_WIDTH,
        render: (row: string[]) => row[i] ?? '',
      })),
    ];
    return { columns, body, truncated };
  }, [text.data, view.extname]);

  if (!table) return <Spin className="cirrus-preview-spin" size="large" />;
  return (
    <div className="cirrus-csv">
      <div className="cirrus-csv-head">
        <Typography.Text type="secondary">
          {t('preview.csvRows', { count: table.body.length })}
        </Typography.Text>
        {table.truncated && (
          <Alert type="info" showIcon title={t('preview.csvTruncated', { count: PREVIEW_CSV_MAX_ROWS })} />
        )}
      </div>
      <GridTable
        label={view.fname}
        columns={table.columns}
        rows={table.body}
        rowKey={(_row, index) => index}
      />
    </div>
  );
}
