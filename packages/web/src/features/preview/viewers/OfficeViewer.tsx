import { Spin, Typography } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http';
import { useConversion } from '../queries';
import { pageKeyOf, type ViewerProps } from './types';

const PdfViewer = lazy(() => import('./PdfViewer'));

/**
 * An office document: the server converts it to PDF once (a job, LibreOffice headless) and the PDF
 * viewer shows it; meanwhile the conversion is asked about every 1.5 s.
 */
export default function OfficeViewer({ view, setPrint, onError }: ViewerProps) {
  const { t } = useTranslation();
  const conversion = useConversion(view.urls.pdf, true);
  useEffect(() => {
    if (conversion.isError)
      onError(conversion.error instanceof ApiError ? pageKeyOf(conversion.error) : 'serverError');
  }, [conversion.isError, conversion.error, onError]);
  if (conversion.data === 'done') {
    return (
      <Suspense fallback={<Spin className="cirrus-preview-spin" size="large" />}>
        <PdfViewer url={view.urls.pdf} setPrint={setPrint} onError={onError} />
      </Suspense>
    );
  }
  return (
    <div className="cirrus-converting" role="status">
      <Spin size="large" />
      <Typography.Title level={2}>{t('preview.converting')}</Typography.Title>
      <Typography.Text type="secondary">{t('preview.convertingHint')}</Typography.Text>
    </div>
  );
}
