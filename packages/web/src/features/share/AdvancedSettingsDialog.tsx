import {
  DOWNLOAD_UNLIMITED,
  EXPIRY_PRESETS,
  EXPIRY_UNLIMITED,
  errorText,
  isDownloadCountEditable,
  isPastExpiryDate,
  messageText,
  normalizeDownloadCount,
  type ShareLink,
  validateCustomExpiry,
} from '@cirrus/shared';
import { Alert, App, Button, DatePicker, Flex, Form, Input, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedModal } from '../../components/GuardedModal';
import { useNotify } from '../../components/useNotify';
import { useLanguage } from '../../i18n';
import { ConfirmDialog } from '../teams/ConfirmDialog';
import { type ExpiryChoice, expiryChoiceOf } from './link-text';
import { useCloseLink, useResetLink, useSetChkcode, useUpdateLink } from './queries';

interface Props {
  open: boolean;
  fileid: number;
  link: ShareLink;
  onClose: () => void;
  /** After cancel share: the panel shows the cancelled notice. */
  onCancelled: () => void;
}

/** Seconds of a preset as its label key. */
const PRESET_KEYS = {
  3600: 'hour1',
  21600: 'hours6',
  86400: 'day1',
  259200: 'days3',
  604800: 'days7',
  2592000: 'days30',
} as const satisfies Record<(typeof EXPIRY_PRESETS)[number], string>;

/**
 * The advanced link settings (spec 002 §2, §4, §5): expiry (presets, unlimited, custom date-time
 * that blocks past dates), download count (hidden for collaborative documents, editable only for
 * download and write), access code; cancel share and reset link, each confirmed. Save is enabled
 * only when something differs from the link.
 */
