import type { ThemeConfig } from 'antd';

/** A calm blue; the favicon (public/favicon.svg) uses the same colour. */
export const BRAND_COLOR = '#2f6fdf';

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
    // The marks font (styles.css) holds only some punctuation: quotation marks, dashes and the like.
    fontFamily:
      "'Cirrus Latin Marks', -apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', headerHeight: 56, headerPadding: '0 20px' },
    Menu: { itemBorderRadius: 8, itemMarginInline: 8, activeBarBorderWidth: 0 },
  },
};
