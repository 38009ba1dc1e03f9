import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LazyResult } from '../components/LazyResult';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { paths } from './paths';

export function NotFoundPage({ fullPage }: { fullPage?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className={fullPage ? 'cirrus-full-page' : undefined}>
      <LazyResult
        status="404"
        title={<h1 className="cirrus-title-heading">{t('notFound.title')}</h1>}
        subTitle={t('notFound.text')}
        extra={
          <Button type="primary" onClick={() => void navigate(paths.drive)}>
            {t('notFound.backHome')}
          </Button>
        }
      />
    </div>
  );
}
