import { type MessageKey, messageText } from '@cirrus/shared';
import { useLocation, useNavigate } from 'react-router';
import { APP_BASE } from '../../app/paths';
import { useNotify } from '../../components/useNotify';
import { useLanguage } from '../../i18n';
import { leaveRedirect } from './inline-edit';

/** Success toasts with the spec's message keys (spec 000 §8), in the reader's language. */
export function useTeamMessages() {
  const notify = useNotify();
  const language = useLanguage();
  async function run<T>(work: () => Promise<T>, success?: MessageKey): Promise<T> {
    try {
      const result = await work();
      if (success) notify.success(messageText(success, language));
      return result;
    } catch (error) {
      notify.error(error);
      throw error;
    }
  }
  return {
    notify,
    success: (key: MessageKey) => notify.success(messageText(key, language)),
    /** Runs a change; a failure shows the spec's message and rejects, so an inline field stays open. */
    run: <T>(work: () => Promise<T>, success?: MessageKey) => run(work, success),
    /** As run, for a click: the failure is shown and the answer is whether it worked. */
    attempt: async (work: () => Promise<unknown>, success?: MessageKey): Promise<boolean> => {
      try {
        await run(work, success);
        return true;
      } catch {
        return false;
      }
    },
  };
}

/**
 * Deleting or leaving a team (spec 000 §4): first away from its drive or chat (to /drive or
 * /message), then the call, then the success message.
 */
export function useLeaveRedirect() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (gid: number) => {
    const target = leaveRedirect(pathname, gid, APP_BASE);
    if (target) void navigate(target, { replace: true });
  };
}
