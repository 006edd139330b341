import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorReporter } from '../../components/use-action';
import { FILE_CENTRE_PATH } from './file-centre-route';

/**
 * The Export button of a hand-made list (a module export: the points ledger, the stored-value
 * history): `start` asks the server for the file-centre task of what the screen shows, and the
 * button says where the file will be, as the generic list's Export does (resource-file-buttons.tsx).
 */
export function ExportTaskButton(props: { readonly start: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const reportError = useErrorReporter();
  const [exporting, setExporting] = useState(false);
  const exportNow = async () => {
    setExporting(true);
    try {
      await props.start();
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
