import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorReporter } from '../../../components/use-action';
import { FILE_CENTRE_PATH } from '../../../screens/files/file-centre-route';
import { startLedgerExport, type EntryFilters } from '../shared/points-api';

/**
 * Export of the ledger as the screen filters it: starts a file-centre task and says where the
 * file will be, as the generic list's Export does (screens/files/resource-file-buttons.tsx).
 */
export function LedgerExportButton(props: { readonly filters: EntryFilters }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const reportError = useErrorReporter();
  const [exporting, setExporting] = useState(false);
  const exportNow = async () => {
    setExporting(true);
    try {
      await startLedgerExport(props.filters);
      void message.success(
        <span>
          {t('files.exportStarted')} <a href={`#${FILE_CENTRE_PATH}`}>{t('files.openCentre')}</a>
        </span>,
      );
    } catch (error) {
      reportError(error);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportNow()}>
      {t('files.export')}
    </Button>
  );
}
