const RELOADED_AT = 'cirrus.reloadedForNewBuild';
/** A reload for a new build is not tried again sooner than this: a server that is down does not loop. */
const RELOAD_AGAIN_AFTER_MS = 60_000;

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

/** Loads the new build, unless that was tried within the last minute; answers whether it reloads. */
export function reloadForNewBuild(
  now = Date.now(),
  storage: Storage = window.sessionStorage,
  reload = () => window.location.reload(),
): boolean {
  let last = 0;
  try {
    last = Number(storage.getItem(RELOADED_AT) ?? 0);
    if (now - last < RELOAD_AGAIN_AFTER_MS) return false;
    storage.setItem(RELOADED_AT, String(now));
  } catch {
    // storage blocked: reload all the same, once per page
  }
  reload();
  return true;
}

/** Vite's event for a piece of the app that failed to load: the page loads the new build instead. */
export function watchForNewBuild(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForNewBuild()) event.preventDefault();
  });
}
