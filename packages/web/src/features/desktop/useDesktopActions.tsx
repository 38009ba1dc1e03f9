import { DesktopOutlined } from '@ant-design/icons';
import { type DesktopSelectKind, type FileRecord, hasPermission, isEditable } from '@cirrus/shared';
import type { MenuProps } from 'antd';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { teamsApi } from '../../api/teams';
import type { FolderRef } from '../drive/location';
import { desktopBridge } from './bridge';
import { desktopTasks, useDesktopAvailability } from './queries';
import { useDesktopDownload } from './useDesktopDownload';
import { useDesktopFailure } from './useDesktopFailure';

export const DESKTOP_EDIT_ACTION = 'desktopEdit';
/** The Upload menu's keys of the client's pickers, by the picker they open. */
export const DESKTOP_UPLOAD_KEYS: Record<string, DesktopSelectKind> = {
  desktopFiles: 'files',
  desktopFolder: 'folder',
};

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
  const available = useDesktopAvailability();
  const fail = useDesktopFailure();
  const download = useDesktopDownload();
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
    download: (files: readonly FileRecord[]): boolean => download(folder.gid, files),
    /** Runs an Upload menu key of the client's; false for any other key. */
    upload(key: string): boolean {
      const kind = DESKTOP_UPLOAD_KEYS[key];
      if (!kind) return false;
      upload(kind).catch(fail);
      return true;
    },
  };
}
