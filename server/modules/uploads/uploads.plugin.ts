import { getTableName } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildRegistry, servedResources, type EngineRegistry } from '../../crud/resource-registry';
import { deriveLinesTable } from '../../crud/table.derive';
import type { DomainWiring } from '../domain-manifest';
import { removeStaleUploads, type UploadColumn } from './upload.store';
import { uploadRoutes } from './uploads.routes';

/** The pg-boss queue of the hourly cleanup of stale uploads. */
export const UPLOAD_CLEANUP_QUEUE = 'uploads-cleanup';

/** Every column that may keep an upload's id: the `file` columns of derived tables and lines tables. */
export function uploadColumns(registry: EngineRegistry): UploadColumn[] {
  const columns = new Map<string, UploadColumn>();
  for (const runtime of registry.runtimes) {
    const { resource } = runtime;
    for (const [name, f] of Object.entries(resource.fields)) {
      if (f.kind === 'file') {
        const table = getTableName(runtime.table);
        const column = runtime.table[name].name;
        columns.set(`${table}.${column}`, { table, column });
      }
      if (f.kind === 'lines') {
        const lines = deriveLinesTable(resource, name);
        for (const [inner, lf] of Object.entries(f.fields)) {
          if (lf.kind !== 'file') continue;
          const table = getTableName(lines);
          const column = (lines as unknown as Record<string, { name: string }>)[inner].name;
          columns.set(`${table}.${column}`, { table, column });
        }
      }
    }
  }
  return [...columns.values()];
}

/**
 * Uploads for `file` fields (server module `uploads`): the upload routes of every resource with
 * such fields, and, where the app has a job queue, the hourly cleanup of uploads no record has
 * kept for 24 hours. Registered after the access hook (server/modules/index.ts).
 */
export async function uploadsPlugin(app: FastifyInstance, wiring: DomainWiring): Promise<void> {
  const registry = buildRegistry(servedResources(wiring.hooks));
  await uploadRoutes(app, registry);
  const jobs = app.jobs;
  if (jobs) {
    const columns = uploadColumns(registry);
    await jobs.work(UPLOAD_CLEANUP_QUEUE, async () => {
      const removed = await removeStaleUploads({ db: app.database.db, columns });
      if (removed > 0) app.log.info({ removed }, 'stale uploads removed');
    });
    await jobs.schedule(UPLOAD_CLEANUP_QUEUE, '17 * * * *');
  }
}
