import {
  AUTO_CONVERT_STATE,
  errorText,
  type FileRecord,
  isErrorKey,
  isSecdocConvertible,
  type Lang,
  messageText,
  SECDOC_CONVERT_MAX_MB,
  SUCCESS_TOAST_MS,
  securityDocsConvert,
  splitExt,
} from '@cirrus/shared';
import { App, Button, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { FailItem } from '../../api/drive';
import { GuardedModal } from '../../components/GuardedModal';
import { useNotify } from '../../components/useNotify';
import { useLanguage } from '../../i18n';
import { SecdocMark } from '../secdoc/SecdocMark';
import { useSettings } from '../settings/queries';
import { FolderTreePicker, type PickedTarget, targetFolder } from './FolderTreePicker';
import { drivePath, type FolderRef, locationOfFolder, type PersonalSpaceIds } from './location';
import { type TransferKind, useTeams, useTransfer } from './queries';

/**
 * The message for a batch that partly or wholly failed (spec 001 §8): a copy with a single failure
 * shows that failure's mapped message, else a generic one; a move shows permission denied when
 * that is the cause, else the move-failed message. Refusals of security documents say theirs.
 */
export function transferFailureText(kind: TransferKind, failList: readonly FailItem[], lang: Lang): string {
  const keyOf = (item: FailItem) => (isErrorKey(item.result) ? item.result : undefined);
  // A security document refused leaving its team says why, whatever else failed.
  const secure = failList.find((item) => item.result.startsWith('security_group_forbidden'));
  if (secure) return errorText(keyOf(secure) ?? 'security_group_forbidden', lang);
  // So does an office document too large to become one in a secure team.
  if (failList.some((item) => item.result === 'convertFileTooLarge'))
    return errorText('convertFileTooLarge', lang, { limit: SECDOC_CONVERT_MAX_MB });
  if (kind === 'copy') {
    const key = failList.length === 1 ? keyOf(failList[0]) : undefined;
    return errorText(key ?? 'copyFilesFail', lang);
  }
  const denied = failList.some(
    (item) => item.result === 'permissionDenied' || item.result === 'moveFilePermission',
  );
  return errorText(denied ? 'permissionDenied' : 'moveFilesFail', lang);
}

interface TransferDialogProps {
  open: boolean;
  kind: TransferKind;
  files: readonly FileRecord[];
  /** The folder the files are in. */
  source: FolderRef;
  personal: PersonalSpaceIds;
  onClose: () => void;
  /** After a move, the moved rows leave the selection. */
  onDone?: () => void;
}

/** Copy to / Move to (spec 001 §2): pick a folder or team, commit; the same folder only closes. */
export function TransferDialog({
  open,
  kind,
  files,
  source,
  personal,
  onClose,
  onDone,
}: TransferDialogProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const transfer = useTransfer(kind);
  const [target, setTarget] = useState<PickedTarget>();
  // Security documents stay in their team (shared/secdoc.ts): it is the only target offered.
  const onlySpace = files.some((file) => file.safeFile) ? source.gid : undefined;
  // Office documents arriving in a secure team become security documents there (README).
  const settings = useSettings();
  const teams = useTeams();
  const secureTarget = teams.teams.find(
    (team) => team.id === target?.targetgroupid && team.auto_convert_state > AUTO_CONVERT_STATE.off,
  );
  const converts =
    securityDocsConvert(settings) &&
    secureTarget !== undefined &&
    files.some(
      (file) => file.ftype === 'folder' || (!file.safeFile && isSecdocConvertible(splitExt(file.fname).ext)),
    );
  // A folder cannot go into itself or below itself, so moved and copied folders are not targets.
  const excludedIds = useMemo(
    () => new Set(files.filter((file) => file.ftype === 'folder').map((file) => file.id)),
    [files],
  );

  const title =
    files.length === 1
      ? t(kind === 'copy' ? 'drive.transfer.copyTitleOne' : 'drive.transfer.moveTitleOne', {
          name: files[0].fname,
        })
      : t(kind === 'copy' ? 'drive.transfer.copyTitle' : 'drive.transfer.moveTitle', { count: files.length });

  // spec 001 §4: the same folder does nothing; a copy says so instead of closing without a word.
  const sameFolder = (() => {
    if (!target) return false;
    const to = targetFolder(target);
    return to.gid === source.gid && to.folderId === source.folderId;
  })();
  const copyHere = kind === 'copy' && sameFolder;

  const commit = () => {
    if (!target) return;
    const to = targetFolder(target);
    // spec 001 §4: same source and target does nothing.
    if (to.gid === source.gid && to.folderId === source.folderId) return onClose();
    transfer.mutate(
      {
        fileids: files.map((file) => file.id),
        groupid: source.gid,
        parentid: source.folderId,
        target_groupid: to.gid,
        target_parentid: to.folderId,
      },
      {
        onSuccess: ({ failList }) => {
          onClose();
          onDone?.();
          if (failList.length > 0) {
            void message.error(transferFailureText(kind, failList, language));
            if (failList.length === files.length) return;
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
        },
        onError: (error) => notify.error(error),
      },
    );
  };

  return (
    <GuardedModal
      open={open}
      title={title}
      width={560}
      onCancel={onClose}
      onOk={commit}
      okText={t(kind === 'copy' ? 'drive.transfer.copy' : 'drive.transfer.move')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !target || copyHere }}
      confirmLoading={transfer.isPending}
    >
      {onlySpace !== undefined && (
        <Typography.Paragraph type="secondary">{t('drive.transfer.secdocStays')}</Typography.Paragraph>
      )}
      <FolderTreePicker
        value={target}
        onChange={setTarget}
        excludedIds={excludedIds}
        onlySpace={onlySpace}
        openAt={source}
      />
      <Typography.Text type="secondary" className="cirrus-picker-target">
        {copyHere
          ? t('drive.transfer.alreadyHere', { count: files.length })
          : target
            ? t('drive.transfer.target', { name: target.name })
            : t('drive.transfer.noTarget')}
      </Typography.Text>
      {converts && (
        <Typography.Paragraph type="secondary" className="cirrus-picker-converts">
          <SecdocMark /> {t('drive.transfer.becomesSecdoc', { name: secureTarget.name })}
        </Typography.Paragraph>
      )}
    </GuardedModal>
  );
}
