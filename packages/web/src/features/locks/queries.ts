/**
 * Locking and unlocking a file from the menus and the viewer (spec 001 §7 "File lock"): each answer
 * goes through the shared lockOutcome (spec 001 §8 "Lock codes") to the toast it calls for; the
 * lists and the viewer that show the lock are asked again.
 */
import { errorText, type LockOutcome, lockOutcome, lookupErrorMessage, messageText } from '@cirrus/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../api/account';
import { ApiError, reloadForSession } from '../../api/http';
import { type LockAnswer, locksApi } from '../../api/locks';
import { useLanguage } from '../../i18n';
import { useSelfUser } from '../auth/queries';
import { useSettings } from '../settings/queries';

/** The file a lock call is about: its space, itself, and the folder whose list shows it. */
export interface LockTarget {
  groupid: number;
  fileid: number;
  parentid: number;
}

/** spec 001 §6: ALLOW_FILE_LOCK and allow_file_lock both on. */
export function useLockEnabled(): boolean {
  const settings = useSettings();
  return settings.ALLOW_FILE_LOCK && settings.allow_file_lock;
}

export function useFileLockActions() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const selfId = useSelfUser().data?.id ?? 0;

  const show = (outcome: LockOutcome, answer: LockAnswer) => {
    switch (outcome.kind) {
      case 'locked':
        return void message.success(t('locks.locked'));
      case 'free':
        return undefined;
      case 'held':
        return void message.warning(errorText(outcome.message, language, outcome.params));
      case 'editing':
      case 'noPermission':
      case 'unlockNoPermission':
      case 'unlockFailed':
        return void message.error(errorText(outcome.message, language));
      case 'released':
        return void message.success(messageText(outcome.message, language));
      case 'recheckSession':
        // spec 001 §8: check the session again; a gone session reloads into the login redirect.
        return void accountApi.checkSession().then(
          () => message.error(lookupErrorMessage(answer, language)),
          (error: unknown) => {
            if (error instanceof ApiError && error.status === 401) reloadForSession();
          },
        );
      case 'failed':
        return void message.error(lookupErrorMessage(answer, language));
      default: {
        const unknown: never = outcome;
        return unknown;
      }
    }
  };

  const settle = async (target: LockTarget) => {
    await Promise.all([
      queryClient.invalidateQueries({
        queryKey: ['drive', 'space', target.groupid, 'folder', target.parentid],
      }),
      queryClient.invalidateQueries({ queryKey: ['preview'] }),
    ]);
  };

  const lock = useMutation({
    mutationFn: (target: LockTarget) => locksApi.lock(target.groupid, target.fileid),
    onSuccess: async (answer, target) => {
      show(lockOutcome('lock', answer, selfId), answer);
      await settle(target);
    },
  });
  const unlock = useMutation({
    mutationFn: (target: LockTarget) => locksApi.unlock(target.groupid, target.fileid),
    onSuccess: async (answer, target) => {
      show(lockOutcome('unlock', answer, selfId), answer);
      await settle(target);
    },
  });
  return { lock, unlock, selfId };
}
