/**
 * Keys typed while a dialog is on its way (opened before its code had come, lazyWarmed): kept, and
 * given to its field as the field takes the focus (FocusedInput), so that typing straight after
 * the click that opened it loses nothing. Until then the focus is on that button, where the keys
 * would be lost, and a space would press it again.
 */

/** How long keys are kept for a dialog that has not come; after that they go where they would have. */
const HOLD_MS = 3000;

let held: { text: string; until: number } | undefined;

function isField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}

function onKeyDown(event: KeyboardEvent): void {
  if (!held) return;
  if (performance.now() > held.until) {
    release();
    return;
  }
  // Characters only: shortcuts, Escape, Tab and the keys of an input method do what they do.
  if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
  if (isField(event.target)) return;
  event.preventDefault();
  held.text += event.key;
}

function release(): void {
  held = undefined;
  window.removeEventListener('keydown', onKeyDown, true);
}

/** Keeps the characters typed from now until a field takes them (or HOLD_MS pass). */
export function holdKeys(): void {
  if (!held) window.addEventListener('keydown', onKeyDown, true);
  held = { text: held?.text ?? '', until: performance.now() + HOLD_MS };
}

/**
 * Types the kept characters into `field`, which has the focus, in place of its selected text, as
 * the keys would have done; then keeps no more.
 */
export function giveHeldKeys(field: HTMLInputElement | HTMLTextAreaElement): void {
  const text = held?.text ?? '';
  release();
  if (!text) return;
  field.setRangeText(
    text,
    field.selectionStart ?? field.value.length,
    field.selectionEnd ?? field.value.length,
    'end',
  );
  // React hears the change as it hears typing (the value it last set differs from the field's).
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
