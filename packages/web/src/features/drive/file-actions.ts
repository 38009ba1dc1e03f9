/**
 * Which actions a selection offers. The server decides (ARCHITECTURE "Permissions are decided on
 * the server"); the list only hides what it would refuse, by each row's user_acl mask.
 */
import {
  type FileRecord,
  hasPermission,
  type PermissionName,
  USER_ROLE_RANK,
  type UserRole,
} from '@cirrus/shared';

export type FileAction =
  | 'open'
  | 'edit'
  | 'download'
  | 'copyTo'
  | 'moveTo'
  | 'rename'
  | 'lock'
  | 'unlock'
  | 'delete';

/** What lock and unlock depend on besides the file: file locking on, and who asks (issue 10). */
export interface LockContext {
  enabled: boolean;
  selfId: number;
}

const NEEDS: Record<Exclude<FileAction, 'open' | 'edit' | 'lock' | 'unlock'>, PermissionName> = {
  download: 'download',
  copyTo: 'copy',
  moveTo: 'move',
  rename: 'rename',
  delete: 'delete',
};

/** Whether the actor manages the file's space (creator, manager, admin): the server's canManageSpace. */
export function managesSpaceOf(file: Pick<FileRecord, 'user_role'>): boolean {
  return (USER_ROLE_RANK[file.user_role as UserRole] ?? 9) <= USER_ROLE_RANK.manager;
}

export function actionsFor(files: readonly FileRecord[], lock?: LockContext): FileAction[] {
  if (files.length === 0) return [];
  const all = (name: PermissionName) => files.every((file) => hasPermission(file.user_acl, name));
  const actions: FileAction[] = [];
  // A folder opens in the list, a file in the viewer.
  if (files.length === 1) actions.push('open');
  // Text is edited in the viewer (the record's openType, from shared isEditableText); the server
  // says the same in the viewer's permissions.edit.
  if (files.length === 1 && isEditableOnline(files[0])) actions.push('edit');
  for (const action of ['download', 'copyTo', 'moveTo', 'rename'] as const) {
    if (action === 'rename' && files.length !== 1) continue;
    if (all(NEEDS[action])) actions.push(action);
  }
  const [file] = files;
  if (lock?.enabled && files.length === 1 && file.ftype === 'file') {
    // Lock: to edit, so with the update permission. Unlock: the holder, or who manages the space.
    const manages = managesSpaceOf(file);
    if (!file.filelock && hasPermission(file.user_acl, 'update')) actions.push('lock');
    if (file.filelock && (file.filelock.userid === lock.selfId || manages)) actions.push('unlock');
  }
  if (all(NEEDS.delete)) actions.push('delete');
  return actions;
}

/** The first of these files whose lock someone other than `selfId` holds (they may not change it). */
export function lockedByOther(files: readonly FileRecord[], lock: LockContext): FileRecord | undefined {
  if (!lock.enabled) return undefined;
  return files.find((file) => file.filelock && file.filelock.userid !== lock.selfId);
}

/**
 * spec 001 §3's derived flag editableOnline: a file whose openType is editOnline (a text file the
 * viewer edits), with the update permission. A lock someone else holds shows the lock notice
 * instead (FileBrowser).
 */
export function isEditableOnline(file: FileRecord): boolean {
  return file.ftype === 'file' && file.openType === 'editOnline' && hasPermission(file.user_acl, 'update');
}
