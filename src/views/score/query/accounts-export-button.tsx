import type { QuerySorter } from '../../../components/use-paged-query';
import { ExportTaskButton } from '../../../screens/files/export-task-button';
import { startAccountsExport, type AccountFilters } from '../shared/points-api';

/** Export of the points accounts as the list filters and sorts them (a file-centre task). */
export function AccountsExportButton(props: { readonly filters: AccountFilters; readonly sorters: readonly QuerySorter[] }) {
  return <ExportTaskButton start={() => startAccountsExport({ filters: props.filters, sorters: props.sorters })} />;
}
