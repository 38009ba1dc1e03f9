/**
 * Copy with the old-browser fallback (spec 002 §8 "copy failed tip (browser prompt fallback for
 * old Chrome under 42 and Safari)"): the async clipboard, else a selected text area and
 * execCommand('copy'), else the browser's prompt with the text selected for copying by hand.
 */
export async function copyText(text: string, failedTip: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // denied or not in a secure context: try the old way
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  if (!copied) window.prompt(failedTip, text);
  return copied;
}
