/**
 * The whole navigation and permission catalogue, in menu order, and the lookups built on it:
 * route resolution, canonical paths, the list of resources and the derived i18n keys.
 *
 * Not in the catalogue:
 * - `/analysis` is a shell route with no children (§2); it has no menu entry, no screen and no
 *   resource, so it is listed in SHELL_ONLY_ROUTES for the router and nothing else.
 * - The `showMemberExtendDetail` flag hides no menu entry or route. It changes what the member
 *   detail screens show (extended profile fields), so those screens carry `readsFlag`.
 *   `enableGainPointsByQty` gates the two points-by-quantity kinds of `promotion/coupon-active`.
 */
import type { MessageBook } from '../messages/bilingual';
import { ACTION_TITLES } from './actions';
import { couponsGroup } from './coupons.catalog';
import { dataTableGroup } from './data-table.catalog';
import { datumGroup } from './datum.catalog';
import { depositGroup } from './deposit.catalog';
import { memberGroup } from './member.catalog';
import { promotionGroup } from './promotion.catalog';
import { scoreGroup } from './score.catalog';
import { settingGroup } from './setting.catalog';
import { ACTIONS, MENU_GROUPS } from './types';
import type { EntryDecl, GroupDecl, MenuGroup, ScreenDecl } from './types';

export { ACTION_TITLES, MAINTAIN_ACTIONS, isMaintainAction } from './actions';
export { CARD_TEMPLATE_ACTIONS, CARD_TEMPLATE_RESOURCE, CARD_TEMPLATE_TYPES, cardTemplateType } from './card-template-types';
export type { CardTemplateType, CardTemplateTypeDecl } from './card-template-types';
export { RULE_PREFIXES, isPrefixRule } from './rule-prefixes';
export type { PrefixRule } from './rule-prefixes';

/** Every menu group, in MENU_GROUPS order. */
export const CATALOG: readonly GroupDecl[] = [
  memberGroup,
  scoreGroup,
  depositGroup,
  couponsGroup,
  promotionGroup,
  dataTableGroup,
  datumGroup,
  settingGroup,
];

/** Shell routes inside the main layout that have no children and therefore no screen. */
export const SHELL_ONLY_ROUTES: readonly string[] = ['/analysis'];

/** A screen named by its route segments. */
export interface ScreenRef {
  /** Menu group segment. */
  readonly group: MenuGroup;
  /** Entry segment. */
  readonly entry: string;
  /** Screen segment. */
  readonly screen: string;
}

/** The declarations behind a screen reference. */
export interface ScreenMatch {
  /** The group declaration. */
  readonly group: GroupDecl;
  /** The entry declaration. */
  readonly entry: EntryDecl;
  /** The screen declaration. */
  readonly screen: ScreenDecl;
}

function isMenuGroup(value: string): value is MenuGroup {
  return (MENU_GROUPS as readonly string[]).includes(value);
}

/** The group declaration of a group segment. */
export function findGroup(group: string): GroupDecl | undefined {
  return CATALOG.find((decl) => decl.group === group);
}

/** The entry declaration of a group and entry segment. */
export function findEntry(group: string, entry: string): EntryDecl | undefined {
  return findGroup(group)?.entries.find((decl) => decl.entry === entry);
}

/** The declarations of a screen, or undefined when any segment is unknown. */
export function findScreen(ref: ScreenRef): ScreenMatch | undefined {
  const group = findGroup(ref.group);
  const entry = group?.entries.find((decl) => decl.entry === ref.entry);
  const screen = entry?.screens.find((decl) => decl.name === ref.screen);
  return group && entry && screen ? { group, entry, screen } : undefined;
}

/** The screen `#/<group>/<entry>` opens: the declared default, the one named like the entry, or the first. */
export function defaultScreenOf(entry: EntryDecl): ScreenDecl {
  return (
    entry.screens.find((screen) => screen.name === entry.defaultScreen) ??
    entry.screens.find((screen) => screen.name === entry.entry) ??
    entry.screens[0]
  );
}

/** The entry `#/<group>` opens: the declared default or the first. */
export function defaultEntryOf(group: GroupDecl): EntryDecl {
  return group.entries.find((entry) => entry.entry === group.defaultEntry) ?? group.entries[0];
}

/** The canonical route of a screen (without the leading `#`). */
export function screenPath(ref: ScreenRef): string {
  return `/${ref.group}/${ref.entry}/${ref.screen}`;
}

/**
 * Resolves a route path (`/datum/store`, `#/member`, `/deposit/prepay-card-tpl/prepay-card-tpl-dtl?number=1`)
 * to the screen it shows. Shorter paths open the default entry and default screen. Query and
 * leading `#` are ignored; unknown paths (and shell-only routes) give undefined.
 */
export function resolvePath(path: string): ScreenRef | undefined {
  const bare = path.replace(/^#/, '').split(/[?#]/)[0];
  const segments = bare.split('/').filter((segment) => segment.length > 0);
  if (segments.length === 0 || segments.length > 3 || !isMenuGroup(segments[0])) return undefined;
  const group = findGroup(segments[0]);
  if (!group) return undefined;
  const entry = segments.length === 1 ? defaultEntryOf(group) : group.entries.find((decl) => decl.entry === segments[1]);
  if (!entry) return undefined;
  const screen = segments.length === 3 ? entry.screens.find((decl) => decl.name === segments[2]) : defaultScreenOf(entry);
  return screen ? { group: group.group, entry: entry.entry, screen: screen.name } : undefined;
}

/** A permission resource with its path in both languages. */
export interface ResourceInfo {
  /** The slash path. */
  readonly resourceId: string;
  /** English path, segments joined with ` / `. */
  readonly pathEn: string;
}

/** Every resource of the catalogue (group roots, entries, sub-resources), in tree order, once each. */
export function catalogResources(): ResourceInfo[] {
  const seen = new Map<string, ResourceInfo>();
  const add = (resourceId: string, pathEn: string): void => {
    if (!seen.has(resourceId)) seen.set(resourceId, { resourceId, pathEn });
  };
  for (const group of CATALOG) {
    add(group.resourceRoot, group.resourceRootEn);
    for (const entry of group.entries) {
      const entryEn = `${group.resourceRootEn} / ${entry.resourceTitleEn}`;
      add(entry.resourceId, entryEn);
      for (const sub of entry.subResources ?? []) add(sub.resourceId, `${entryEn} / ${sub.name[1]}`);
    }
  }
  return [...seen.values()];
}

/** Every resourceId of the catalogue, in tree order. */
export function allResourceIds(): string[] {
  return catalogResources().map((resource) => resource.resourceId);
}

/**
 * The i18n keys the catalogue implies: `menu.<group>`, `menu.<group>.<entry>`,
 * `screen.<group>.<entry>.<screen>`, `perm.<resourceId>` and `action.<action>`.
 */
export function catalogMessages(): MessageBook {
  const book: Record<string, readonly [string, string]> = {};
  for (const group of CATALOG) {
    book[`menu.${group.group}`] = group.title;
    for (const entry of group.entries) {
      book[`menu.${group.group}.${entry.entry}`] = entry.title;
      for (const screen of entry.screens) book[`screen.${group.group}.${entry.entry}.${screen.name}`] = screen.title;
    }
  }
  for (const resource of catalogResources()) book[`perm.${resource.resourceId}`] = [resource.resourceId, resource.pathEn];
  for (const action of ACTIONS) book[`action.${action}`] = ACTION_TITLES[action];
  return book;
}
