/**
 * Access decisions over the catalogue, shared by the browser (menu, route guard, buttons) and
 * the server (route checks, getTree). Pure functions: grants come in, booleans come out; the one
 * lookup that needs data (a card template's type by number) is passed in by the caller.
 */
import type { Bilingual } from './messages/bilingual';
import {
  CARD_TEMPLATE_TYPES,
  CATALOG,
  RULE_PREFIXES,
  cardTemplateType,
  defaultScreenOf,
  findScreen,
  isPrefixRule,
  screenPath,
} from './catalog/index';
import type { CardTemplateTypeDecl, ScreenRef } from './catalog/index';
import type {
  Action,
  CustomRule,
  EntryDecl,
  GroupDecl,
  MenuGroup,
  PermissionEntry,
  PermissionRef,
  SysConfigFlag,
  SysConfigFlags,
} from './catalog/types';

/** The permissions a user holds, as the server lists them. */
export type Grants = readonly PermissionEntry[];

/** The option check (§6): true only if the user holds exactly this action on exactly this resource. */
export function hasAction(grants: Grants, ref: PermissionRef): boolean {
  return grants.some((grant) => grant.resourceId === ref.resourceId && grant.actions.includes(ref.action));
}

/** True if any requirement is held; an empty list requires nothing. */
export function holdsAny(grants: Grants, refs: readonly PermissionRef[]): boolean {
  return refs.length === 0 || refs.some((ref) => hasAction(grants, ref));
}

/** True if any action is held on any resource below the folder (the folder itself excluded). */
function holdsUnder(grants: Grants, folder: string): boolean {
  const prefix = `${folder}/`;
  return grants.some((grant) => grant.resourceId.startsWith(prefix) && grant.actions.length > 0);
}

/** What a custom rule may look at besides the grants. */
export interface RuleContext {
  /** The route's query parameters (`cardTemplateType`, `number` for card templates). */
  readonly query?: Readonly<Record<string, string | undefined>>;
  /** Looks up a card template's `cardTemplateType` by its number; undefined when not found. */
  readonly templateTypeOf?: (number: string) => Promise<string | undefined>;
}

// A card type is viewable with its view action; holding maintain implies seeing what one edits.
function cardViewable(grants: Grants, type: CardTemplateTypeDecl | undefined): boolean {
  if (!type) return false;
  return hasAction(grants, { resourceId: type.resourceId, action: '卡模板查看' }) || cardEditable(grants, type);
}

function cardEditable(grants: Grants, type: CardTemplateTypeDecl | undefined): boolean {
  return type !== undefined && hasAction(grants, { resourceId: type.resourceId, action: '卡模板维护' });
}

function anyCardEditable(grants: Grants): boolean {
  return CARD_TEMPLATE_TYPES.some((type) => cardEditable(grants, type));
}

const NEEDS_TYPE = Symbol('needs the template type');

/**
 * Evaluates a rule as far as possible without data. The card template rules answer
 * NEEDS_TYPE when only a template number is known and its type must be fetched first.
 */
