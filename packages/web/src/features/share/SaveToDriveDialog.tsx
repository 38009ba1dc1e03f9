import { errorText, isErrorKey } from '@cirrus/shared';
import { App, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { linksApi } from '../../api/links';
import { GuardedModal } from '../../components/GuardedModal';
import { useNotify } from '../../components/useNotify';
import { useLanguage } from '../../i18n';
import { FolderTreePicker, type PickedTarget } from '../drive/FolderTreePicker';

/**
 * Save a shared item into one of my folders (spec 001 §2: the folder picker's saveAs source): my
 * drive or a team, a folder in it, or a new folder there.
 */
export function SaveToDriveDialog({
  open,
  sid,
  token,
  fname,
  onClose,
}: {
  open: boolean;
  sid: string;
  token: string | undefined;
  fname: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const { message } = App.useApp();
  const [target, setTarget] = useState<PickedTarget>();
  const [pending, setPending] = useState(false);

  const save = async () => {
    if (!target) return;
    setPending(true);
    try {
      const { failList } = await linksApi.save(sid, token, {
        target_groupid: target.targetgroupid,
        target_parentid: target.targetid,
      });
      if (failList.length > 0) {
        const key = failList[0].result;
        void message.error(isErrorKey(key) ? errorText(key, language) : errorText('copyFilesFail', language));
      } else {
        notify.success(t('share.save.done', { name: target.name }));
        onClose();
      }
    } catch (error) {
      notify.error(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <GuardedModal
      open={open}
      title={t('share.save.title', { name: fname })}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('share.save.ok')}
      okButtonProps={{ disabled: !target, loading: pending }}
      width={520}
    >
      {open && <FolderTreePicker value={target} onChange={setTarget} />}
      {target && (
        <Typography.Text type="secondary" className="cirrus-share-save-target">
          {t('share.save.to', { name: target.name })}
        </Typography.Text>
      )}
    </GuardedModal>
  );
}
