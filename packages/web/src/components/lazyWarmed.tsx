import { type ComponentProps, type ComponentType, useEffect, useLayoutEffect, useState } from 'react';
import { holdKeys } from './heldKeys';

type Loader<T> = () => Promise<{ default: T }>;

const warmers: Loader<unknown>[] = [];
let warmed = false;

/**
 * A part loaded on first use, like React's `lazy`, whose code is also fetched once the first
 * screen is up (warmLazyParts). For dialogs that take typed input: opened before their code had
 * come, they would miss the keys typed meanwhile. The first screen carries none of it (W8).
 */
// biome-ignore lint/suspicious/noExplicitAny: the same bound as React's own `lazy`.
export function lazyWarmed<T extends ComponentType<any>>(load: Loader<T>) {
  let loaded: T | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const once = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A failed fetch (offline, a new build) is tried again on the next use.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  warmers.push(once);
  if (warmed) void once().catch(() => {});
  // Not React's `lazy`: a part that suspends is shown up to 300 ms after its fallback, and the
  // keys typed meanwhile would be lost. Here it renders at once when its code is here, else
  // (opened before the warm-up reached it) as soon as the code comes.
  // biome-ignore lint/correctness/noComponentHookFactories: made once a module, as `lazy` is.
  function Warmed(props: ComponentProps<T>) {
    const [, setArrived] = useState(false);
    const [failed, setFailed] = useState<{ error: unknown }>();
    // Opened before its code came: the keys typed until it shows go to its field (heldKeys). In a
    // layout effect, so that no key can come between the click and the hold.
    const open = (props as { open?: boolean }).open !== false;
    useLayoutEffect(() => {
      if (open && !loaded) holdKeys();
    }, [open]);
    useEffect(() => {
      if (loaded) return;
      let live = true;
      once().then(
        () => live && setArrived(true),
        (error: unknown) => live && setFailed({ error }),
      );
      return () => {
        live = false;
      };
    }, []);
    // To the error boundary, as `lazy` would (a new build's missing chunk: app/new-build.ts).
    if (failed) throw failed.error;
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : null;
  }
  return Warmed;
}

/** Fetches every lazyWarmed part's code, one after another, when the browser is idle. */
export function warmLazyParts(): void {
  if (warmed) return;
  warmed = true;
  const idle = (next: () => void) =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(next, { timeout: 2000 })
      : setTimeout(next, 50);
  const step = (i: number) => {
    const warm = warmers[i];
    if (!warm) return;
    idle(() => {
      warm().then(
        () => step(i + 1),
        () => step(i + 1),
      );
    });
  };
  step(0);
}
