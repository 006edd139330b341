/**
 * Turns a declaration and a view into the screen component the router mounts. Components are
 * made once per resource and view, so React keeps their state across re-renders of the router.
 * Messages and confirmations use the shell's antd `<App>` (App.tsx): a message said as a form
 * saves and leaves its screen (a routed add or edit page) stays on screen after the page is gone.
 */
import { App } from 'antd';
import { lazy, Suspense, type ComponentType } from 'react';
import type { ResourceDef } from '../../../resources/define';
import { ResourceList } from './list-screen';
import type { GenericView } from './resource-routes';

// Full-page detail and form screens and settings objects load when one is opened: a list, the
// first screen after sign-in, does not carry the form and every field kind's input.
const RecordDetailPage = lazy(() => import('./record-pages').then((m) => ({ default: m.RecordDetailPage })));
const RecordFormPage = lazy(() => import('./record-pages').then((m) => ({ default: m.RecordFormPage })));
const SettingsScreen = lazy(() => import('./settings-screen').then((m) => ({ default: m.SettingsScreen })));
const SettingsEditPage = lazy(() => import('./settings-screen').then((m) => ({ default: m.SettingsEditPage })));

const made = new Map<string, ComponentType>();

function bodyOf(resource: ResourceDef, view: GenericView) {
  if (view === 'list') return <ResourceList resource={resource} />;
  return (
    <Suspense fallback={null}>
      {view === 'dtl' ? <RecordDetailPage resource={resource} /> : <RecordFormPage resource={resource} />}
    </Suspense>
  );
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
      <App component={false}>
        <Suspense fallback={null}>
          {mode === 'edit' ? <SettingsEditPage resource={resource} /> : <SettingsScreen resource={resource} />}
        </Suspense>
      </App>
    );
    Screen.displayName = `Settings(${key})`;
    component = Screen;
    made.set(key, component);
  }
  return component;
}
