/**
 * The main shell: side menu of the user's visible entries, header (breadcrumbs, merchant,
 * marketing centre, language, user) and the work area where the current screen renders. Below
 * antd's `md` breakpoint (a phone, 390 px) the side menu would take half the width and push the
 * page sideways: it becomes a drawer the header's menu button opens, and closes on a choice.
 */
import {
  BarChartOutlined,
  DatabaseOutlined,
  GiftOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  RocketOutlined,
  SettingOutlined,
  ShopOutlined,
  StarOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Button, Layout, Menu, Space, Tooltip, type MenuProps } from 'antd';
import { lazy, startTransition, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useNavigationPending } from './navigation-pending';
import type { MenuGroup } from '../../resources/catalog/types';
import {
  earlySessionReading,
  selectMarketingCenter,
  takeSessionReading,
  selectedMarketingCenter,
  storedCustomer,
  type MarketingCenter,
} from '../../providers/auth';
import { LOCAL_KEYS } from '../../providers/storage-keys';
import { Breadcrumbs, PhonePageTitle } from './breadcrumbs';
import { LanguageSwitch } from './language-switch';
import { MarketingCentreSelect } from './marketing-centre-select';
import { currentMenu, entryTitleKey, groupTitleKey, opensElsewhere, selectedMenuPath } from './menu';
import type { MenuGroupView } from '../../resources/access';
import { PageSpin } from './status-pages';
import { SIDER_WIDTH } from './theme';
import { UserMenu } from './user-menu';
import { ApprovalsBell } from './approvals-bell';
import { useWideScreen } from '../components/use-wide-screen';

const GROUP_ICONS: Readonly<Record<MenuGroup, ReactNode>> = {
  member: <TeamOutlined />,
  score: <StarOutlined />,
  deposit: <WalletOutlined />,
  coupons: <GiftOutlined />,
  promotion: <RocketOutlined />,
  'data-table': <BarChartOutlined />,
  datum: <DatabaseOutlined />,
  setting: <SettingOutlined />,
};

// `subNavVisiable` stores whether the menu is expanded; absent means expanded.
function readExpanded(): boolean {
  return localStorage.getItem(LOCAL_KEYS.subNavVisible) !== 'false';
}

// The phone's menu drawer (antd's Drawer) loads when a narrow screen first opens it: a desk's
// console draws its side menu instead and never needs it, and a phone's first page draws without
// it (its code was a download and its closed drawer a drawing before the first rows).
const Drawer = lazy(() => import('antd/es/drawer'));

/** `next`, or `was` where both read the same: a state set to what it was draws nothing again. */
function sameJson<T>(was: T, next: T): T {
  return JSON.stringify(was) === JSON.stringify(next) ? was : next;
}

/** The side menu's items: a group per catalogue group, its entries as real links. */
function menuItems(menu: readonly MenuGroupView[], t: TFunction): MenuProps['items'] {
  return menu.map((group) => ({
    key: group.group,
    icon: GROUP_ICONS[group.group],
    label: t(groupTitleKey(group.group)),
    // A real link: "open in a new tab" works; a plain click is the menu's (it asks first when a
    // changed form would be left).
    children: group.entries.map((entry) => ({
      key: entry.path,
      label: (
        <a href={`#${entry.path}`} onClick={(event) => !opensElsewhere(event.nativeEvent) && event.preventDefault()}>
          {t(entryTitleKey({ group: group.group, entry: entry.entry }))}
        </a>
      ),
    })),
  }));
}

