import { type FileRecord, messageText, SUCCESS_TOAST_MS } from '@cirrus/shared';
import { App, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedModal } from '../../components/GuardedModal';
import { useNotify } from '../../components/useNotify';
import { useLanguage } from '../../i18n';
import { FolderTreePicker, type PickedTarget, targetFolder } from '../drive/FolderTreePicker';
import { transferFailureText } from '../drive/transfer-outcome';
import { useSettings } from '../settings/queries';
import { useSearchMove } from './queries';

interface SearchMoveDialogProps {
  open: boolean;
  files: readonly FileRecord[];
  onClose: () => void;
  onDone: () => void;
}

/**
 * Move from the search results (spec 001 §7): the files may come from several folders and spaces,
 * so the call names only where they go (fileids, parentid, groupid).
 */
export function SearchMoveDialog({ open, files, onClose, onDone }: SearchMoveDialogProps) {
  const { t } = useTranslation('search');
  const language = useLanguage();
  const settings = useSettings();
  const notify = useNotify();
  const { message } = App.useApp();
  const move = useSearchMove();
  const [target, setTarget] = useState<PickedTarget>();
  // A folder cannot go into itself or below itself.
  const excludedIds = useMemo(
    () => new Set(files.filter((file) => file.ftype === 'folder').map((file) => file.id)),
    [files],
  );

  const commit = () => {
    if (!target) return;
    const to = targetFolder(target);
    move.mutate(
      { fileids: files.map((file) => file.fileid), groupid: to.gid, parentid: to.folderId },
      {
        onSuccess: ({ failList }) => {
          onClose();
          onDone();
          if (failList.length > 0)
            void message.error(
              transferFailureText('move', failList, language, settings.secdoc_convert_max_mb),
            );
          if (failList.length < files.length) {
            void message.success(messageText('moveSuccess', language), SUCCESS_TOAST_MS / 1000);
          }
        },
        onError: (error) => notify.error(error),
      },
    );
  };

  return (
    <GuardedModal
      open={open}
      title={
        files.length === 1
          ? t('move.titleOne', { name: files[0].fname })
          : t('move.title', { count: files.length })
      }
      width={560}
      onCancel={onClose}
      onOk={commit}
      okText={t('move.move')}
      okButtonProps={{ disabled: !target }}
      confirmLoading={move.isPending}
    >
      <FolderTreePicker value={target} onChange={setTarget} excludedIds={excludedIds} />
      <Typography.Text type="secondary" className="cirrus-picker-target">
        {target ? t('move.target', { name: target.name }) : t('move.noTarget')}
      </Typography.Text>
    </GuardedModal>
  );
}
