import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { resolvePath } from '../../resources/catalog/index';
import { entryTitleKey, groupTitleKey, screenTitleKey } from './menu';

/**
 * Group / entry / screen of the current route, from the catalogue. The screen is left out when
 * its title repeats the entry's (a list screen named like its menu entry).
 */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const ref = resolvePath(pathname);
  if (!ref) return null;
  const entryTitle = t(entryTitleKey(ref));
  const screenTitle = t(screenTitleKey(ref));
  const items = [{ title: t(groupTitleKey(ref.group)) }, { title: entryTitle }];
  if (screenTitle !== entryTitle) items.push({ title: screenTitle });
  return <Breadcrumb items={items} className="console-breadcrumb" />;
}
