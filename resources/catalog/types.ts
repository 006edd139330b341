/**
 * The navigation and permission catalogue: every menu group, second-level entry and screen of
 * the specification (§2), with the permissions that open them (§6). It is the one place where
 * a screen's route, menu entry and access rule are declared; the browser's router and menu, the
 * server's permission tree (getTree) and the route guard are all derived from it.
 */
import type { Bilingual } from '../messages/bilingual';

/** The eight top-level menu groups of the specification, in menu order. */
export const MENU_GROUPS = ['member', 'score', 'deposit', 'coupons', 'promotion', 'data-table', 'datum', 'setting'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/**
 * Action names as the specification writes them (§6). `view` and `configure` are the generic
 * pair; the Chinese ones are the specialised actions some resources use.
 */
export const ACTIONS = [
  'view',
  'configure',
  '数据查看',
  '单据查看',
  '配置查看',
  '配置维护',
  '活动查看',
  '规则查看',
  '报表查看',
  '资料查看',
  '标签查看',
  '客群查看',
  '计划查看',
  '主题查看',
  '会员资料查看',
  '等级查看',
  '账户信息查看',
  '预付卡查看',
  '卡模板维护',
  '卡模板查看',
  '券模板查看',
] as const;
export type Action = (typeof ACTIONS)[number];

/** One grant or requirement: a resource path (slash-separated, Chinese) plus one action. */
export interface PermissionRef {
  /** Slash-separated resource path in Chinese, e.g. `会员/标准会员`. */
  readonly resourceId: string;
  /** The action required on that resource. */
  readonly action: Action;
}

/** A permission entry as the server returns it for a user (§3). */
export interface PermissionEntry {
  readonly resourceId: string;
  readonly actions: readonly string[];
  readonly pageUrl?: string;
}

/**
 * Names of custom access rules (§6): checks that cannot be written as "any of these grants".
 * Their logic lives in `access.ts`, keyed by this name.
 */
export type CustomRule =
  | 'cardTemplateAny' // menu: any prepaid card type's template permission
  | 'cardTemplateEdit' // route: edit allowed if any card type is editable
  | 'cardTemplateDetail' // route: detail allowed if the card type (query) is viewable
  | 'storeValuePayActivity' // prefix rule over stored-value payment activity resources
  | 'prepayCardPayActivity' // prefix rule over prepaid-card payment activity resources
  | 'prepayCardChargeGift' // prefix rule over prepaid-card top-up gift resources
  | 'pushPlan'; // prefix rule over push plan resources

/** The sysConfig flags the catalogue knows (§3). */
export const SYS_CONFIG_FLAGS = ['enableGainPointsByQty', 'showMemberExtendDetail'] as const;
export type SysConfigFlag = (typeof SYS_CONFIG_FLAGS)[number];

/** The tenant's system configuration as far as navigation cares: flag name -> on/off. */
export type SysConfigFlags = Readonly<Partial<Record<SysConfigFlag, boolean>>>;

/**
 * A permission resource below an entry's own resource (`储值/卡模板/充值卡`). Entries whose
 * access is a prefix rule (card templates, payment activities, top-up gifts, push plans) grant
 * nothing on their own path: roles receive the sub-resources, and the rule asks for "any grant
 * under the entry's path".
 */
export interface SubResourceDecl {
  /** Full slash path; always starts with the owning entry's `resourceId` + `/`. */
  readonly resourceId: string;
  /** Name of the last path segment in both languages (the permission tree shows it). */
  readonly name: Bilingual;
  /** The actions the permission tree offers on this sub-resource. */
  readonly actions: readonly Action[];
}

/** A screen of an entry: one route. */
export interface ScreenDecl {
  /** Route segment, exactly as screens.json names it (`list`, `dtl`, `score-adjust-add` …). */
  readonly name: string;
  /** Title shown in the page header and browser tab. */
  readonly title: Bilingual;
  /**
   * Who may open this screen. Omitted: the entry's `permissions`. An empty list means no
   * permission is needed (level-material, birthday-home, member-balance-promotion list).
   */
  readonly permissions?: readonly PermissionRef[];
  /**
   * A custom route check instead of the list, or as an alternative to it when a non-empty list
   * is given too (either passing opens the screen). A screen with neither `permissions` nor
   * `custom` inherits both from its entry.
   */
  readonly custom?: CustomRule;
  /** True for screens reached from another screen (add/edit/dtl), never shown in the menu. */
  readonly hiddenFromMenu?: boolean;
  /** The screen exists only while this sysConfig flag is on (e.g. points-by-quantity kinds). */
  readonly requiresFlag?: SysConfigFlag;
  /** The screen stays reachable but changes its content with this flag (member details). */
  readonly readsFlag?: SysConfigFlag;
  /**
   * For coupon-active kinds: the activity kind as screens.json names it (`score doubling`).
   * screens.json names the kind's screens `add`/`dtl`, which would collide inside one entry, so
   * the route `name` is kind-prefixed and these two fields keep the link to the spec.
   */
  readonly kind?: string;
  /** The kind's screen name in screens.json (`add`, `dtl`, `score-init-setting`). */
  readonly kindScreen?: string;
}

/** A second-level menu entry with its screens. */
export interface EntryDecl {
  /** Route segment of the entry (`standard-member`). */
  readonly entry: string;
  /** Menu title. */
  readonly title: Bilingual;
  /** The permission resource this entry belongs to; appears in the permission tree (getTree). */
  readonly resourceId: string;
  /** English name of the resource path's last segment, for the permission tree in en_US. */
  readonly resourceTitleEn: string;
  /** The actions this resource allows; the permission tree offers exactly these. */
  readonly actions: readonly Action[];
  /**
   * The menu shows this entry if the user holds any of these. Default for screens too.
   * Empty: no permission needed.
   */
  readonly permissions: readonly PermissionRef[];
  /** A custom menu rule evaluated over all permission data (§6). */
  readonly custom?: CustomRule;
  /** Shown only when this sysConfig flag is on. */
  readonly requiresFlag?: SysConfigFlag;
  /** The screen opened by the menu entry; the first screen when omitted. */
  readonly defaultScreen?: string;
  /** Hidden from the menu (a shell with no children, or screens only reached by links). */
  readonly hiddenFromMenu?: boolean;
  /** Permission resources below this entry's own path (card types, activity sub-kinds …). */
  readonly subResources?: readonly SubResourceDecl[];
  /** The entry's screens (routes), in the order screens.json lists them. */
  readonly screens: readonly ScreenDecl[];
  /**
   * Set on an entry the specification's screen list (screens.json) does not have: why the
   * product adds it (applications and keys, issue 31). The catalogue tests hold every other entry
   * to the specification and count these apart.
   */
  readonly beyondSpecification?: string;
}

/** A top-level group. */
export interface GroupDecl {
  /** Route segment and menu key of the group. */
  readonly group: MenuGroup;
  /** Menu title of the group. */
  readonly title: Bilingual;
  /** The group's resource path root in Chinese (`会员`); every entry's resourceId starts with it. */
  readonly resourceRoot: string;
  /** English name of the group's resource path root (`会员` -> `Member`). */
  readonly resourceRootEn: string;
  /** Default child opened at `#/<group>` (`home` for member and score). */
  readonly defaultEntry?: string;
  /** Second-level entries in menu order. */
  readonly entries: readonly EntryDecl[];
}
