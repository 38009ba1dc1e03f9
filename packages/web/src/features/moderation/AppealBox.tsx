import { MODERATION_TEXT_MAX } from '@cirrus/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { moderationApi } from '../../api/moderation';
import { GuardedModal } from '../../components/GuardedModal';
import { useNotify } from '../../components/useNotify';

interface BlockDetail {
  reason?: string;
  appeal?: 'open' | 'pending' | 'closed';
  fileid?: number;
}

/**
 * Beside the illegalFile page: the owner of a blocked file sees why, and may appeal once (the
 * report goes back to the console's review queue). Others see only the page.
 */
export function AppealBox({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const detail = (error instanceof ApiError ? error.body?.debug : undefined) as BlockDetail | undefined;
  const [state, setState] = useState(detail?.appeal);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const appeal = useMutation({
    mutationFn: () => moderationApi.appeal('files', detail?.fileid ?? 0, text.trim()),
    onSuccess: () => {
      setOpen(false);
      setState('pending');
      notify.success(t('admin.appeal.sent'));
    },
    onError: (e) => notify.error(e),
  });
  if (!detail?.fileid) return null;
  return (
    <div className="cirrus-appeal">
      <Alert
        type="warning"
        showIcon
        title={
          detail.reason
            ? t('admin.appeal.blockedBecause', { reason: detail.reason })
            : t('admin.appeal.blocked')
        }
        description={state ? t(`admin.appeal.${state}`) : undefined}
        action={
          state === 'open' && (
            <Button size="small" onClick={() => setOpen(true)}>
              {t('admin.appeal.button')}
            </Button>
          )
        }
      />
      <GuardedModal
        open={open}
        title={t('admin.appeal.title')}
        okText={t('admin.appeal.send')}
        onOk={() => appeal.mutate()}
        onCancel={() => setOpen(false)}
        okButtonProps={{ disabled: text.trim() === '', loading: appeal.isPending }}
      >
        <div className="admin-field">
          <label htmlFor="appeal-reason">{t('admin.appeal.label')}</label>
          <Input.TextArea
            id="appeal-reason"
            value={text}
            maxLength={MODERATION_TEXT_MAX}
            autoSize={{ minRows: 3 }}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
      </GuardedModal>
    </div>
  );
}
