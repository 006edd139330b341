/**
 * Builders the group catalogues use, so each entry states only what is particular to it (titles,
 * resource, actions, exceptions) and the access of its screens follows one rule: screens that
 * change data need the entry's maintain action, every other screen accepts any of its actions.
 */
import type { Bilingual } from '../messages/bilingual';
import { isMaintainAction } from './actions';
import type { Action, CustomRule, EntryDecl, PermissionRef, ScreenDecl, SubResourceDecl, SysConfigFlag } from './types';

/**
 * How a screen is guarded: `any` inherits the entry's rule, `maintain` needs a maintain action,
 * `free` needs nothing (the spec's three exceptions).
 */
export type ScreenAccess = 'any' | 'maintain' | 'free';

/** A screen as a catalogue file writes it; `declareEntry` turns it into a `ScreenDecl`. */
export interface ScreenSpec {
  /** Route segment. */
  readonly name: string;
  /** Page title. */
  readonly title: Bilingual;
  /** Overrides the access derived from the screen's name. */
  readonly access?: ScreenAccess;
  /** An explicit requirement list; wins over `access`. */
  readonly permissions?: readonly PermissionRef[];
  /** A custom rule; wins over `access`. */
  readonly custom?: CustomRule;
  /** Overrides the derived `hiddenFromMenu`. */
  readonly hidden?: boolean;
  /** See `ScreenDecl.requiresFlag`. */
  readonly requiresFlag?: SysConfigFlag;
  /** See `ScreenDecl.readsFlag`. */
  readonly readsFlag?: SysConfigFlag;
  /** See `ScreenDecl.kind`. */
  readonly kind?: string;
  /** See `ScreenDecl.kindScreen`. */
  readonly kindScreen?: string;
}

/** An entry as a catalogue file writes it: an `EntryDecl` whose permissions are derived. */
export interface EntrySpec extends Omit<EntryDecl, 'permissions' | 'screens'> {
  /** The entry's screens. */
  readonly screens: readonly ScreenSpec[];
}

// Names that create or change records: add/edit forms, settings, wizards' init steps, imports.
const CHANGING_NAME = /(^|-)(add|edit|setting|modify|init|import)$/i;
// Names of screens opened from a row or a button, never from the menu.
const LINKED_NAME = /(^|-)(dtl|detail|eval|evaluate|evaluation)$/;

/**
 * Derives a screen's access from its name. The entry's landing screen (named like the entry, or
 * its default) always accepts any action: `store-value-init` is the settings page itself, not
 * an initialisation step, and the menu must be able to open it for viewers.
 */
export function accessFromName(args: { readonly entry: string; readonly defaultScreen?: string; readonly name: string }): ScreenAccess {
  if (args.name === args.entry || args.name === args.defaultScreen) return 'any';
  return CHANGING_NAME.test(args.name) ? 'maintain' : 'any';
}

/** The grants that allow changing the entry's data: its maintain action, or its sub-resources'. */
function maintainRefs(spec: EntrySpec): PermissionRef[] {
  const own = spec.actions.filter(isMaintainAction).map((action) => ({ resourceId: spec.resourceId, action }));
  if (own.length > 0) return own;
  return (spec.subResources ?? []).flatMap((sub) =>
    sub.actions.filter(isMaintainAction).map((action) => ({ resourceId: sub.resourceId, action })),
  );
}

/** Every action of a resource as an any-of requirement list. */
export function anyActionOf(resource: { readonly resourceId: string; readonly actions: readonly Action[] }): PermissionRef[] {
  return resource.actions.map((action) => ({ resourceId: resource.resourceId, action }));
}

/** Sub-resources of an entry that all offer the same actions. */
export function subResourcesOf(args: {
  readonly parent: string;
  readonly actions: readonly Action[];
  readonly names: readonly Bilingual[];
}): SubResourceDecl[] {
  return args.names.map((name) => ({ resourceId: `${args.parent}/${name[0]}`, name, actions: args.actions }));
}

function declareScreen(spec: EntrySpec, screen: ScreenSpec): ScreenDecl {
  const landing = screen.name === spec.entry || screen.name === spec.defaultScreen;
  const access = screen.access ?? accessFromName({ entry: spec.entry, defaultScreen: spec.defaultScreen, name: screen.name });
  let permissions = screen.permissions;
  if (permissions === undefined && screen.custom === undefined) {
    if (access === 'free') permissions = [];
    if (access === 'maintain') {
      permissions = maintainRefs(spec);
      // A changing screen nobody could be granted is a declaration mistake; fail at load.
      if (permissions.length === 0) throw new Error(`No maintain action for ${spec.entry}/${screen.name}`);
    }
  }
  const hidden = screen.hidden ?? (!landing && (access === 'maintain' || LINKED_NAME.test(screen.name)));
  return {
    name: screen.name,
    title: screen.title,
    ...(permissions !== undefined ? { permissions } : {}),
    ...(screen.custom !== undefined ? { custom: screen.custom } : {}),
    ...(hidden ? { hiddenFromMenu: true } : {}),
    ...(screen.requiresFlag !== undefined ? { requiresFlag: screen.requiresFlag } : {}),
    ...(screen.readsFlag !== undefined ? { readsFlag: screen.readsFlag } : {}),
    ...(screen.kind !== undefined ? { kind: screen.kind, kindScreen: screen.kindScreen ?? screen.name } : {}),
  };
}

/**
 * Builds an entry. Its menu permissions are any of its own actions; an entry with a custom rule
 * lists none, because the rule (a prefix check over sub-resources) is what decides.
 */
export function declareEntry(spec: EntrySpec): EntryDecl {
  const { screens, ...rest } = spec;
  return {
    ...rest,
    permissions: spec.custom !== undefined ? [] : anyActionOf(spec),
    screens: screens.map((screen) => declareScreen(spec, screen)),
  };
}
