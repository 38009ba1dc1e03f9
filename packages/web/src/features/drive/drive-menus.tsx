/** The drive's menu entries: actions on files, "New" and "Upload", shared by toolbar and context menu. */
import {
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  FileAddOutlined,
  FolderAddOutlined,
  FolderOpenOutlined,
  FormOutlined,
  LockOutlined,
  ScissorOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { NEW_EMPTY_TYPES } from '@cirrus/shared';
import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { FileAction } from './file-actions';

export const ACTION_ICONS: Record<FileAction, ReactNode> = {
  open: <FolderOpenOutlined aria-hidden />,
  edit: <FormOutlined aria-hidden />,
  download: <DownloadOutlined aria-hidden />,
  copyTo: <CopyOutlined aria-hidden />,
  moveTo: <ScissorOutlined aria-hidden />,
  rename: <EditOutlined aria-hidden />,
  lock: <LockOutlined aria-hidden />,
  unlock: <UnlockOutlined aria-hidden />,
  delete: <DeleteOutlined aria-hidden />,
};

type Items = NonNullable<MenuProps['items']>;

/** Actions as menu entries, keyed by action; delete comes last, apart. */
export function actionItems(actions: readonly FileAction[], t: TFunction): Items {
  return actions.flatMap((action) => [
    ...(action === 'delete' ? [{ type: 'divider' as const }] : []),
    {
      key: action,
      icon: ACTION_ICONS[action],
      label: t(`drive.actions.${action}`),
      danger: action === 'delete',
    },
  ]);
}

/** "New": a folder, or one of the empty file kinds; keyed 'folder' or by extension. */
export function newItems(t: TFunction): Items {
  return [
    { key: 'folder', icon: <FolderAddOutlined aria-hidden />, label: t('drive.actions.newFolder') },
    { type: 'divider' },
    ...NEW_EMPTY_TYPES.map((ext) => ({
      key: ext,
      icon: <FileAddOutlined aria-hidden />,
      label: t(`drive.newFile.${ext}`),
    })),
  ];
}

/** "Upload": files, or a whole folder. */
export function uploadItems(t: TFunction): Items {
  return [
    { key: 'files', label: t('drive.actions.uploadFiles') },
    { key: 'folder', label: t('drive.actions.uploadFolder') },
  ];
}

/**
 * Uses up the Enter (or Space) that chose a menu item. Its keypress would otherwise go to what has
 * the focus by then: the name field of the dialog the item opened, focused at once (FocusedInput),
 * whose form it submitted, so Rename closed again as it opened.
 */
export function consumeMenuKey({ domEvent }: { domEvent: { type: string; preventDefault(): void } }): void {
  if (domEvent.type === 'keydown') domEvent.preventDefault();
}
