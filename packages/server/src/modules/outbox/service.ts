import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/index.ts';
import * as repo from './repo.ts';
import type { OutgoingMessage, Transport } from './transports.ts';

export type { OutgoingMessage } from './transports.ts';

export interface OutboxDeps {
  db: Db;
  transports: Partial<Record<'mail' | 'sms', Transport>>;
  now: () => number;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/**
 * Every message the product sends is first written to the outbox table, then handed to its
 * channel's transport in the background (so a slow mail server never holds up a request, and the
 * time of an answer tells nothing about whether a message went out). Without a transport the
 * message stays in state `stored`, where the administrator's console shows it.
 */
export function createOutboxService({ db, transports, now, log }: OutboxDeps) {
  const inFlight = new Set<Promise<void>>();

  async function deliver(id: number, transport: Transport, message: OutgoingMessage): Promise<void> {
    try {
      await transport(message);
      await repo.markDelivered(db, id, { state: 'sent', error: '', sentAt: now() });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      log?.warn({ outboxId: id, channel: message.channel, error }, 'outgoing message failed');
      await repo.markDelivered(db, id, { state: 'failed', error: error.slice(0, 500), sentAt: null });
    }
  }

  return {
    /** Stores the message and starts its delivery; answers the outbox id. */
    async send(message: OutgoingMessage): Promise<number> {
      const transport = transports[message.channel];
      const id = await repo.insertMessage(db, {
        channel: message.channel,
        recipient: message.to,
        subject: message.subject,
        body: message.body,
        kind: message.kind,
        state: transport ? 'queued' : 'stored',
        created_at: now(),
        sent_at: null,
      });
      if (transport) {
        const delivery = deliver(id, transport, message).catch(() => {});
        inFlight.add(delivery);
        void delivery.finally(() => inFlight.delete(delivery));
      } else {
        log?.info(
          { outboxId: id, channel: message.channel, kind: message.kind },
          'message stored in the outbox',
        );
      }
      return id;
    },

    /** Waits for the deliveries under way (graceful shutdown, tests). */
    async drain(): Promise<void> {
      await Promise.all([...inFlight]);
    },

    list(opts: { recipient?: string; offset: number; limit: number }) {
      return repo.listMessages(db, opts);
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
