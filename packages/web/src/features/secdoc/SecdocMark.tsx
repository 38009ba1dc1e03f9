import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** Beside a security document's name (spec 001 §3 safeFile). */
export function SecdocMark() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('secdoc.markHint')}>
      <SafetyCertificateOutlined className="cirrus-secdoc-mark" aria-label={t('secdoc.mark')} role="img" />
    </Tooltip>
  );
}
