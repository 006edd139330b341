import { defineDomain } from '../domain-manifest';
import { filesPlugin } from './files.plugin';

/** The file centre: exports and imports of every resource and module export, and their worker. */
export const filesDomain = defineDomain({
  name: 'files',
  plugins: [{ name: 'files', plugin: filesPlugin }],
  tags: [{ name: 'files', description: "The file centre: the caller's export and import tasks and their files" }],
});
