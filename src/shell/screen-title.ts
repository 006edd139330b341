/**
 * The title of the screen a route shows, as the breadcrumbs and the browser tab say it. A form
 * screen that adds without `?id=` and edits with it (a card template's, a level material's, a
 * batch operation's, a level's) is named for what it does now: "Edit card template" with an id,
 * "Add card template" without, whatever its catalogue title says.
 */
import type { ScreenRef } from '../../resources/catalog/index';
import type { Translate } from '../fields/field-kind';
import { RESOURCE_SUMMARIES, summaryOf } from '../screens/declaration-index';
import { ID_PARAM } from '../screens/generic/resource-routes';
import { LEVEL_SCREENS } from '../views/member/level/level-routes';
import { screenTitleKey } from './menu';

interface FormScreen {
  /** The resource the form adds or edits. */
  readonly resource: string;
  /** Adding keeps the catalogue title (the level screens name the level type: "New paid level"). */
  readonly catalogueAddTitle: boolean;
}

function formScreens(): ReadonlyMap<string, FormScreen> {
  const screens = new Map<string, FormScreen>();
  for (const resource of RESOURCE_SUMMARIES) {
    const { group, entry } = resource.route;
    for (const screen of [resource.route.screens.add, resource.route.screens.edit]) {
      if (screen !== undefined) screens.set(`${group}/${entry}/${screen}`, { resource: resource.name, catalogueAddTitle: false });
    }
  }
  const level = summaryOf('level');
  for (const type of level ? Object.values(LEVEL_SCREENS) : []) {
    const { group, entry } = level!.route;
    screens.set(`${group}/${entry}/${type.add}`, { resource: 'level', catalogueAddTitle: true });
  }
  return screens;
}

let known: ReadonlyMap<string, FormScreen> | undefined;

/** The title of a screen for the url's query (`?id=7` on a form screen means editing). */
export function screenTitle(args: { readonly ref: ScreenRef; readonly search: string; readonly t: Translate }): string {
  const { ref, t } = args;
  known ??= formScreens();
  const form = known.get(`${ref.group}/${ref.entry}/${ref.screen}`);
  if (!form) return t(screenTitleKey(ref));
  const editing = new URLSearchParams(args.search).get(ID_PARAM) !== null;
  if (!editing && form.catalogueAddTitle) return t(screenTitleKey(ref));
  return t(editing ? 'screens.editTitle' : 'screens.addTitle', { name: t(`res.${form.resource}`) });
}
