/**
 * The console's design tokens (antd's seed and the few derived ones set by hand), apart from the
 * theme (theme.ts) so that the theme's algorithm (theme-map.ts) can rebuild the seed from them.
 * Every text colour reaches WCAG 2.1 AA (4.5:1) on white and on the grey of the layout and of
 * read-only inputs: antd's default greys (breadcrumbs, help texts, placeholders: 1.8 to 3.4) and
 * its light red (3.3) do not, so the tokens below darken them; tags are in shell.css.
 */
import type { ThemeConfig } from 'antd';

/** Brand colour of the product. */
export const BRAND_COLOR = '#2f54eb';

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
