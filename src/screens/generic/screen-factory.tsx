/**
 * Turns a declaration and a view into the screen component the router mounts. Components are
 * made once per resource and view, so React keeps their state across re-renders of the router.
 * Messages and confirmations use the shell's antd `<App>` (App.tsx): a message said as a form
 * saves and leaves its screen (a routed add or edit page) stays on screen after the page is gone.
 */
import { App } from 'antd';
import type { ComponentType } from 'react';
import type { ResourceDef } from '../../../resources/define';
import { ResourceList } from './list-screen';
import { RecordDetailPage, RecordFormPage } from './record-pages';
import type { GenericView } from './resource-routes';
import { SettingsEditPage, SettingsScreen } from './settings-screen';

const made = new Map<string, ComponentType>();

function bodyOf(resource: ResourceDef, view: GenericView) {
  if (view === 'list') return <ResourceList resource={resource} />;
  if (view === 'dtl') return <RecordDetailPage resource={resource} />;
  return <RecordFormPage resource={resource} />;
}

/** The screen component of one view of a declared resource. */
export function screenComponent(resource: ResourceDef, view: GenericView): ComponentType {
  const key = `${resource.name}/${view}`;
  let component = made.get(key);
  if (!component) {
    const Screen = () => bodyOf(resource, view);
    Screen.displayName = `Generic(${key})`;
    component = Screen;
    made.set(key, component);
  }
  return component;
}

/**
 * The screen component of a settings object (`singleton`): its detail (`read`, editable in place
 * unless the declaration names a `settingsEdit` screen) or that edit screen (`edit`).
 */
export function settingsScreenComponent(resource: ResourceDef, mode: 'read' | 'edit' = 'read'): ComponentType {
  const key = `${resource.name}/settings/${mode}`;
  let component = made.get(key);
  if (!component) {
    const Screen = () => (
      <App component={false}>{mode === 'edit' ? <SettingsEditPage resource={resource} /> : <SettingsScreen resource={resource} />}</App>
    );
    Screen.displayName = `Settings(${key})`;
    component = Screen;
    made.set(key, component);
  }
  return component;
}
