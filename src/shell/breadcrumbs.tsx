import { Breadcrumb } from 'antd';
import type { BreadcrumbItemType } from 'antd/es/breadcrumb/Breadcrumb';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { resolvePath, type ScreenRef } from '../../resources/catalog/index';
import { FILE_CENTRE_PATH } from '../screens/files/file-centre-route';
import { crumbPaths, entryTitleKey, groupTitleKey } from './menu';
import { screenTitle } from './screen-title';

/**
 * The shell's own pages outside the catalogue, reached from the user menu: their crumbs (the
 * user menu's place, then the page) by message key.
 */
export const SHELL_PAGE_CRUMBS: Readonly<Record<string, readonly string[]>> = {
  [FILE_CENTRE_PATH]: ['shell.breadcrumb.account', 'files.title'],
};

/**
 * Group / entry / screen of the current route, from the catalogue. The screen is left out when
 * its title repeats the entry's (a list screen named like its menu entry). A form screen says
 * whether it adds or edits (screen-title.ts); the group and the entry link to their first screen
 * (the current page does not). The shell's own pages (the file centre) have theirs.
 */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const crumbs = useCrumbs();
  if (!crumbs) return null;
  if (crumbs.kind === 'shell') return <Breadcrumb items={crumbs.keys.map((key) => ({ title: t(key) }))} className="console-breadcrumb" />;
  const { ref, entryTitle, title, last } = crumbs;
  const paths = crumbPaths(ref);
  // Parents are links (the current page is not): a click moves inside the console, and "open in
  // a new tab" works.
  const items: BreadcrumbItemType[] = [
    { title: t(groupTitleKey(ref.group)), ...(paths.group ? { href: `#${paths.group}` } : {}) },
    { title: entryTitle, ...(last !== 'entry' && paths.entry ? { href: `#${paths.entry}` } : {}) },
  ];
  if (last === 'screen') items.push({ title });
  return <Breadcrumb items={items} className="console-breadcrumb" />;
}

/**
 * The title of the current catalogue screen on a phone, where the header has no room for the
 * crumbs: their last one (the screen, or the entry a list is named after), at the top of the work area. The
 * catalogue names it, so it draws with the shell, before the screen's code and data arrive.
 */
export function PhonePageTitle() {
  const crumbs = useCrumbs();
  // The shell's own pages (the file centre) draw their title themselves.
  if (crumbs?.kind !== 'screen') return null;
  return <h1 className="console-phone-title">{crumbs.title}</h1>;
}

type Crumbs =
  | { readonly kind: 'shell'; readonly keys: readonly string[] }
  | {
      readonly kind: 'screen';
      readonly ref: ScreenRef;
      readonly entryTitle: string;
      readonly title: string;
      readonly last: 'entry' | 'screen';
    };

/** The crumbs of the current address: a shell page's message keys, or a catalogue screen's titles. */
function useCrumbs(): Crumbs | undefined {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const own = SHELL_PAGE_CRUMBS[pathname];
  if (own) return { kind: 'shell', keys: own };
  const ref = resolvePath(pathname);
  if (!ref) return undefined;
  const entryTitle = t(entryTitleKey(ref));
  const title = screenTitle({ ref, search, t: (key, values) => String(t(key, (values ?? {}) as never)) });
  return { kind: 'screen', ref, entryTitle, title, last: title === entryTitle ? 'entry' : 'screen' };
}
