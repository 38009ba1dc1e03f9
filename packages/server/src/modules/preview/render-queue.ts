/**
 * Pictures being made (images.ts), kept from pinning the server when a folder of photos scrolls
 * into view and asks for every thumbnail at once:
 * - one render per key (a content and a size) at a time: whoever asks for the same one while it
 *   is being made waits for that render rather than starting another;
 * - at most `concurrency` renders at once, the rest waiting their turn in order. Each holds the
 *   whole picture in memory, and sharp's work runs on libuv's small thread pool, which the
 *   server's file reads share;
 * - a render still waiting for its turn when everyone who asked for it has gone (their requests
 *   aborted: a list scrolled past its rows, a tab closed) leaves the queue without running. One
 *   that has started finishes: its picture is kept for the next ask.
 */
export function createRenderQueue(concurrency: number) {
  const limit = Math.max(1, Math.floor(concurrency));
  const pending = new Map<string, Render>();
  const waiting: (() => void)[] = [];
  let active = 0;
  const stats = { started: 0, peak: 0, dropped: 0 };

  interface Render {
    made: Promise<unknown>;
    /** Callers still waiting for it; one that cannot go away (no signal) is counted for good. */
    askers: number;
    /** Takes it out of the queue if it has not started (nobody waits for it any more). */
    drop: () => void;
  }

  /** Waits for a turn; `onWait` gets what takes the turn back while it has not come. */
  async function slot(onWait: (cancel: () => void) => void): Promise<void> {
    if (active < limit) {
      active++;
    } else {
      // The slot is handed over by the render that ends (release), so `active` stays as it is.
      await new Promise<void>((resume, reject) => {
        waiting.push(resume);
        onWait(() => {
          waiting.splice(waiting.indexOf(resume), 1);
          reject(new DOMException('Nobody waits for this render', 'AbortError'));
        });
      });
    }
    stats.peak = Math.max(stats.peak, active);
  }

  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else active--;
  }

  function start<T>(key: string, task: () => Promise<T>): Render {
    let cancel: (() => void) | undefined;
    const render: Render = {
      made: Promise.resolve(),
      askers: 0,
      drop: () => {
        if (!cancel) return;
        cancel();
        cancel = undefined;
        stats.dropped++;
        pending.delete(key);
      },
    };
    const limited = async (): Promise<T> => {
      await slot((c) => {
        cancel = c;
      });
      cancel = undefined;
      stats.started++;
      try {
        return await task();
      } finally {
        release();
      }
    };
    render.made = limited().finally(() => {
      // A dropped render's key may already belong to a newer one.
      if (pending.get(key) === render) pending.delete(key);
    });
    return render;
  }

  /** The render's outcome for one caller; a caller whose signal aborts gets the abort at once. */
  function follow<T>(render: Render, signal?: AbortSignal): Promise<T> {
    render.askers++;
    const made = render.made as Promise<T>;
    if (!signal) return made;
    return new Promise<T>((resolve, reject) => {
      const leave = () => {
        render.askers--;
        if (render.askers === 0) render.drop();
        reject(signal.reason);
      };
      signal.addEventListener('abort', leave, { once: true });
      made.then(
        (value) => {
          signal.removeEventListener('abort', leave);
          resolve(value);
        },
        (err: unknown) => {
          signal.removeEventListener('abort', leave);
          reject(err);
        },
      );
    });
  }

  return {
    /**
     * Runs `task` for `key`, or joins the run of it already pending. `signal`: the asker's
     * request; when it aborts, this call rejects with its reason, and the render is dropped if it
     * is still waiting and nobody else asked for it.
     */
    run<T>(key: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      if (signal?.aborted) return Promise.reject(signal.reason);
      let render = pending.get(key);
      if (!render) {
        render = start(key, task);
        pending.set(key, render);
      }
      return follow<T>(render, signal);
    },
    /** Renders started since the server started, the most that ran at once, and those dropped unstarted. */
    stats: () => ({ ...stats, active, waiting: waiting.length }),
  };
}

export type RenderQueue = ReturnType<typeof createRenderQueue>;
