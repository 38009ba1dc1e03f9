import type { ThemeConfig } from 'antd';

/**
 * A calm blue; the favicon (public/favicon.svg) and styles.css's --cirrus-brand use the same colour.
 * Dark enough for text on the light blue of a selected item (theme.test.ts).
 */
export const BRAND_COLOR = '#2864d4';

/**
 * The grey of secondary text (counts, hints, empty lists). antd's own (black at 45%, #8c8c8c on
 * white) is 3.4:1, under the 4.5:1 that WCAG AA asks of text; this one is 5.7:1 on white.
 */
export const SECONDARY_TEXT_COLOR = '#666666';

/**
 * Red for errors: a form field's message, a danger button, Delete in a menu. antd's (#ff4d4f) is
 * 3.3:1 on white, so an error message was the hardest text on the page to read; this is 4.6:1.
 */
export const ERROR_COLOR = '#d9363e';

export const theme: ThemeConfig = {
  // antd's component styles come from its prebuilt stylesheet (imported in main.tsx), which reads
  // the tokens below as CSS variables, instead of being generated in the browser as each kind of
  // component first renders: that generation was about a sixth of the first screen's time (bench
  // W8). The tokens still apply: antd sets their variables at run time.
  zeroRuntime: true,
  token: {
    colorPrimary: BRAND_COLOR,
    colorInfo: BRAND_COLOR,
    borderRadius: 8,
    colorBgLayout: '#f5f7fb',
    colorTextDescription: SECONDARY_TEXT_COLOR,
    // A field's or a select's placeholder is text to read too: antd's (#bfbfbf) is 1.8:1 on white.
    colorTextPlaceholder: SECONDARY_TEXT_COLOR,
    colorError: ERROR_COLOR,
    // The marks font (styles.css) holds only some punctuation: quotation marks, dashes and the like.
    fontFamily:
      "'Cirrus Latin Marks', -apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', headerHeight: 56, headerPadding: '0 20px' },
    Menu: { itemBorderRadius: 8, itemMarginInline: 8, activeBarBorderWidth: 0 },
  },
};
