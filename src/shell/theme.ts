/**
 * The console's look: antd's compact algorithm (back-office users scan dense tables), one brand
 * colour, and a dark navy side menu that sets the navigation apart from the white work area.
 * The tokens, darkened where antd's greys miss WCAG 2.1 AA, are in theme-tokens.ts.
 */
import type { ThemeConfig } from 'antd';
import { consoleAlgorithm } from './theme-map';
import { BRAND_COLOR, CONSOLE_TOKEN } from './theme-tokens';

export { BRAND_COLOR, CONSOLE_TOKEN } from './theme-tokens';

/** Background of the side menu and the login page's brand panel. */
export const NAV_BACKGROUND = '#0f1b3d';

/** Width of the expanded side menu in pixels. */
export const SIDER_WIDTH = 216;

/**
 * The theme handed to antd's ConfigProvider: antd's default and compact algorithms on the tokens
 * above, their result written once by `npm run theme:map` and handed out by theme-map.ts.
 */
export const CONSOLE_THEME: ThemeConfig = {
  algorithm: consoleAlgorithm,
  token: CONSOLE_TOKEN,
  components: {
    Layout: { siderBg: NAV_BACKGROUND, headerBg: '#ffffff', headerHeight: 52, headerPadding: '0 16px' },
    Menu: {
      darkItemBg: NAV_BACKGROUND,
      darkSubMenuItemBg: '#0b1533',
      darkItemSelectedBg: BRAND_COLOR,
      itemBorderRadius: 4,
    },
  },
};
