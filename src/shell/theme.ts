/**
 * The console's look: antd's compact algorithm (back-office users scan dense tables), one brand
 * colour, and a dark navy side menu that sets the navigation apart from the white work area.
 */
import { theme, type ThemeConfig } from 'antd';

/** Brand colour of the product. */
export const BRAND_COLOR = '#2f54eb';

/** Background of the side menu and the login page's brand panel. */
export const NAV_BACKGROUND = '#0f1b3d';

/** Width of the expanded side menu in pixels. */
export const SIDER_WIDTH = 216;

/** The theme handed to antd's ConfigProvider. */
export const CONSOLE_THEME: ThemeConfig = {
  algorithm: [theme.defaultAlgorithm, theme.compactAlgorithm],
  token: {
    colorPrimary: BRAND_COLOR,
    colorInfo: BRAND_COLOR,
    borderRadius: 6,
    colorBgLayout: '#f3f5f9',
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Helvetica Neue', Arial, sans-serif",
  },
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
