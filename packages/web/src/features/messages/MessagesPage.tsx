import { useTranslation } from 'react-i18next';
import { AreaEmpty, AreaPage } from '../../components/AreaPage';

export function MessagesPage() {
  const { t } = useTranslation();
  return (
    <AreaPage title={t('message.title')}>
      <AreaEmpty title={t('message.empty')} text={t('message.emptyText')} />
    </AreaPage>
  );
}
