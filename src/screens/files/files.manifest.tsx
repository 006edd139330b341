/**
 * The file centre's part of every list (manifest.ts): the Export and Import buttons of each list
 * whose declaration has `files`, for users who may export (and import).
 */
import type { DomainManifest } from '../manifest';
import { ResourceFileButtons } from './resource-file-buttons';

export const FILES_MANIFEST: DomainManifest = {
  domain: 'files',
  toolbarItems: {
    '*': [
      {
        key: 'files',
        render: (list) =>
          list.resource.files && list.may.export ? (
            <ResourceFileButtons
              resource={list.resource}
              query={list.request}
              canImport={list.may.import && list.resource.files.importable === true}
              onImported={list.reload}
            />
          ) : null,
      },
    ],
  },
};
