import { App, Button } from 'antd';
import { useContext, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ResourceDef } from '../../../../resources/define';
import { ResourceList } from '../../../screens/generic/list-screen';
import { ListSlotsContext, type ListSlots } from '../../../screens/generic/list-slots';
import { screenRoute } from '../../../screens/generic/resource-routes';

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
