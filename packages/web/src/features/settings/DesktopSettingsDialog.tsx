import {
  DESKTOP_CLIENT_LAUNCH_URL,
  type DesktopSettings,
  type DesktopSettingsChange,
  ERROR_TOAST_MS,
  errorText,
  type MessageKey,
  messageText,
} from '@cirrus/shared';
import { Alert, App, Button, Flex, Spin, Switch, Tabs, Typography } from 'antd';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloudLogo } from '../../components/CloudLogo';
import { GuardedModal } from '../../components/GuardedModal';
import { useNotify } from '../../components/useNotify';
import { useLanguage } from '../../i18n';
import { BridgeError, desktopBridge } from '../desktop/bridge';
import { useChangeDesktopSettings, useDesktopSettings } from '../desktop/queries';
import { useDesktopFailure } from '../desktop/useDesktopFailure';
import { UpdateChecker } from './UpdateChecker';

interface DesktopSettingsDialogProps {
  open: boolean;
  onClose: () => void;
  /** From the desktop client's user agent. */
  version: string | null;
}

/**
 * The avatar menu's settings entry, shown only inside the desktop client (spec 002 §2 "Desktop
 * settings dialog"): General and Sync hold the client's own settings (GET and PUT /v1/settings),
 * About the product, its version and the update checker.
 */
export function DesktopSettingsDialog({ open, onClose, version }: DesktopSettingsDialogProps) {
  const { t } = useTranslation();
  return (
    <GuardedModal open={open} onCancel={onClose} title={t('desktopSettings.title')} footer={null} width={480}>
      <Tabs
        items={[
          { key: 'general', label: t('desktopSettings.general'), children: <GeneralTab open={open} /> },
          { key: 'sync', label: t('desktopSettings.sync'), children: <SyncTab open={open} /> },
          { key: 'about', label: t('desktopSettings.about'), children: <AboutTab version={version} /> },
        ]}
      />
    </GuardedModal>
  );
}

/** A refused change says the spec's message; a client gone says so and offers to start it. */
function useSettingsMessages() {
  const { message } = App.useApp();
  const notify = useNotify();
  const language = useLanguage();
  const desktopFailure = useDesktopFailure();
  return {
    success: (key: MessageKey) => notify.success(messageText(key, language)),
    failure: (error: unknown, key: MessageKey) =>
      error instanceof BridgeError && error.key === 'connectClientFailed'
        ? desktopFailure(error)
        : void message.error(messageText(key, language), ERROR_TOAST_MS / 1000),
  };
}

/** The settings as the client answers them, or why they are not shown. */
function SettingsPane({ open, children }: { open: boolean; children: (change: Changer) => ReactNode }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const settings = useDesktopSettings(open);
  const change = useChangeDesktopSettings();
  const messages = useSettingsMessages();
  if (settings.isPending) return <Spin style={{ display: 'block', margin: '24px auto' }} />;
  if (settings.isError) {
    // spec 002 §8: the client unreachable is connectClientFailed with the link that starts it.
    const unreachable = settings.error instanceof BridgeError && settings.error.key === 'connectClientFailed';
    return (
      <Alert
        type="error"
        showIcon
        message={unreachable ? errorText('connectClientFailed', language) : t('desktopSettings.readFailed')}
        action={
          unreachable && (
            <Button type="link" size="small" href={DESKTOP_CLIENT_LAUNCH_URL}>
              {t('desktop.launch')}
            </Button>
          )
        }
      />
    );
  }
  const changer: Changer = {
    settings: settings.data,
    busy: change.isPending,
    set: (body, { success = 'settingsSuccess', failure = 'settingsFailed' } = {}) =>
      change.mutateAsync(body).then(
        () => {
          messages.success(success);
          return true;
        },
        (error: unknown) => {
          messages.failure(error, failure);
          return false;
        },
      ),
  };
  return (
    <Flex vertical gap={16} style={{ padding: '8px 0' }}>
      {children(changer)}
    </Flex>
  );
}

interface Changer {
  settings: DesktopSettings;
  busy: boolean;
  /** PUT /v1/settings; answers whether it was saved (its message shown either way). */
  set: (
    body: DesktopSettingsChange,
    messages?: { success?: MessageKey; failure?: MessageKey },
  ) => Promise<boolean>;
}

/** One of the client's on/off settings: its label, and a switch that PUTs the change. */
function SwitchRow({
  label,
  name,
  changer: { settings, busy, set },
}: {
  label: string;
  name: 'startOnBoot' | 'shortcutIcon' | 'sync';
  changer: Changer;
}) {
  const id = useId();
  return (
    <Flex justify="space-between" align="center" gap={16}>
      <label htmlFor={id}>{label}</label>
      <Switch id={id} checked={settings[name]} disabled={busy} onChange={(on) => void set({ [name]: on })} />
    </Flex>
  );
}

/** General: start on boot, and the shortcut icon where the client has one ("where supported"). */
function GeneralTab({ open }: { open: boolean }) {
  const { t } = useTranslation();
  return (
    <SettingsPane open={open}>
      {(changer) => (
        <>
          <SwitchRow label={t('desktopSettings.startOnBoot')} name="startOnBoot" changer={changer} />
          {changer.settings.shortcutIcon !== undefined && (
            <SwitchRow label={t('desktopSettings.shortcutIcon')} name="shortcutIcon" changer={changer} />
          )}
        </>
      )}
    </SettingsPane>
  );
}

/** Sync: the switch, and the folder, changed with the client's picker once the user confirms. */
function SyncTab({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const messages = useSettingsMessages();
  const [picking, setPicking] = useState(false);
  /** The folder picked, waiting for the user's confirmation. */
  const [picked, setPicked] = useState<string | null>(null);

  const pick = async () => {
    setPicking(true);
    try {
      const { canceled, path } = await desktopBridge.selectSyncPath();
      if (!canceled) setPicked(path);
    } catch (error) {
      messages.failure(error, 'setSyncPathFailed');
    } finally {
      setPicking(false);
    }
  };

  return (
    <SettingsPane open={open}>
      {(changer) => (
        <>
          <SwitchRow label={t('desktopSettings.syncSwitch')} name="sync" changer={changer} />
          <Flex vertical gap={4}>
            <Typography.Text strong>{t('desktopSettings.syncPath')}</Typography.Text>
            <Flex justify="space-between" align="center" gap={16}>
              <Typography.Text code ellipsis={{ tooltip: changer.settings.syncPath }}>
                {changer.settings.syncPath}
              </Typography.Text>
              <Button loading={picking} disabled={changer.busy} onClick={() => void pick()}>
                {t('desktopSettings.changeSyncPath')}
              </Button>
            </Flex>
          </Flex>
          <GuardedModal
            open={picked !== null}
            title={t('desktopSettings.syncPathConfirmTitle')}
            okText={t('desktopSettings.syncPathConfirmOk')}
            cancelText={t('common.cancel')}
            confirmLoading={changer.busy}
            onCancel={() => setPicked(null)}
            onOk={async () => {
              if (picked === null) return;
              const saved = await changer.set(
                { syncPath: picked },
                { success: 'setSyncPathSuccess', failure: 'setSyncPathFailed' },
              );
              if (saved) setPicked(null);
            }}
            width={420}
          >
            {t('desktopSettings.syncPathConfirm', { path: picked ?? '' })}
          </GuardedModal>
        </>
      )}
    </SettingsPane>
  );
}

function AboutTab({ version }: { version: string | null }) {
  const { t } = useTranslation();
  return (
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
      <UpdateChecker />
    </Flex>
  );
}
