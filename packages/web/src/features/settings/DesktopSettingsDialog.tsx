import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CloudLogo } from '../../components/CloudLogo';
import { GuardedModal } from '../../components/GuardedModal';

interface DesktopSettingsDialogProps {
  open: boolean;
  onClose: () => void;
  /** From the desktop client's user agent. */
  version: string | null;
}

/**
 * The avatar menu's settings entry, shown only inside the desktop client. The General and Sync tabs
 * of spec 002 §2 need the desktop bridge and come with it; this shows what the About tab knows now.
 */
export function DesktopSettingsDialog({ open, onClose, version }: DesktopSettingsDialogProps) {
  const { t } = useTranslation();
  return (
    <GuardedModal open={open} onCancel={onClose} title={t('desktopSettings.title')} footer={null} width={420}>
      <Flex vertical align="center" gap={8} style={{ padding: '16px 0 8px' }}>
        <CloudLogo size={56} />
        {/* A dialog's heading, under the page's h1; in the size antd gives a level-4 title. */}
        <Typography.Title
          level={2}
          style={{
            margin: 0,
            fontSize: 'var(--ant-font-size-heading-4)',
            lineHeight: 'var(--ant-line-height-heading-4)',
          }}
        >
          {t('common.productName')}
        </Typography.Title>
        <Typography.Text type="secondary">
          {version ? t('desktopSettings.version', { version }) : t('desktopSettings.versionUnknown')}
        </Typography.Text>
      </Flex>
    </GuardedModal>
  );
}
