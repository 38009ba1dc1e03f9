import { DesktopOutlined } from '@ant-design/icons';
import {
  DESKTOP_CLIENT_LAUNCH_URL,
  type DesktopDownloadItem,
  type DesktopSelectKind,
  ERROR_TOAST_MS,
  errorText,
  type FileRecord,
  hasPermission,
  isEditable,
} from '@cirrus/shared';
import type { MenuProps } from 'antd';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { teamsApi } from '../../api/teams';
import { useNotify } from '../../components/useNotify';
import { useLanguage } from '../../i18n';
import { isBatchDownload, preflightBatch } from '../drive/download';
import type { FolderRef } from '../drive/location';
import { BridgeError, desktopBridge } from './bridge';
import { desktopTasks, useDesktopAvailability } from './queries';

export const DESKTOP_EDIT_ACTION = 'desktopEdit';
/** The Upload menu's keys of the client's pickers, by the picker they open. */
export const DESKTOP_UPLOAD_KEYS: Record<string, DesktopSelectKind> = {
  desktopFiles: 'files',
  desktopFolder: 'folder',
};

/** A failure's toast stays a little longer when it carries the link that starts the client. */
const LAUNCH_TOAST_S = (ERROR_TOAST_MS * 2) / 1000;

/**
 * spec 001 §5 "Editable types", with the update permission: the office documents the user may
 * change, which the client opens in the local office application.
 */
export function canEditInDesktop(
  files: readonly Pick<FileRecord, 'ftype' | 'extname' | 'user_acl'>[],
): boolean {
  return (
    files.length === 1 &&
    files[0].ftype === 'file' &&
    isEditable(files[0].extname) &&
    hasPermission(files[0].user_acl, 'update')
  );
}

/** What the client is given of each item to download (shared DesktopDownloadRequest). */
export function desktopDownloadItems(
  files: readonly Pick<FileRecord, 'id' | 'fname' | 'ftype' | 'fsize'>[],
): DesktopDownloadItem[] {
  return files.map((file) => ({
    fileid: file.id,
    fname: file.fname,
    ftype: file.ftype === 'folder' ? 'folder' : 'file',
    fsize: file.ftype === 'folder' ? 0 : file.fsize,
  }));
}

/** Shows a bridge failure; no answer from the client comes with the deep link that starts it (spec 002 §8). */
export function useDesktopFailure() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { message } = App.useApp();
  const notify = useNotify();
  return (error: unknown) => {
    // A call to our own server on the way (the team's secure state): its own message.
    if (!(error instanceof BridgeError)) return notify.error(error);
    const text = errorText(error.key, language, error.params);
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

interface DesktopActionsOptions {
  /** The folder the list shows: uploads go there. */
  folder: FolderRef;
  /** File locking is on (ALLOW_FILE_LOCK): the client must take the lock (editlock). */
  lockEnabled: boolean;
}

/**
 * The desktop client's actions in a file list (spec 001 §7 "Desktop-client bridge"): "Open in
 * desktop app" on an office document, the Upload menu's entries that let the client pick and
 * upload into this folder, and Download, which the client does when the page is in its window;
 * their tasks then show in the task panel (DesktopTasksMount). A list adds `menuItems(files)` to
 * its menu and `uploadItems()` to its Upload menu, passes unknown keys to `run` and `upload`, and
 * a download to `download` first.
 */
export function useDesktopActions({ folder, lockEnabled }: DesktopActionsOptions) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const notify = useNotify();
  const language = useLanguage();
  const available = useDesktopAvailability();
  const fail = useDesktopFailure();
  const target = () => ({ origin: window.location.origin, groupid: folder.gid, parentid: folder.folderId });

  const edit = async (file: FileRecord) => {
    // spec 001 §8: with file locking on, a client that cannot take the lock (no editlock) may not edit.
    if (lockEnabled) await desktopBridge.requireFeature('editlock');
    await desktopBridge.edit({ ...target(), fileid: file.id, fname: file.fname, lock: lockEnabled });
    void message.info(t('desktop.editStarted', { name: file.fname }));
  };

  const upload = async (kind: DesktopSelectKind) => {
    const into = { ...folder };
    // Into a secure team the client encrypts what it uploads (spec 001 §8: no autoencrypt, not supported).
    const { states } = await teamsApi.switchStates([into.gid]);
    const encrypt = states.some((state) => state.group_id === into.gid && state.state === 2);
    if (encrypt) await desktopBridge.requireFeature('autoencrypt');
    const picked = await desktopBridge.select(kind, target());
    if (picked.canceled || picked.paths.length === 0) return;
    const { tasks } = await desktopBridge.upload({ ...target(), paths: picked.paths, encrypt });
    desktopTasks.add(into, tasks);
  };

  const download = async (files: readonly FileRecord[]) => {
    // spec 001 §5: a batch only when the client supports it (nonsupportedBatchDownload); the
    // server tells what the batch holds (emptyFolder, partialDownloadFail), as in a browser.
    if (isBatchDownload(files)) {
      await desktopBridge.requireFeature('batchdownload');
      await preflightBatch(folder.gid, files, () =>
        notify.warning(errorText('partialDownloadFail', language)),
      );
    }
    const { tasks } = await desktopBridge.download({
      origin: window.location.origin,
      groupid: folder.gid,
      items: desktopDownloadItems(files),
    });
    desktopTasks.add(null, tasks);
  };

  const menuItems = (files: readonly FileRecord[]): NonNullable<MenuProps['items']> =>
    available.edit && canEditInDesktop(files)
      ? [{ key: DESKTOP_EDIT_ACTION, icon: <DesktopOutlined aria-hidden />, label: t('desktop.edit') }]
      : [];

  const uploadItems = (): NonNullable<MenuProps['items']> =>
    available.upload
      ? [
          { type: 'divider' },
          // No icons: the browser's own Files and Folder above have none.
          { key: 'desktopFiles', label: t('desktop.uploadFiles') },
          { key: 'desktopFolder', label: t('desktop.uploadFolder') },
        ]
      : [];

  return {
    menuItems,
    uploadItems,
    /** Runs "Open in desktop app"; false for any other key. */
    run(key: string, files: readonly FileRecord[]): boolean {
      if (key !== DESKTOP_EDIT_ACTION || files.length !== 1) return false;
      edit(files[0]).catch(fail);
      return true;
    },
    /** Downloads through the client when the page is in its window; false in a browser. */
    download(files: readonly FileRecord[]): boolean {
      if (!available.download || files.length === 0) return false;
      download(files).catch(fail);
      return true;
    },
    /** Runs an Upload menu key of the client's; false for any other key. */
    upload(key: string): boolean {
      const kind = DESKTOP_UPLOAD_KEYS[key];
      if (!kind) return false;
      upload(kind).catch(fail);
      return true;
    },
  };
}
