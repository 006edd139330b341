import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorReporter } from '../../components/use-action';
import { FILE_CENTRE_PATH } from './file-centre-route';

/**
 * An Export button: `start` queues a file-centre export of what the list shows (a declared
 * resource's, or a hand-made list's module export, server/modules/module-exports.ts), then a
 * message says where the file will be.
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
