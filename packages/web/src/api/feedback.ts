/** Feedback (the avatar menu's feedback entry, spec 000 §2); ours, as the spec does not show the call. */
import { http } from './http';

export interface Feedback {
  id: number;
  content: string;
  created_at: number;
}

export const feedbackApi = {
  send: (content: string) => http.post<Feedback>('/v1/feedback', { content }),
};