export function AdvancedSettingsDialog({ open, fileid, link, onClose, onCancelled }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const { message } = App.useApp();
  const update = useUpdateLink(fileid);
  const setChkcode = useSetChkcode(fileid);
  const close = useCloseLink(fileid);
  const reset = useResetLink(fileid);
  const restricted = link.abilities.restricted;

  const initialChoice = expiryChoiceOf(link);
  const [choice, setChoice] = useState<ExpiryChoice>(initialChoice);
  // A preset counts from now, so picking the link's preset again (to renew it) is a change.
  const [presetPicked, setPresetPicked] = useState(false);
  const [custom, setCustom] = useState<Dayjs | null>(
    initialChoice === 'custom' ? dayjs(link.expire_time * 1000) : null,
  );
  // The field is the downloads left: a count saved counts from now (the server's rule), so what
  // the link has now is what is left of its limit, and typing the old limit again renews it.
  const initialCount = link.download_remain === DOWNLOAD_UNLIMITED ? '' : String(link.download_remain);
  const [count, setCount] = useState(initialCount);
  const [forced, setForced] = useState(false);
  const [code, setCode] = useState(link.has_chkcode);
  const [confirm, setConfirm] = useState<'cancel' | 'reset'>();

  const countEditable = isDownloadCountEditable(link.permission, link.file.isCoDoc) && !restricted;
  const countValue = normalizeDownloadCount(count).value;
  const customSeconds = custom ? custom.unix() : undefined;
  const expiryChanged =
    choice !== initialChoice ||
    (presetPicked && typeof choice === 'number' && choice !== EXPIRY_UNLIMITED) ||
    (choice === 'custom' && customSeconds !== (initialChoice === 'custom' ? link.expire_time : undefined));
  const countChanged = countEditable && countValue !== link.download_remain;
  const codeChanged = code !== link.has_chkcode;
  const dirty = expiryChanged || countChanged || codeChanged;
  const pending = update.isPending || setChkcode.isPending;

  const save = async () => {
    let period: number | undefined;
    if (expiryChanged) {
      if (choice === 'custom') {
        if (customSeconds === undefined) return;
        // spec 002 §5: a custom time already past warns and saves nothing.
        const warning = validateCustomExpiry(customSeconds, Math.floor(Date.now() / 1000));
        if (warning) return void message.warning(errorText(warning, language));
        period = customSeconds;
      } else {
        period = choice;
      }
    }
    try {
      let current = link;
      if (period !== undefined || countChanged) {
        current = await update.mutateAsync({
          sid: link.sid,
          body: {
            version: link.version,
            ...(period !== undefined ? { period } : {}),
            ...(countChanged ? { download_limits: countValue } : {}),
          },
        });
      }
      if (codeChanged) current = await setChkcode.mutateAsync({ sid: current.sid, on: code });
      notify.success(messageText('settingsSuccess', language));
      onClose();
    } catch (error) {
      notify.error(error);
    }
  };

  const doConfirm = () => {
    if (confirm === 'cancel') {
      close.mutate(undefined, {
        onSuccess: () => {
          setConfirm(undefined);
          notify.success(messageText('linkCancelled', language));
          onCancelled();
        },
        onError: (error) => notify.error(error),
      });
    } else {
      reset.mutate(link.sid, {
        onSuccess: () => {
          setConfirm(undefined);
          notify.success(t('share.settings.resetDone'));
          onClose();
        },
        onError: (error) => notify.error(error),
      });
    }
  };

  const expiryOptions = [
    ...EXPIRY_PRESETS.map((seconds) => ({
      value: seconds,
      label: t(`share.expiry.${PRESET_KEYS[seconds]}`),
    })),
    { value: EXPIRY_UNLIMITED, label: t('share.expiry.unlimited') },
    { value: 'custom', label: t('share.expiry.custom') },
  ];

  return (
    <>
      <GuardedModal
        open={open}
        title={t('share.settings.title')}
        onCancel={onClose}
        width={520}
        footer={
          <Flex justify="space-between" wrap gap={8}>
            <Flex gap={8}>
              <Button danger onClick={() => setConfirm('cancel')}>
                {t('share.settings.cancelShare')}
              </Button>
              <Button onClick={() => setConfirm('reset')}>{t('share.settings.resetLink')}</Button>
            </Flex>
            <Flex gap={8}>
              <Button onClick={onClose}>{t('common.cancel')}</Button>
              <Button type="primary" disabled={!dirty} loading={pending} onClick={() => void save()}>
                {t('share.settings.save')}
              </Button>
            </Flex>
          </Flex>
        }
      >
        {restricted && (
          <Alert type="info" showIcon className="cirrus-share-alert" title={t('share.settings.restricted')} />
        )}
        <Form layout="vertical" requiredMark={false} className="cirrus-share-form">
          <Form.Item label={t('share.settings.expiry')} htmlFor="share-expiry">
            <Flex gap={8} wrap>
              <Select
                id="share-expiry"
                value={choice}
                options={expiryOptions}
                disabled={restricted}
                // onSelect, unlike onChange, also tells of the option already chosen (a renewal).
                onSelect={(value: ExpiryChoice) => setPresetPicked(typeof value === 'number')}
                onChange={(value: ExpiryChoice) => {
                  setChoice(value);
                  // spec 002 §4: unlimited sets the expiry to 0; custom starts from a day ahead.
                  if (value === 'custom' && !custom) setCustom(dayjs().add(1, 'day').startOf('hour'));
                }}
                style={{ width: 200 }}
              />
              {choice === 'custom' && (
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format="YYYY-MM-DD HH:mm"
                  value={custom}
                  onChange={(value) => setCustom(value)}
                  // spec 002 §5: past dates cannot be picked.
                  disabledDate={(date) => isPastExpiryDate(date.valueOf(), Date.now())}
                  aria-label={t('share.expiry.custom')}
                  allowClear={false}
                />
              )}
            </Flex>
          </Form.Item>
          {!link.file.isCoDoc && (
            <Form.Item
              label={t('share.settings.downloadCount')}
              htmlFor="share-download-count"
              extra={
                countEditable
                  ? t('share.settings.downloadCountHelp')
                  : t('share.settings.downloadCountReadOnly')
              }
              validateStatus={forced ? 'warning' : undefined}
              help={forced ? errorText('maxDownloadTimes', language) : undefined}
            >
              <Input
                id="share-download-count"
                inputMode="numeric"
                value={count}
                disabled={!countEditable}
                placeholder={t('share.settings.unlimited')}
                onChange={(event) => {
                  // spec 002 §5: digits only, no leading zeros, 7 digits or more forced to 1000000.
                  const next = normalizeDownloadCount(event.target.value);
                  setCount(next.text);
                  setForced(next.forced);
                }}
                style={{ maxWidth: 200 }}
              />
            </Form.Item>
          )}
          <Form.Item label={t('share.settings.chkcode')} htmlFor="share-chkcode">
            <Select
              id="share-chkcode"
              value={code ? 'on' : 'off'}
              disabled={restricted && !link.has_chkcode}
              options={[
                { value: 'on', label: t('share.settings.codeOpen') },
                { value: 'off', label: t('share.settings.codeClose') },
              ]}
              onChange={(value) => setCode(value === 'on')}
              style={{ maxWidth: 200 }}
            />
          </Form.Item>
          {link.has_chkcode && link.chkcode && (
            <Typography.Text type="secondary">
              {t('share.settings.currentCode', { code: link.chkcode })}
            </Typography.Text>
          )}
        </Form>
      </GuardedModal>
      <ConfirmDialog
        open={confirm !== undefined}
        title={confirm === 'cancel' ? t('share.settings.cancelShareTitle') : t('share.settings.resetTitle')}
        okText={confirm === 'cancel' ? t('share.settings.cancelShare') : t('share.settings.resetLink')}
        danger={confirm === 'cancel'}
        loading={close.isPending || reset.isPending}
        onOk={doConfirm}
        onCancel={() => setConfirm(undefined)}
      >
        {confirm === 'cancel' ? t('share.settings.cancelShareText') : t('share.settings.resetText')}
      </ConfirmDialog>
    </>
  );
}
