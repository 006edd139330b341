/**
 * Pieces the level screens share: the screen's catalogue title, the form layout of a level type
 * (type fixed; the form then shows only the fields declared for that type), and the way back to
 * the type's tab.
 */
import { useCallback, type ComponentType, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { levelResource, type LevelType } from '../../../../resources/member/level.resource';
import type { FormLayout } from '../../../screens/generic/form-layout';
import { screenTitleKey } from '../../../shell/menu';
import { LEVEL_MANAGE, levelPath } from './level-routes';

/** The i18n key of a level screen's catalogue title. */
export function levelScreenTitleKey(screen: string): string {
  return screenTitleKey({ group: levelResource.route.group, entry: levelResource.route.entry, screen });
}

/**
 * The form layout of a level type: its type fixed. The fields and sections that do not apply to
 * the type (`when` on levelType in level.resource.ts) are left out by the generic form.
 */
export function levelLayout(type: LevelType, more: Omit<FormLayout, 'fixed'> = {}): FormLayout {
  return { ...more, fixed: { levelType: type } };
}

/** Goes back to level management, on the tab of the type. */
export function useBackToLevels(type: LevelType): () => void {
  const navigate = useNavigate();
  return useCallback(() => navigate(levelPath(LEVEL_MANAGE, { type })), [navigate, type]);
}

/**
 * Makes (once per key) a screen component. Messages use the shell's antd App, so "saved" stays on
 * screen after the form returns to level management.
 */
export function memoScreen(cache: Map<string, ComponentType>, key: string, render: () => ReactNode): ComponentType {
  let component = cache.get(key);
  if (!component) {
    const Screen = () => render();
    Screen.displayName = `LevelScreen(${key})`;
    component = Screen;
    cache.set(key, component);
  }
  return component;
}
