import { Breadcrumb } from 'antd';
import type { BreadcrumbItemType } from 'antd/es/breadcrumb/Breadcrumb';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { resolvePath } from '../../resources/catalog/index';
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
  const { pathname, search } = useLocation();
  const own = SHELL_PAGE_CRUMBS[pathname];
  if (own) return <Breadcrumb items={own.map((key) => ({ title: t(key) }))} className="console-breadcrumb" />;
  const ref = resolvePath(pathname);
  if (!ref) return null;
  const entryTitle = t(entryTitleKey(ref));
  const title = screenTitle({ ref, search, t: (key, values) => String(t(key, (values ?? {}) as never)) });
  const paths = crumbPaths(ref);
  const last = title === entryTitle ? 'entry' : 'screen';
  // Parents are links (the current page is not): a click moves inside the console, and "open in
  // a new tab" works.
  const items: BreadcrumbItemType[] = [
    { title: t(groupTitleKey(ref.group)), ...(paths.group ? { href: `#${paths.group}` } : {}) },
    { title: entryTitle, ...(last !== 'entry' && paths.entry ? { href: `#${paths.entry}` } : {}) },
  ];
  if (last === 'screen') items.push({ title });
  return <Breadcrumb items={items} className="console-breadcrumb" />;
}
