/**
 * Pictures being made (images.ts), kept from pinning the server when a folder of photos scrolls
 * into view and asks for every thumbnail at once:
 * - one render per key (a content and a size) at a time: whoever asks for the same one while it
 *   is being made waits for that render rather than starting another;
 * - at most `concurrency` renders at once, the rest waiting their turn in order. Each holds the
 *   whole picture in memory, and sharp's work runs on libuv's small thread pool, which the
 *   server's file reads share.
 */
export function createRenderQueue(concurrency: number) {
  const limit = Math.max(1, Math.floor(concurrency));
  const pending = new Map<string, Promise<unknown>>();
  const waiting: (() => void)[] = [];
  let active = 0;
  const stats = { started: 0, peak: 0 };

  async function slot(): Promise<void> {
    if (active < limit) {
      active++;
    } else {
      // The slot is handed over by the render that ends (release), so `active` stays as it is.
      await new Promise<void>((resume) => waiting.push(resume));
    }
    stats.peak = Math.max(stats.peak, active);
  }

  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else active--;
  }

  async function limited<T>(task: () => Promise<T>): Promise<T> {
    await slot();
    stats.started++;
    try {
      return await task();
    } finally {
      release();
    }
  }

  return {
    /** Runs `task` for `key`, or joins the run of it already pending. */
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      const current = pending.get(key);
      if (current) return current as Promise<T>;
      const made = limited(task).finally(() => pending.delete(key));
      pending.set(key, made);
      return made;
    },
    /** Renders started since the server started, and the most that ran at once. */
    stats: () => ({ ...stats, active, waiting: waiting.length }),
  };
}

export type RenderQueue = ReturnType<typeof createRenderQueue>;
