/** Rows read per statement by an export. */
export const EXPORT_BATCH = 1000;

/**
 * A list read in batches newest first by keyset: `read(before)` answers the next rows (at most
 * `size`) older than the id `before` (null: the newest); the batches end with a short one. What a
 * module export (server/modules/files/module-export.ts) yields.
 */
export async function* keysetBatches<R>(args: {
  read: (before: number | null) => Promise<readonly R[]>;
  idOf: (row: R) => number;
  size?: number;
}): AsyncGenerator<readonly R[]> {
  const size = args.size ?? EXPORT_BATCH;
  let before: number | null = null;
  for (;;) {
    const rows = await args.read(before);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    before = args.idOf(rows[rows.length - 1]);
  }
}