function evaluateWithoutFetch(args: { rule: CustomRule; grants: Grants; query: RuleContext['query'] }): boolean | typeof NEEDS_TYPE {
  const { rule, grants } = args;
  if (isPrefixRule(rule)) return holdsUnder(grants, RULE_PREFIXES[rule]);
  const type = nonEmpty(args.query?.cardTemplateType);
  const number = nonEmpty(args.query?.number);
  const check = rule === 'cardTemplateDetail' ? cardViewable : cardEditable;
  if (type !== undefined) return check(grants, cardTemplateType(type));
  if (number !== undefined) return NEEDS_TYPE;
  // Neither given (a new template, or a detail link without context): any editable type will do.
  return anyCardEditable(grants);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/**
 * Evaluates a custom rule (§6). Prefix rules pass with any grant below their folder.
 * `cardTemplateDetail`: with `cardTemplateType` the type must be viewable; with only `number`
 * the template's type is fetched and must be viewable; with neither, any editable card type
 * passes. `cardTemplateEdit` follows the same steps but needs the type to be editable.
 * A number whose type cannot be fetched (no lookup given, or not found) is refused.
 */
export async function evaluateCustomRule(args: { readonly rule: CustomRule; readonly grants: Grants } & RuleContext): Promise<boolean> {
  const first = evaluateWithoutFetch({ rule: args.rule, grants: args.grants, query: args.query });
  if (first !== NEEDS_TYPE) return first;
  const number = args.query?.number;
  if (!args.templateTypeOf || number === undefined) return false;
  const fetched = await args.templateTypeOf(number);
  if (fetched === undefined) return false;
  return evaluateWithoutFetch({ rule: args.rule, grants: args.grants, query: { cardTemplateType: fetched } }) === true;
}

/** What opening a screen requires. */
export interface ScreenRequirement {
  /** Any one of these opens the screen; empty means nothing is needed (unless `custom` is set). */
  readonly permissions: readonly PermissionRef[];
  /** A custom rule; with a non-empty `permissions` either one passing opens the screen. */
  readonly custom?: CustomRule;
  /** Flags (entry's and screen's) that must be on for the screen to exist. */
  readonly flags: readonly SysConfigFlag[];
}

/**
 * The requirement of a screen, or undefined for an unknown screen. A screen that declares
 * neither permissions nor a custom rule takes its entry's.
 */
export function requiredForScreen(ref: ScreenRef): ScreenRequirement | undefined {
  const match = findScreen(ref);
  if (!match) return undefined;
  const { entry, screen } = match;
  const own = screen.permissions !== undefined || screen.custom !== undefined;
  const permissions = own ? (screen.permissions ?? []) : entry.permissions;
  const custom = own ? screen.custom : entry.custom;
  const flags = [entry.requiresFlag, screen.requiresFlag].filter((flag): flag is SysConfigFlag => flag !== undefined);
  return { permissions, flags, ...(custom !== undefined ? { custom } : {}) };
}

function flagsOn(flags: readonly SysConfigFlag[], sysConfig: SysConfigFlags | undefined): boolean {
  return flags.every((flag) => sysConfig?.[flag] === true);
}

/**
 * The route guard's decision when nothing needs fetching: true or false, or undefined when the
 * screen's custom rule must look a card template's type up first (a detail opened by number).
 * Unknown screens are refused. Flags are checked when `sysConfig` is given (the browser always
 * has it; a server check without it skips the flag test).
 */
export function canOpenScreenNow(
  args: ScreenRef & Pick<RuleContext, 'query'> & { readonly grants: Grants; readonly sysConfig?: SysConfigFlags },
): boolean | undefined {
  const required = requiredForScreen(args);
  if (!required) return false;
  if (args.sysConfig !== undefined && !flagsOn(required.flags, args.sysConfig)) return false;
  if (required.custom === undefined) return holdsAny(args.grants, required.permissions);
  if (required.permissions.length > 0 && holdsAny(args.grants, required.permissions)) return true;
  const now = evaluateWithoutFetch({ rule: required.custom, grants: args.grants, query: args.query });
  return now === NEEDS_TYPE ? undefined : now;
}

/** The route guard's decision, looking a card template's type up when its rule needs it. */
export async function canOpenScreen(
  args: ScreenRef & RuleContext & { readonly grants: Grants; readonly sysConfig?: SysConfigFlags },
): Promise<boolean> {
  const now = canOpenScreenNow(args);
  if (now !== undefined) return now;
  const required = requiredForScreen(args);
  if (!required?.custom) return false;
  return evaluateCustomRule({ rule: required.custom, grants: args.grants, query: args.query, templateTypeOf: args.templateTypeOf });
}

/** A visible second-level menu item. */
export interface MenuEntryView {
  /** Entry segment. */
  readonly entry: string;
  /** Menu title. */
  readonly title: Bilingual;
  /** Route the item opens (the entry's default screen). */
  readonly path: string;
}

/** A visible top-level menu group. */
export interface MenuGroupView {
  /** Group segment. */
  readonly group: MenuGroup;
  /** Menu title. */
  readonly title: Bilingual;
  /** Its visible entries, in catalogue order; never empty. */
  readonly entries: readonly MenuEntryView[];
}

function entryPermitted(entry: EntryDecl, grants: Grants): boolean {
  if (entry.custom === undefined) return holdsAny(grants, entry.permissions);
  if (entry.permissions.length > 0 && holdsAny(grants, entry.permissions)) return true;
  // Menu rules run over all permission data without a route query, so they never need a fetch.
  return evaluateWithoutFetch({ rule: entry.custom, grants, query: undefined }) === true;
}

/**
 * The menu a user sees: entries whose permissions (or custom rule) pass, whose flag is on and
 * whose default screen is implemented; groups left without entries are dropped.
 */
export function visibleMenu(args: {
  readonly grants: Grants;
  readonly sysConfig?: SysConfigFlags;
  /** Whether a screen has a component yet; all are considered implemented when omitted. */
  readonly isImplemented?: (ref: ScreenRef) => boolean;
  /** The groups to filter; the product catalogue unless a preview or test passes its own. */
  readonly catalog?: readonly GroupDecl[];
}): MenuGroupView[] {
  const menu: MenuGroupView[] = [];
  for (const group of args.catalog ?? CATALOG) {
    const entries: MenuEntryView[] = [];
    for (const entry of group.entries) {
      if (entry.hiddenFromMenu) continue;
      if (entry.requiresFlag !== undefined && args.sysConfig?.[entry.requiresFlag] !== true) continue;
      const ref: ScreenRef = { group: group.group, entry: entry.entry, screen: defaultScreenOf(entry).name };
      if (args.isImplemented && !args.isImplemented(ref)) continue;
      if (!entryPermitted(entry, args.grants)) continue;
      entries.push({ entry: entry.entry, title: entry.title, path: screenPath(ref) });
    }
    if (entries.length > 0) menu.push({ group: group.group, title: group.title, entries });
  }
  return menu;
}

/** A node of the permission tree the role screen edits (getTree). */
export interface PermissionNode {
  /** The resource path. */
  readonly resourceId: string;
  /** Name of the path's last segment. */
  readonly name: Bilingual;
  /** Actions grantable on this node; empty for folders. */
  readonly actions: readonly Action[];
  /** Child resources. */
  readonly children: readonly PermissionNode[];
}

function lastSegment(resourceId: string): string {
  return resourceId.slice(resourceId.lastIndexOf('/') + 1);
}

/** The permission tree: group roots, then entries, then sub-resources (card types, offer kinds …). */
export function permissionTree(): PermissionNode[] {
  return CATALOG.map((group) => ({
    resourceId: group.resourceRoot,
    name: [group.resourceRoot, group.resourceRootEn] as const,
    actions: [],
    children: group.entries.map((entry) => ({
      resourceId: entry.resourceId,
      name: [lastSegment(entry.resourceId), entry.resourceTitleEn] as const,
      actions: entry.actions,
      children: (entry.subResources ?? []).map((sub) => ({
        resourceId: sub.resourceId,
        name: sub.name,
        actions: sub.actions,
        children: [],
      })),
    })),
  }));
}
