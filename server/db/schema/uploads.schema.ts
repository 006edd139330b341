import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Files uploaded for the `file` fields of declared resources (server/modules/uploads). One row
 * describes one upload; its bytes live in `file_task_chunks` under the part `upload`, with the
 * upload's id in `task_id` (the file centre's chunk store, reused: files.schema.ts). A record's
 * `file` field keeps the upload's id as text.
 */
export const uploads = pgTable(
  'uploads',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** API name of the resource the upload was made for (a view's base: views share uploads). */
    resource: text('resource').notNull(),
    /** Path of the declared `file` field: `image`, or `<lines>.<field>` inside lines. */
    field: text('field').notNull(),
    fileName: text('file_name').notNull(),
    /** The sniffed type of an image; the client's claim (checked against `accept`) otherwise. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** True when the bytes are a PNG, JPEG, GIF or WebP image (magic bytes), so it may be previewed. */
    image: boolean('image').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last time a record write referenced it: the cleanup keeps uploads used within 24 h. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('uploads_created_at_idx').on(t.createdAt)],
);
