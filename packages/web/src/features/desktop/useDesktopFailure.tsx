import { DESKTOP_CLIENT_LAUNCH_URL, ERROR_TOAST_MS, errorText } from '@cirrus/shared';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/useNotify';
import { useLanguage } from '../../i18n';
import { useSettings } from '../settings/queries';
import { BridgeError } from './bridge';

/** A failure's toast stays a little longer when it carries the link that starts the client. */
const LAUNCH_TOAST_S = (ERROR_TOAST_MS * 2) / 1000;

/** Shows a bridge failure; no answer from the client comes with the deep link that starts it (spec 002 §8). */
export function useDesktopFailure() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { message } = App.useApp();
  const notify = useNotify();
  const { secdoc_convert_max_mb } = useSettings();
  return (error: unknown) => {
    // A call to our own server on the way (the team's secure state): its own message.
    if (!(error instanceof BridgeError)) return notify.error(error);
    // The client's 5007 names the company's own conversion limit (setting secdoc_convert_max_mb).
    const params = error.key === 'convertFileTooLarge' ? { limit: secdoc_convert_max_mb } : error.params;
    const text = errorText(error.key, language, params);
    if (error.key !== 'connectClientFailed') return void message.error(text, ERROR_TOAST_MS / 1000);
    void message.error({
      key: 'desktop-connect',
      duration: LAUNCH_TOAST_S,
      content: (
        <span>
          {text}{' '}
          <Button type="link" size="small" className="cirrus-toast-link" href={DESKTOP_CLIENT_LAUNCH_URL}>
            {t('desktop.launch')}
          </Button>
        </span>
      ),
    });
  };
}
