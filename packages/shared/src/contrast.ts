// WCAG 2 contrast between two colours. Our own colours (the theme's text, the avatar palette) are
// held by tests to the AA minimum for normal text, so that a colour change cannot quietly fall below it.

/** WCAG 2 AA: normal text needs 4.5:1 against its background. */
export const AA_TEXT_CONTRAST = 4.5;

/** The relative luminance of an opaque #rrggbb colour. */
function luminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = match.slice(1).map((part) => {
    const channel = Number.parseInt(part, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two opaque #rrggbb colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(foreground: string, background: string): number {
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (lighter + 0.05) / (darker + 0.05);
}
