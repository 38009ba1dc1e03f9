import type { FileRecord, PreviewView } from '@cirrus/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Result, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { driveApi } from '../../api/drive';
import { uploadsApi } from '../../api/uploads';
import { useNotify } from '../../components/useNotify';
import { driveKeys } from '../drive/queries';
import { withLineEndingsOf } from './line-endings';
import { previewKeys, useText } from './queries';

/** The file was saved by someone else since the editor opened it. */
class ChangedMeanwhile extends Error {
  constructor(readonly current: FileRecord) {
    super('changed meanwhile');
  }
}

/**
 * Saves text as the file's next version: the same name in the same folder, in one request (the
 * server's upload rules decide: the update permission, a lock held by someone else, the quota).
 * Unless `overwrite`, it first asks whether someone saved a version since `view` was read.
 */
function useSaveText(view: PreviewView) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ text, overwrite }: { text: string; overwrite: boolean }) => {
      // Saved where the file is now, by the name it has now: renamed or moved meanwhile, the
      // save is still its next version, not a new file under the old name.
      const current = await driveApi.file(view.groupid, view.fileid);
      if (!overwrite && current.fver !== view.fver) throw new ChangedMeanwhile(current);
      const body = new Blob([text], { type: 'text/plain;charset=utf-8' });
      return uploadsApi.whole(current.groupid, current.parentid, current.fname, body, {
        signal: new AbortController().signal,
        onProgress: () => undefined,
      });
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: previewKeys.all }),
        queryClient.invalidateQueries({ queryKey: driveKeys.all }),
      ]);
    },
  });
}

/**
 * The viewer's editor for text (shared isEditableText): the text in a plain text area, saved as a
 * new version with Save or Ctrl+S (Cmd+S); leaving with unsaved changes asks first.
 */
export default function TextEditor({ view, onClose }: { view: PreviewView; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const notify = useNotify();
  const text = useText(view.urls.content);
  const [draft, setDraft] = useState<string>();
  const save = useSaveText(view);
  const changed = draft !== undefined && draft !== text.data;

  const submit = async (overwrite = false) => {
    if (!changed || save.isPending) return;
    try {
      const record = await save.mutateAsync({ text: withLineEndingsOf(text.data ?? '', draft), overwrite });
      void message.success(t('preview.edit.saved', { ver: record.fver }));
      onClose();
    } catch (error) {
      if (!(error instanceof ChangedMeanwhile)) return notify.error(error);
      modal.confirm({
        title: t('preview.edit.changedTitle'),
        content: t('preview.edit.changedText', { ver: error.current.fver }),
        okText: t('preview.edit.saveAnyway'),
        cancelText: t('common.cancel'),
        onOk: () => submit(true),
      });
    }
  };
  const submitRef = useRef(submit);
  submitRef.current = submit;

  // Ctrl+S (Cmd+S) saves rather than the browser saving the page; unsaved text holds the tab.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void submitRef.current();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  useEffect(() => {
    if (!changed) return;
    const hold = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', hold);
    return () => window.removeEventListener('beforeunload', hold);
  }, [changed]);

  const cancel = () => {
    if (!changed) return onClose();
    modal.confirm({
      title: t('preview.edit.discardTitle'),
      okText: t('preview.edit.discard'),
      okButtonProps: { danger: true },
      cancelText: t('preview.edit.keepEditing'),
      onOk: onClose,
    });
  };

  if (text.isPending) return <Spin className="cirrus-preview-spin" size="large" />;
  // Never an empty editor over text that could not be read: saving it would wipe the file.
  if (text.isError)
    return (
      <Result
        status="error"
        title={t('preview.edit.unreadable')}
        extra={<Button onClick={onClose}>{t('preview.close')}</Button>}
      />
    );
  return (
    <div className="cirrus-text-editor">
      <div className="cirrus-text-editor-bar">
        <Typography.Text type="secondary">
          {changed ? t('preview.edit.unsaved') : t('preview.edit.hint')}
        </Typography.Text>
        <span className="cirrus-text-editor-actions">
          <Button onClick={cancel}>{t('common.cancel')}</Button>
          <Button type="primary" disabled={!changed} loading={save.isPending} onClick={() => void submit()}>
            {t('preview.edit.save')}
          </Button>
        </span>
      </div>
      <Input.TextArea
        className="cirrus-text-editor-area"
        aria-label={t('preview.edit.label', { name: view.fname })}
        value={draft ?? text.data ?? ''}
        onChange={(event) => setDraft(event.target.value)}
        spellCheck={false}
        autoFocus
      />
    </div>
  );
}
