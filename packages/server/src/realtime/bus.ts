import type { RealtimeEvent } from '@cirrus/shared';

/** One push: the event, for every open socket of these users. */
export interface Delivery {
  to: number[];
  event: RealtimeEvent;
}

/**
 * How pushes reach the process that holds a user's socket (ARCHITECTURE "realtime bus"): in one
 * process the bus is a function call; several processes behind a load balancer share Redis, and
 * every process hears every push and hands it to the sockets it holds.
 */
export interface Bus {
  publish(delivery: Delivery): void;
  /** Every delivery published by any process on this bus, this one's included, once. */
  subscribe(handler: (delivery: Delivery) => void): void;
  close(): Promise<void>;
}

/** The default: one process, so a push goes straight to this process's sockets. */
export function memoryBus(): Bus {
  const handlers: ((delivery: Delivery) => void)[] = [];
  return {
    publish(delivery) {
      // After the caller's turn, as a delivery through Redis would be.
      queueMicrotask(() => {
        for (const handle of handlers) handle(delivery);
      });
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      handlers.length = 0;
    },
  };
}

/** The channel the processes of one deployment share. */
export const REDIS_CHANNEL = 'cirrus:realtime';

/**
 * Redis pub/sub (REDIS_URL). A subscribed connection can do nothing else, so there are two. A push
 * made while Redis is away is lost, as a push may be (shared/realtime.ts): the web app asks again
 * later. ioredis reconnects by itself, and subscribes again when it does.
 */
export async function redisBus(url: string, opts: { channel?: string; onError?: (err: Error) => void } = {}) {
  // Loaded only when REDIS_URL is set: the embedded default never needs it.
  const { Redis } = await import('ioredis');
  const channel = opts.channel ?? REDIS_CHANNEL;
  const connect = () => {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    client.on('error', (err) => opts.onError?.(err));
    return client;
  };
  const pub = connect();
  const sub = connect();
  await Promise.all([pub.connect(), sub.connect()]);
  const handlers: ((delivery: Delivery) => void)[] = [];
  sub.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let delivery: Delivery;
    try {
      delivery = JSON.parse(text) as Delivery;
    } catch {
      return;
    }
    for (const handle of handlers) handle(delivery);
  });
  await sub.subscribe(channel);
  const bus: Bus = {
    publish(delivery) {
      pub.publish(channel, JSON.stringify(delivery)).catch((err: Error) => opts.onError?.(err));
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      handlers.length = 0;
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
  return bus;
}
