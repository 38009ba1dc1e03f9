import { updateActionOf } from '@cirrus/shared';
import { Button, Flex, Progress, Spin, Typography } from 'antd';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { desktopBridge } from '../desktop/bridge';
import { createUpdateChecker } from './update-checker';

/** The About tab's update checker: each state of spec 002 §2 with the one action it offers. */
export function UpdateChecker() {
  const { t } = useTranslation();
  const [checker] = useState(() => createUpdateChecker(desktopBridge));
  useEffect(() => {
    void checker.start();
    return () => checker.stop();
  }, [checker]);
  const { state, version, percent = 0 } = useSyncExternalStore(checker.subscribe, checker.getSnapshot);
  const action = updateActionOf(state);
  const failed = state === 'checkingError' || state === 'downloadError';

  return (
    <Flex vertical align="center" gap={8} style={{ width: '100%' }}>
      <Flex align="center" gap={8} role="status">
        {state === 'checking' && <Spin size="small" />}
        <Typography.Text type={failed ? 'danger' : 'secondary'}>
          {t(`desktopSettings.update.${state}`, { version: version ?? '', percent })}
        </Typography.Text>
      </Flex>
      {state === 'downloading' && (
        <Progress percent={percent} size="small" aria-label={t('desktopSettings.update.progress')} />
      )}
      {action && (
        <Button type={action === 'install' ? 'primary' : 'default'} onClick={() => void checker.act(action)}>
          {t(`desktopSettings.update.action_${action}`)}
        </Button>
      )}
    </Flex>
  );
}
