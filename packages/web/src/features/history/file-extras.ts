/**
 * The file actions of issue 4 that join the drive's menus: star or unstar (spec 001 §4), history
 * versions, and the detail panel (activity and comments). Which a selection offers; the server
 * decides (the list only hides what it would refuse, by each row's user_acl).
 */
import { type FileRecord, hasPermission } from '@cirrus/shared';

export type ExtraAction = 'star' | 'unstar' | 'history' | 'details';

export const EXTRA_ACTIONS: readonly ExtraAction[] = ['star', 'unstar', 'history', 'details'];

export function isExtraAction(key: string): key is ExtraAction {
  return (EXTRA_ACTIONS as readonly string[]).includes(key);
}

export function extraActionsFor(
  files: readonly Pick<FileRecord, 'ftype' | 'labels' | 'user_acl'>[],
): ExtraAction[] {
  if (files.length === 0) return [];
  const actions: ExtraAction[] = [files.some((f) => f.labels.length === 0) ? 'star' : 'unstar'];
  if (files.length === 1) {
    const [file] = files;
    if (file.ftype === 'file' && hasPermission(file.user_acl, 'history')) actions.push('history');
    actions.push('details');
  }
  return actions;
}
