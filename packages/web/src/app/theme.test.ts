import { AA_TEXT_CONTRAST, contrastRatio } from '@cirrus/shared';
import { expect, test } from 'vitest';
import { BRAND_COLOR, ERROR_COLOR, SECONDARY_TEXT_COLOR, theme } from './theme';

// The backgrounds our text sits on: cards and lists, the page, the spaces pane, and the light blue
// of a selected item (styles.css --cirrus-brand-soft; antd's selected menu item).
const BACKGROUNDS = ['#ffffff', '#f5f7fb', '#fbfcfe', '#eaf1fd', '#f0f8ff'];

test.each(BACKGROUNDS)('secondary text can be read on %s', (background) => {
  expect(theme.token?.colorTextDescription).toBe(SECONDARY_TEXT_COLOR);
  expect(contrastRatio(SECONDARY_TEXT_COLOR, background)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
});

test('a placeholder is in the secondary grey, which can be read', () => {
  expect(theme.token?.colorTextPlaceholder).toBe(SECONDARY_TEXT_COLOR);
});

test.each(BACKGROUNDS)('the brand colour as text can be read on %s', (background) => {
  expect(contrastRatio(BRAND_COLOR, background)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
});

test('white text on a primary button can be read', () => {
  expect(contrastRatio('#ffffff', BRAND_COLOR)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
});

test('error text on white, and white text on a danger button, can be read', () => {
  expect(theme.token?.colorError).toBe(ERROR_COLOR);
  expect(contrastRatio(ERROR_COLOR, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
});
