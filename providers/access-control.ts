/**
 * refine's access control provider over the catalogue rules of resources/access.ts. It only
 * hides what the server would refuse anyway (DESIGN §4): hiding a button is not security.
 *
 * `can` understands three questions:
 * - `params.screen` ({ group, entry, screen, query? }): may the user open this screen (the
 *   route guard's question, custom rules included);
 * - `params.resourceId` with an action: the option check of §6 (exactly that action on exactly
 *   that resource);
 * - `params.resource.meta.resourceId` (a refine resource declared with its permission path)
 *   with a catalogue action: the same option check; with a refine action (`create`, `edit` …)
 *   the resource may list its requirements in `meta.permissionsFor[action]` (any one passes).
 * Anything else is allowed, because the server decides.
 */
import type { AccessControlProvider, CanParams, CanReturnType } from '@refinedev/core';
import type { Grants } from '../resources/access';
import type { ScreenRef } from '../resources/catalog/index';
import { ACTIONS, type Action, type MenuGroup, type PermissionRef, type SysConfigFlags } from '../resources/catalog/types';
import { LOCAL_KEYS, readSharedJson } from './storage-keys';
import { apiGet } from './http';
import { t } from './i18n';

/**
 * The access rules and the catalogue they read, loaded with the first question: the provider
 * is part of the login page's chunk, the catalogue is not.
 */
type AccessRules = typeof import('../resources/access');
let loadedRules: AccessRules | undefined;
const accessRules = (): Promise<AccessRules> =>
  import('../resources/access').then((rules) => {
    loadedRules = rules;
    return rules;
  });

/**
 * The rules handed over by the console's code, which holds them already (shell/console-routes.tsx):
 * the answers of `decisionNow` are there for the first screen the console draws, with no wait for
 * the import above.
 */
export function acceptAccessRules(rules: AccessRules): void {
  loadedRules = rules;
}

/** The stored permission list of the signed-in user (empty when signed out). */
export function storedGrants(): Grants {
  return readSharedJson<Grants>(localStorage, LOCAL_KEYS.permission) ?? [];
}

/** The stored system configuration flags. */
export function storedSysConfig(): SysConfigFlags {
  return readSharedJson<SysConfigFlags>(localStorage, LOCAL_KEYS.sysConfig) ?? {};
}

/**
 * A card template's type by its number, for the detail screen opened with only `?number=`.
 * Silent: a failed lookup simply refuses the screen, and the guard says so.
 */
export async function templateTypeOf(number: string): Promise<string | undefined> {
  try {
    const data = await apiGet<{ cardTemplateType?: string } | null>('/v1/card-template/info-by-number', {
      params: { number },
      silent: true,
    });
    return data?.cardTemplateType ?? undefined;
  } catch {
    return undefined;
  }
}

/** What the route guard asks: may the signed-in user open this screen with this query? */
export async function canOpen(args: ScreenRef & { readonly query?: Readonly<Record<string, string | undefined>> }): Promise<boolean> {
  const { canOpenScreen } = await accessRules();
  return canOpenScreen({
    group: args.group,
    entry: args.entry,
    screen: args.screen,
    query: args.query,
    grants: storedGrants(),
    sysConfig: storedSysConfig(),
    templateTypeOf,
  });
}

function denied(): CanReturnType {
  return { can: false, reason: t('error.routeDenied') };
}

interface ScreenParam {
  readonly group: MenuGroup;
  readonly entry: string;
  readonly screen: string;
  readonly query?: Readonly<Record<string, string | undefined>>;
}

function isScreenParam(value: unknown): value is ScreenParam {
  if (typeof value !== 'object' || value === null) return false;
  const ref = value as Record<string, unknown>;
  return typeof ref.group === 'string' && typeof ref.entry === 'string' && typeof ref.screen === 'string';
}

function isCatalogueAction(action: string): action is Action {
  return (ACTIONS as readonly string[]).includes(action);
}

/** The answer to a question that is not about a screen, given the rules. */
function decideWith(rules: AccessRules, { action, params }: CanParams): CanReturnType {
  const { hasAction, holdsAny } = rules;
  const resourceId = typeof params?.resourceId === 'string' ? params.resourceId : params?.resource?.meta?.resourceId;
  if (typeof resourceId === 'string' && isCatalogueAction(action)) {
    return hasAction(storedGrants(), { resourceId, action }) ? { can: true } : denied();
  }
  const listed: unknown = params?.resource?.meta?.permissionsFor?.[action];
  if (Array.isArray(listed)) return holdsAny(storedGrants(), listed as PermissionRef[]) ? { can: true } : denied();
  return { can: true };
}

async function decide(question: CanParams): Promise<CanReturnType> {
  const rules = await accessRules();
  if (isScreenParam(question.params?.screen)) return (await canOpen(question.params.screen)) ? { can: true } : denied();
  return decideWith(rules, question);
}

/**
 * The provider's answer at once, when it needs nothing loaded or fetched: a question about a
 * resource or an action once the rules are loaded (the console's code hands them over as it
 * loads, `acceptAccessRules`). Undefined otherwise (a screen question, or the rules not loaded yet). A screen
 * hands it to `useCan` as the query's first data, so its buttons, row actions and selection
 * column are drawn with the first rows instead of appearing a moment later and moving the
 * table (layout shift on a slow tablet).
 */
export function decisionNow(question: CanParams): CanReturnType | undefined {
  if (loadedRules === undefined || isScreenParam(question.params?.screen)) return undefined;
  return decideWith(loadedRules, question);
}

/** The provider handed to `<Refine accessControlProvider>`. */
export const accessControlProvider: AccessControlProvider = {
  can: decide,
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
