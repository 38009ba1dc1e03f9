import { useState } from 'react';

/**
 * True from the first time `open` is true: a dialog whose code loads on demand mounts when first
 * opened and then stays mounted, so it closes with its animation like an always-mounted one.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
