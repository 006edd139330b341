/**
 * The console's look: antd's compact algorithm (back-office users scan dense tables), one brand
 * colour, and a dark navy side menu that sets the navigation apart from the white work area.
 * Every text colour reaches WCAG 2.1 AA (4.5:1) on white and on the grey of the layout and of
 * read-only inputs: antd's default greys (breadcrumbs, help texts, placeholders: 1.8 to 3.4) and
 * its light red (3.3) do not, so the tokens below darken them; tags are in shell.css.
 */
import type { ThemeConfig } from 'antd';
import { consoleAlgorithm } from './theme-map';

/** Brand colour of the product. */
export const BRAND_COLOR = '#2f54eb';

/** Background of the side menu and the login page's brand panel. */
export const NAV_BACKGROUND = '#0f1b3d';

/** Width of the expanded side menu in pixels. */
export const SIDER_WIDTH = 216;

/** The console's design tokens: antd's seed and the few derived ones set by hand. */
export const CONSOLE_TOKEN = {
  colorPrimary: BRAND_COLOR,
  colorInfo: BRAND_COLOR,
  borderRadius: 6,
  colorBgLayout: '#f3f5f9',
  // 7.0:1 on white (antd: 0.45 black, 3.4:1): descriptions, breadcrumbs, table headers' icons.
  colorTextDescription: '#595959',
  colorTextTertiary: '#595959',
  // 5.3:1 on white, 4.9:1 on #f5f5f5 (antd: 0.25 black, 1.8:1): placeholders, empty states.
  colorTextQuaternary: '#6b6b6b',
  colorTextPlaceholder: '#6b6b6b',
  // Read-only inputs show values people must read (a fixed level type, an assigned number).
  colorTextDisabled: '#6b6b6b',
  // 5.6:1 on white (antd: #ff4d4f, 3.3:1): danger links, error messages.
  colorError: '#cf1322',
  colorLink: BRAND_COLOR,
  // Hovered and focused texts in the brand colour stay at 4.5:1 too (antd's lighter tint: 3.7:1).
  colorPrimaryHover: '#1d39c4',
  colorLinkHover: '#1d39c4',
  fontFamily:
    "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Helvetica Neue', Arial, sans-serif",
} as const satisfies ThemeConfig['token'];

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
