import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function FullPageSpin() {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Spin size="large" aria-label={t('common.loading')} />
    </Flex>
  );
}

/** The same, inside a frame's content area (a page whose code is still loading). */
export function ContentSpin() {
  const { t } = useTranslation();
  return (
    <Spin size="large" aria-label={t('common.loading')} style={{ display: 'block', margin: '80px auto' }} />
  );
}
