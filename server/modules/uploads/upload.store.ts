import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { uploads } from '../../db/schema/index';
import { saveFile } from '../files/file-chunks.store';
import type { UploadView } from '../../../resources/contract/upload.types';

/**
 * The uploads table and its bytes (in the file centre's chunk store, part `upload`). Every
 * statement names the tenant; an upload also belongs to one resource (a view's base) and one
 * `file` field path, so it can only be shown by that resource and kept by that field.
 */

export type UploadRow = typeof uploads.$inferSelect;

/** Owner of an upload: the tenant, the resource (table owner) and the field path. */
export interface UploadOwner {
  readonly tenantId: number;
  readonly resource: string;
}

export const uploadView = (row: UploadRow): UploadView => ({
  id: String(row.id),
  fileName: row.fileName,
  contentType: row.contentType,
  size: row.size,
  image: row.image,
});

/** Stores an upload and its bytes in one transaction; answers the stored row. */
export async function saveUpload(args: {
  db: DbOrTx;
  owner: UploadOwner;
  field: string;
  userId: number;
  fileName: string;
  contentType: string;
  image: boolean;
  bytes: Buffer;
}): Promise<UploadRow> {
  return args.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(uploads)
      .values({
        tenantId: args.owner.tenantId,
        resource: args.owner.resource,
        field: args.field,
        fileName: args.fileName,
        contentType: args.contentType,
        size: args.bytes.length,
        image: args.image,
        createdBy: args.userId,
      })
      .returning();
    await saveFile({ db: tx, tenantId: args.owner.tenantId, taskId: row.id, part: 'upload' }, args.bytes);
    return row;
  });
}

/** One upload of the tenant made for the resource; null for anything else (another tenant's). */
export async function findUpload(args: { db: DbOrTx; owner: UploadOwner; id: number }): Promise<UploadRow | null> {
  const [row] = await args.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.tenantId, args.owner.tenantId), eq(uploads.resource, args.owner.resource), eq(uploads.id, args.id)));
  return row ?? null;
}

/**
 * The hook of the `file` kind's validation (server/crud/references.validate.ts): inside the
 * record write's transaction, marks the uploads the write references as used now and answers
 * whether all of them are uploads of the tenant, made for this resource and field. The row
 * lock this takes makes the cleanup (which only removes uploads unused for 24 h) wait for the
 * write and then see it used.
 */
export async function claimUploads(args: { db: DbOrTx; owner: UploadOwner; field: string; ids: readonly number[] }): Promise<boolean> {
  const wanted = [...new Set(args.ids)];
  const rows = await args.db
    .update(uploads)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(uploads.tenantId, args.owner.tenantId),
        eq(uploads.resource, args.owner.resource),
        eq(uploads.field, args.field),
        inArray(uploads.id, wanted),
      ),
    )
    .returning({ id: uploads.id });
  return rows.length === wanted.length;
}

/** A column that may keep upload ids: a derived table's (or lines table's) `file` column. */
export interface UploadColumn {
  readonly table: string;
  readonly column: string;
}

/**
 * Removes the uploads created and last used more than `hours` ago that no record keeps (any
 * of `columns`, within the upload's tenant), with their bytes; answers how many. Uploads
 * nobody saved a record with (a form abandoned after the upload), and those a record no longer
 * keeps (the record was deleted, or its file replaced), go after a day. A record write that
 * references an upload at the same time locks its row first (claimUploads), so the delete
 * waits for it and then finds the upload used.
 */
export async function removeStaleUploads(args: { db: DbOrTx; columns: readonly UploadColumn[]; hours?: number }): Promise<number> {
  const hours = args.hours ?? 24;
  const unreferenced = args.columns.map(
    (c) =>
      sql`and not exists (select 1 from ${sql.identifier(c.table)} r where r.tenant_id = u.tenant_id and r.${sql.identifier(c.column)} = u.id::text)`,
  );
  const result = await args.db.execute<{ id: number }>(sql`
    with stale as (
      delete from uploads u
      where u.created_at < now() - make_interval(hours => ${hours})
        and (u.used_at is null or u.used_at < now() - make_interval(hours => ${hours}))
        ${sql.join(unreferenced, sql` `)}
      returning u.tenant_id, u.id
    ), chunks as (
      delete from file_task_chunks c using stale s
      where c.tenant_id = s.tenant_id and c.task_id = s.id and c.part = 'upload'
    )
    select id from stale`);
  return result.rows.length;
}
