import { Drawer } from 'antd';
import { useState } from 'react';
import { relatedLists, type ResourceDef } from '../../../resources/define';
import { useDiscardGuard } from '../../components/use-discard-guard';
import { useReturnFocus } from '../../components/use-return-focus';
import type { ApiRecord } from '../../fields/field-kind';
import { RecordDetail } from './record-detail';
import { RecordForm } from './record-form';
import type { GenericView } from './resource-routes';
import { useDetailTabs } from './screen-slots';
import type { ResourcePermissions } from './use-resource-permissions';
import { useTranslate } from './use-translate';

/** Props of {@link RecordDrawer}. */
export interface RecordDrawerProps {
  readonly resource: ResourceDef;
  readonly view: Exclude<GenericView, 'list'>;
  /** The record (edit, dtl); ignored for add. */
  readonly id?: string;
  /** For add: the record whose values fill the form (a copy). */
  readonly copyFrom?: string;
  /** For add: values the form starts with (`?values=`). */
  readonly prefill?: Readonly<Record<string, unknown>>;
  readonly permissions: ResourcePermissions;
  readonly onOpen: (view: GenericView, id?: string | number, record?: ApiRecord) => void;
  readonly onClose: () => void;
}

const TITLES = { add: 'screens.addTitle', edit: 'screens.editTitle', dtl: 'screens.detailTitle' } as const;

/** A form's or a plain detail's drawer; a detail with tabs of its logs gets {@link WIDE_DRAWER}. */
const DRAWER = 'min(720px, 100vw)';
/**
 * A detail whose tabs hold tables (an application's calls and webhook deliveries, a card's
 * balance history): their ids, times and amounts side by side need the room (at 1280 px the
 * webhook's event ids were cut under the actions column of a 720 px drawer).
 */
const WIDE_DRAWER = 'min(1040px, 100vw)';

/**
 * Add, edit or detail of a resource whose entry has only a list screen (all of /datum), opened
 * over the list. The url says what is open (`?view=edit&id=7`), so it can be linked and the back
 * button closes it. Closing a changed form (Esc, the mask, the close button, Cancel) asks before
 * discarding the changes. Closed, it gives the focus back to the row action or button that
 * opened it.
 */
export function RecordDrawer(props: RecordDrawerProps) {
  const t = useTranslate();
  const { resource, view, id } = props;
  const title = t(TITLES[view], { name: t(`res.${resource.name}`) });
  const needsId = view !== 'add';
  const [dirty, setDirty] = useState(false);
  const guard = useDiscardGuard(dirty);
  const close = () => guard(props.onClose);
  useReturnFocus();
  const tabbed = useDetailTabs(resource).length > 0 || relatedLists(resource).length > 0;
  return (
    // Never wider than the window (a phone): its tables scroll inside it instead.
    <Drawer open title={title} width={view === 'dtl' && tabbed ? WIDE_DRAWER : DRAWER} destroyOnHidden onClose={close}>
      {needsId && id === undefined ? null : view === 'dtl' ? (
        <RecordDetail
          resource={resource}
          id={id!}
          columns={1}
          permissions={props.permissions}
          onOpen={props.onOpen}
          onDeleted={props.onClose}
        />
      ) : (
        <RecordForm
          key={`${view}:${id ?? ''}:${props.copyFrom ?? ''}`}
          resource={resource}
          id={view === 'edit' ? id : undefined}
          copyFrom={view === 'add' ? props.copyFrom : undefined}
          prefill={view === 'add' ? props.prefill : undefined}
          columns={1}
          onSaved={() => guard.saved(props.onClose)}
          onCancel={close}
          onDirtyChange={setDirty}
        />
      )}
    </Drawer>
  );
}
