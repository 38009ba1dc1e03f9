const RELOADED_AT = 'cirrus.reloadedForNewBuild';
/** A reload for a new build is not tried again sooner than this: a server that is down does not loop. */
const RELOAD_AGAIN_AFTER_MS = 60_000;

/** This page has asked for a reload already (storage may be blocked: then once a page is all). */
let reloading = false;

/**
 * Whether an error is the browser failing to load a piece of the app: a page left open across a
 * new deployment asks for code the server no longer has (its files are named by their content).
 */
export function isStaleBuildError(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error ?? '');
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    text,
  );
}

/**
 * Loads the new build, unless the browser is offline (then the error is the network's), this page
 * asked already, or a reload was tried within the last minute (storage blocked: never again from
 * a reloaded page either, as far as the page can tell). Answers whether it reloads.
 */
export function reloadForNewBuild(
  now = Date.now(),
  storage?: Storage,
  reload = () => window.location.reload(),
  online = typeof navigator === 'undefined' || navigator.onLine,
): boolean {
  if (reloading || !online) return false;
  try {
    const store = storage ?? window.sessionStorage;
    const last = Number(store.getItem(RELOADED_AT) ?? 0);
    if (now - last < RELOAD_AGAIN_AFTER_MS) return false;
    store.setItem(RELOADED_AT, String(now));
  } catch {
    // storage blocked: without a memory across reloads, no reload (no loop)
    return false;
  }
  reloading = true;
  reload();
  return true;
}

/** Vite's event for a piece of the app that failed to load: the page loads the new build instead. */
export function watchForNewBuild(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForNewBuild()) event.preventDefault();
  });
}

/** For tests: a new page. */
export function forgetReloadForTests(): void {
  reloading = false;
}
