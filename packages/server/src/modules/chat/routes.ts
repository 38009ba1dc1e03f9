import { CHAT_MESSAGE_MAX, CHAT_PAGE_SIZE } from '@cirrus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/actor.ts';
import { Id, pageSize, whole } from '../../http/params.ts';
import type { ChatService } from './service.ts';

/** {type}: 1-3 a team or chat (as contact items count them), 4 a person; {id}: the team or person. */
const ConversationParams = z.object({ type: whole(z.number().int().min(1).max(4)), id: Id });
const PageQuery = z.object({ before: Id.optional(), limit: pageSize(CHAT_PAGE_SIZE, 200) });
// The length rule itself is the service's (chatMessageTooLong); this only bounds the body.
const SendBody = z.object({ body: z.string().max(CHAT_MESSAGE_MAX * 4) });
/** spec 002 §7: body token, userIds. The session is the proof; the token is the IM's and not needed here. */
const CheckOnlineBody = z.object({ token: z.string().max(500).optional(), userIds: z.array(Id).max(200) });

export function chatRoutes({ chat }: { chat: ChatService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/v3/yun_msg/conversations',
      { schema: { description: 'Ours: my conversations, the latest first, with unread counts.' } },
      async (req) => chat.conversations(actorOf(req)),
    );
    r.get(
      '/api/v3/yun_msg/conversation/:type/:id/messages',
      {
        schema: {
          params: ConversationParams,
          querystring: PageQuery,
          description: 'Ours: a page of messages, oldest first; the newest page marks them read.',
        },
      },
      async (req) => chat.messages(actorOf(req), req.params.type, req.params.id, req.query),
    );
    r.post(
      '/im/check-online',
      { schema: { body: CheckOnlineBody, description: 'Whether each of these people is online.' } },
      async (req) => chat.checkOnline(actorOf(req), req.body.userIds),
    );
    r.post(
      '/api/v3/yun_msg/conversation/:type/:id/messages',
      { schema: { params: ConversationParams, body: SendBody, description: 'Ours: sends a message.' } },
      async (req) => chat.send(actorOf(req), req.params.type, req.params.id, req.body.body),
    );
  };
}