/** The layout route of every signed-in screen. */
export function ShellLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // A new address still rendering: a bar runs above the screen being left, which fades.
  const moving = useNavigationPending();
  const [collapsed, setCollapsed] = useState(() => !readExpanded());
  // Below `md` the side menu is a drawer.
  const narrow = !useWideScreen();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  // The session read while the page loaded (main.tsx), or read now: drawn with at once when it
  // has answered already (the header's marketing centres with the first page, not a moment after).
  const [early] = useState(earlySessionReading);
  const [center, setCenter] = useState(() => selectedMarketingCenter());
  // Until the session's reading answers, the centre the session works in is the one offered.
  const [centers, setCenters] = useState<readonly MarketingCenter[]>(() => early?.current?.marketingCenters ?? (center ? [center] : []));
  // A tab with no centre chosen yet (a link opened in a new tab: the choice is kept per tab) draws
  // its screen once the session's reading has chosen one: the screen's data belongs to a centre.
  const [centreKnown, setCentreKnown] = useState(() => center !== undefined || early?.current !== undefined);
  // Rebuilt after the session is re-read, so the menu follows changed grants or flags.
  const [menu, setMenu] = useState(() => currentMenu());

  useEffect(() => {
    let live = true;
    takeSessionReading(early).then(
      (current) => {
        if (!live) return;
        // In a background render: the header and menu drawn again in slices, not in one block
        // while the screen below draws its first rows. What did not change keeps its value (no
        // second drawing of the menu for a session that is as it was).
        startTransition(() => {
          setCenters((was) => sameJson(was, current.marketingCenters ?? []));
          setCenter((was) => sameJson(was, selectedMarketingCenter()));
          setMenu((was) => sameJson(was, currentMenu()));
          setCentreKnown(true);
        });
      },
      // 401 and the rest are handled by the HTTP client; the screen says what else failed.
      () => {
        if (live) setCentreKnown(true);
      },
    );
    return () => {
      live = false;
    };
  }, [early]);

  const selected = selectedMenuPath({ menu, pathname });
  const currentGroup = menu.find((group) => group.entries.some((entry) => entry.path === selected))?.group;
  const [openKeys, setOpenKeys] = useState<string[]>(() => (currentGroup ? [currentGroup] : []));
  useEffect(() => {
    if (currentGroup) setOpenKeys((keys) => (keys.includes(currentGroup) ? keys : [...keys, currentGroup]));
  }, [currentGroup]);

  // The menu's items, built while a menu is drawn (a phone draws none until its drawer opens):
  // some hundred entries and their titles.
  const menuDrawn = !narrow || drawerUsed;
  const items = useMemo<MenuProps['items']>(() => (menuDrawn ? menuItems(menu, t) : []), [menuDrawn, menu, t]);

  const toggle = () => {
    if (narrow) {
      setDrawerUsed(true);
      setDrawerOpen((open) => !open);
      return;
    }
    setCollapsed((value) => {
      localStorage.setItem(LOCAL_KEYS.subNavVisible, String(value));
      return !value;
    });
  };

  const chooseCenter = (next: MarketingCenter) => {
    selectMarketingCenter(next);
    setCenter(next);
  };

  // On a phone the menu is folded away in its drawer until the button opens it.
  const folded = narrow ? !drawerOpen : collapsed;
  const toggleLabel = narrow
    ? drawerOpen
      ? 'shell.header.closeMenu'
      : 'shell.header.openMenu'
    : collapsed
      ? 'shell.header.expand'
      : 'shell.header.collapse';
  const logo = (small: boolean) => (
    <div className="console-logo" title={t('shell.brand')}>
      <span className="console-logo-mark">L</span>
      {!small && <span className="console-logo-text">{t('shell.brand')}</span>}
    </div>
  );
  const menuOf = (small: boolean) => (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected] : []}
      {...(small ? {} : { openKeys, onOpenChange: (keys: string[]) => setOpenKeys(keys) })}
      onClick={({ key, domEvent }) => {
        if (!(domEvent.nativeEvent instanceof MouseEvent && opensElsewhere(domEvent.nativeEvent))) {
          navigate(key);
          setDrawerOpen(false);
        }
      }}
    />
  );

  return (
    <Layout className="console-shell">
      {narrow ? (
        drawerUsed && (
          <Suspense fallback={null}>
            <Drawer
              placement="left"
              open={drawerOpen}
              width={SIDER_WIDTH}
              closable={false}
              onClose={() => setDrawerOpen(false)}
              rootClassName="console-menu-drawer"
              styles={{ body: { padding: 0 } }}
            >
              {logo(false)}
              {menuOf(false)}
            </Drawer>
          </Suspense>
        )
      ) : (
        <Layout.Sider width={SIDER_WIDTH} collapsedWidth={56} collapsed={collapsed} trigger={null} className="console-sider">
          {logo(collapsed)}
          {menuOf(collapsed)}
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header className="console-header">
          <Space size={8} className="console-header-left">
            <Tooltip title={t(toggleLabel)}>
              <Button
                type="text"
                aria-label={t(toggleLabel)}
                aria-expanded={narrow ? drawerOpen : !collapsed}
                icon={folded ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                onClick={toggle}
              />
            </Tooltip>
            <Breadcrumbs />
          </Space>
          <Space size={16} className="console-header-right">
            <Space size={6} className="console-header-item console-merchant" title={t('shell.header.merchant')}>
              <ShopOutlined />
              <span>{storedCustomer()?.name ?? ''}</span>
            </Space>
            <MarketingCentreSelect centers={centers} value={center?.id} onChange={chooseCenter} />
            <LanguageSwitch />
            <ApprovalsBell />
            <UserMenu />
          </Space>
        </Layout.Header>
        <Layout.Content className="console-content">
          {moving && <div className="console-navigation-bar" role="progressbar" aria-label={t('shell.navigating')} />}
          {/* Screens remount when the centre changes: their data belongs to the old centre. The
              address the page draws is marked for the browser tests, which wait for it after moving. */}
          <div key={center?.id ?? 'none'} className="console-page" data-path={pathname} aria-busy={moving || undefined}>
            {narrow && <PhonePageTitle />}
            {centreKnown ? <Outlet /> : <PageSpin />}
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
