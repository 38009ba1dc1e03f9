import { useMutation } from '@tanstack/react-query';
import { feedbackApi } from '../../api/feedback';

/** Feedback is write-only for the user (the administrator reads it), so there is nothing to cache. */
export function useSendFeedback() {
  return useMutation({ mutationFn: feedbackApi.send });
}
