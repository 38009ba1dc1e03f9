import type { Db } from '../../db/index.ts';
import type { Actor } from '../../http/actor.ts';
import * as repo from './repo.ts';

/** The avatar menu's feedback entry (spec 000 §2); the administrator's console reads the inbox. */
export function createFeedbackService({ db, now }: { db: Db; now: () => number }) {
  return {
    submit(actor: Actor, content: string) {
      return repo.insertFeedback(db, { user_id: actor.userId, content, created_at: now() });
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
