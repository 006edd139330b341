/**
 * The file centre's part of the generic list: the Export and Import buttons of every list whose
 * declaration has `files`, placed through the list's toolbar slot. Wired once around the screens:
 *
 *   <ListSlotsContext.Provider value={FILE_LIST_SLOTS}>…</ListSlotsContext.Provider>
 */
import type { ListSlots } from '../generic/list-slots';
import { ResourceFileButtons } from './resource-file-buttons';

export const FILE_LIST_SLOTS: ListSlots = {
  toolbar: (list) =>
    list.resource.files && list.may.export ? (
      <ResourceFileButtons
        resource={list.resource}
        query={list.request}
        canImport={list.may.import && list.resource.files.importable === true}
        onImported={list.reload}
      />
    ) : null,
};
