import { ExportTaskButton } from '../../../screens/files/export-task-button';
import { startLedgerExport, type EntryFilters } from '../shared/points-api';

/** Export of the ledger as the screen filters it (a file-centre task). */
export function LedgerExportButton(props: { readonly filters: EntryFilters }) {
  return <ExportTaskButton start={() => startLedgerExport(props.filters)} />;
}
