import { FEEDBACK_MAX } from '@cirrus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/actor.ts';
import type { FeedbackService } from './service.ts';

export const FeedbackBody = z.object({ content: z.string().trim().min(1).max(FEEDBACK_MAX) });

export function feedbackRoutes({ feedback }: { feedback: FeedbackService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post('/v1/feedback', { schema: { body: FeedbackBody } }, async (req, reply) =>
      reply.status(201).send(await feedback.submit(actorOf(req), req.body.content)),
    );
  };
}
