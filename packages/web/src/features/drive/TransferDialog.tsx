import {
  AUTO_CONVERT_STATE,
  type FileRecord,
  isSecdocConvertible,
  securityDocsConvert,
  splitExt,
} from '@cirrus/shared';
import { Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedModal } from '../../components/GuardedModal';
import { useNotify } from '../../components/useNotify';
import { SecdocMark } from '../secdoc/SecdocMark';
import { useSettings } from '../settings/queries';
import { FolderTreePicker, type PickedTarget, targetFolder } from './FolderTreePicker';
import type { FolderRef, PersonalSpaceIds } from './location';
import { type TransferKind, useTeams, useTransfer } from './queries';
import { useTransferOutcome } from './transfer-outcome';

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
  const notify = useNotify();
  const transfer = useTransfer(kind);
  const outcome = useTransferOutcome(kind, personal);
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
          outcome(to, files.length, failList);
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
