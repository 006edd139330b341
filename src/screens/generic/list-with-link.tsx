import { App, Button } from 'antd';
import { useContext, useMemo, type ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ResourceDef } from '../../../resources/define';
import { ResourceList } from './list-screen';
import { ListSlotsContext, type ListSlots } from './list-slots';
import { screenRoute } from './resource-routes';
import { useTranslate } from './use-translate';

/** Props of {@link ListWithLink}. */
export interface ListWithLinkProps {
  readonly resource: ResourceDef;
  /** A sibling screen of the same catalogue entry, opened by a toolbar button. */
  readonly link: { readonly owner: ResourceDef; readonly screen: string; readonly label: string };
}

/**
 * The generic list of a declared resource with one more toolbar button leading to a sibling
 * screen of its entry (the adjustment documents and their reason master share one menu entry).
 * The toolbar slot provided around the screens (file buttons) is kept.
 */
export function ListWithLink(props: ListWithLinkProps) {
  const outer = useContext(ListSlotsContext);
  const navigate = useNavigate();
  const { owner, screen, label } = props.link;
  const slots = useMemo<ListSlots>(
    () => ({
      ...outer,
      toolbar: (args) => (
        <>
          {outer.toolbar?.(args)}
          <Button onClick={() => navigate(screenRoute(owner, screen))}>{label}</Button>
        </>
      ),
    }),
    [outer, navigate, owner, screen, label],
  );
  return (
    <App component={false}>
      <ListSlotsContext.Provider value={slots}>
        <ResourceList resource={props.resource} />
      </ListSlotsContext.Provider>
    </App>
  );
}

/**
 * A screen component: the generic list of `resource` with a button (its text the message
 * `labelKey`) to the list screen of `linked` (documents -> their reasons, reasons -> the documents).
 */
export function listWithLinkScreen(args: { resource: ResourceDef; linked: ResourceDef; labelKey: string }): ComponentType {
  const screen = args.linked.route.screens.list;
  if (screen === undefined) throw new Error(`${args.linked.name} has no list screen`);
  return function LinkedListScreen() {
    const t = useTranslate();
    return <ListWithLink resource={args.resource} link={{ owner: args.linked, screen, label: t(args.labelKey) }} />;
  };
}
