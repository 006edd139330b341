import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storedGrants } from '../../../providers/access-control';
import { hasAction } from '../../../resources/access';
import { findEntry } from '../../../resources/catalog/index';
import { pick, isLocale } from '../../../resources/messages/bilingual';
import type { ResourceDef } from '../../../resources/define';
import { startExport, type ExportQuery } from './file-task-api';
import { ExportTaskButton } from './export-task-button';
import { ImportModal } from './import-modal';

/** True when the signed-in user holds the resource's write action on its catalogue entry. */
export function mayImport(resource: ResourceDef): boolean {
  const entry = findEntry(resource.route.group, resource.route.entry);
  if (!entry || !resource.files?.importable) return false;
  return hasAction(storedGrants(), { resourceId: entry.resourceId, action: resource.access.write });
}

/** Props of {@link ResourceFileButtons}. */
export interface ResourceFileButtonsProps {
  readonly resource: ResourceDef;
  /** What the list currently shows: the export contains exactly these records. */
  readonly query: ExportQuery;
  /** Overrides the import permission check (the host may know better, e.g. per card type). */
  readonly canImport?: boolean;
  /** Called after a successful import so the list reloads. */
  readonly onImported?: () => void;
}

/**
 * The Export and Import buttons of a list whose declaration has `files`. Export starts a task
 * with the list's current query and points to the file centre; Import opens the upload modal
 * (only for `importable` resources and users who may write).
 */
export function ResourceFileButtons(props: ResourceFileButtonsProps) {
  const { t, i18n } = useTranslation();
  const [importing, setImporting] = useState(false);
  const { resource } = props;
  if (!resource.files) return null;
  const canImport = props.canImport ?? mayImport(resource);
  const title = pick(resource.title, isLocale(i18n.language) ? i18n.language : 'zh_CN');

  return (
    <>
      <ExportTaskButton start={() => startExport({ resource: resource.name, query: props.query })} />
      {canImport ? (
        <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
          {t('files.import')}
        </Button>
      ) : null}
      {canImport ? (
        <ImportModal
          resource={resource.name}
          title={title}
          open={importing}
          onClose={() => setImporting(false)}
          onImported={props.onImported}
        />
      ) : null}
    </>
  );
}
