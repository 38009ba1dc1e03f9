import { errorText, isErrorKey, type Lang, messageText, SUCCESS_TOAST_MS } from '@cirrus/shared';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { FailItem } from '../../api/drive';
import { useLanguage } from '../../i18n';
import { useSettings } from '../settings/queries';
import { drivePath, type FolderRef, locationOfFolder, type PersonalSpaceIds } from './location';
import type { TransferKind } from './queries';

/**
 * The message for a batch that partly or wholly failed (spec 001 §8): a copy with a single failure
 * shows that failure's mapped message, else a generic one; a move shows permission denied when
 * that is the cause, else the move-failed message. Refusals of security documents say theirs.
 */
export function transferFailureText(
  kind: TransferKind,
  failList: readonly FailItem[],
  lang: Lang,
  /** The company's conversion limit in MB (setting secdoc_convert_max_mb), which 5007 inserts. */
  convertLimitMb: number,
): string {
  const keyOf = (item: FailItem) => (isErrorKey(item.result) ? item.result : undefined);
  // A security document refused leaving its team says why, whatever else failed.
  const secure = failList.find((item) => item.result.startsWith('security_group_forbidden'));
  if (secure) return errorText(keyOf(secure) ?? 'security_group_forbidden', lang);
  // So does an office document too large to become one in a secure team.
  if (failList.some((item) => item.result === 'convertFileTooLarge'))
    return errorText('convertFileTooLarge', lang, { limit: convertLimitMb });
  if (kind === 'copy') {
    const key = failList.length === 1 ? keyOf(failList[0]) : undefined;
    return errorText(key ?? 'copyFilesFail', lang);
  }
  const denied = failList.some(
    (item) => item.result === 'permissionDenied' || item.result === 'moveFilePermission',
  );
  return errorText(denied ? 'permissionDenied' : 'moveFilesFail', lang);
}

/**
 * What a copy or move into a folder says once the server answered, from the Copy to / Move to
 * dialog or a drop: the failures' message, and unless every item failed, the success toast with a
 * link to the folder the items went to.
 */
export function useTransferOutcome(kind: TransferKind, personal: PersonalSpaceIds) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { secdoc_convert_max_mb } = useSettings();
  const { message } = App.useApp();
  const navigate = useNavigate();
  return (to: FolderRef, count: number, failList: readonly FailItem[]) => {
    if (failList.length > 0) {
      void message.error(transferFailureText(kind, failList, language, secdoc_convert_max_mb));
      if (failList.length === count) return;
    }
    const key = `transfer-${Date.now()}`;
    const path = drivePath(locationOfFolder(to, personal));
    void message.success({
      key,
      duration: SUCCESS_TOAST_MS / 1000,
      content: (
        <span>
          {messageText(kind === 'copy' ? 'copySuccessOpenDir' : 'moveSuccess', language)}{' '}
          <Button
            type="link"
            size="small"
            className="cirrus-toast-link"
            onClick={() => {
              message.destroy(key);
              void navigate(path);
            }}
          >
            {t('drive.transfer.openDirectory')}
          </Button>
        </span>
      ),
    });
  };
}
