import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { resolvePath } from '../../resources/catalog/index';
import { entryTitleKey, groupTitleKey } from './menu';
import { screenTitle } from './screen-title';

/**
 * Group / entry / screen of the current route, from the catalogue. The screen is left out when
 * its title repeats the entry's (a list screen named like its menu entry). A form screen says
 * whether it adds or edits (screen-title.ts).
 */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const ref = resolvePath(pathname);
  if (!ref) return null;
  const entryTitle = t(entryTitleKey(ref));
  const title = screenTitle({ ref, search, t: (key, values) => String(t(key, (values ?? {}) as never)) });
  const items = [{ title: t(groupTitleKey(ref.group)) }, { title: entryTitle }];
  if (title !== entryTitle) items.push({ title });
  return <Breadcrumb items={items} className="console-breadcrumb" />;
}
