import { CATALOG } from '../../../../resources/catalog/index';
import { isImplemented } from '../../../screens/index';

/**
 * True when the console has a screen for a permission resource: its menu entry (the entry whose
 * resourceId it is, or lies below) has at least one screen with a component. Permissions of
 * screens not built yet can still be granted; the editor marks them.
 */
export function hasBuiltScreen(resourceId: string): boolean {
  for (const group of CATALOG) {
    for (const entry of group.entries) {
      if (resourceId !== entry.resourceId && !resourceId.startsWith(`${entry.resourceId}/`)) continue;
      if (entry.screens.some((screen) => isImplemented({ group: group.group, entry: entry.entry, screen: screen.name }))) return true;
    }
  }
  return false;
}
