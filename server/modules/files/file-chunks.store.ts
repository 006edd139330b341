import { Readable, Writable } from 'node:stream';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { fileTaskChunks } from '../../db/schema/index';

/**
 * Which file of a task: the uploaded workbook, or what the task produced; `upload` is a file
 * uploaded for a `file` field (server/modules/uploads), whose `taskId` is the upload's id.
 */
export type FilePart = 'input' | 'output' | 'upload';

/** Bytes per stored chunk: big enough to keep rows few, small enough to stream. */
export const CHUNK_BYTES = 1024 * 1024;

/** Names one file of one task. */
export interface FileRef {
  readonly db: DbOrTx;
  readonly tenantId: number;
  readonly taskId: number;
  readonly part: FilePart;
}

/**
 * A writable stream that stores what is written to it as chunks of the task's file. Each full
 * chunk is inserted before the next write is accepted, so a fast producer (the workbook writer)
 * waits for the database instead of filling memory.
 */
export function chunkWriter(ref: FileRef): Writable {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let seq = 0;
  const flush = async (all: boolean) => {
    while (pendingBytes >= CHUNK_BYTES || (all && pendingBytes > 0)) {
      const joined = Buffer.concat(pending);
      const data = joined.subarray(0, Math.min(CHUNK_BYTES, joined.length));
      const rest = joined.subarray(data.length);
      pending = rest.length > 0 ? [rest] : [];
      pendingBytes = rest.length;
      await ref.db.insert(fileTaskChunks).values({
        tenantId: ref.tenantId,
        taskId: ref.taskId,
        part: ref.part,
        seq: seq++,
        data: Buffer.from(data),
      });
    }
  };
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      pending.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      pendingBytes += chunk.length;
      flush(false).then(() => callback(), callback);
    },
    final(callback) {
      flush(true).then(() => callback(), callback);
    },
  });
}

/** Stores a whole buffer (an uploaded workbook) as the task's file. */
export async function saveFile(ref: FileRef, bytes: Buffer): Promise<void> {
  for (let offset = 0, seq = 0; offset < bytes.length; offset += CHUNK_BYTES, seq += 1) {
    await ref.db.insert(fileTaskChunks).values({
      tenantId: ref.tenantId,
      taskId: ref.taskId,
      part: ref.part,
      seq,
      data: bytes.subarray(offset, offset + CHUNK_BYTES),
    });
  }
}

/** Reads the task's file back chunk by chunk, one query per chunk, as a readable stream. */
export function chunkReader(ref: FileRef): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    for (let seq = 0; ; seq += 1) {
      const [row] = await ref.db
        .select({ data: fileTaskChunks.data })
        .from(fileTaskChunks)
        .where(
          and(
            eq(fileTaskChunks.tenantId, ref.tenantId),
            eq(fileTaskChunks.taskId, ref.taskId),
            eq(fileTaskChunks.part, ref.part),
            eq(fileTaskChunks.seq, seq),
          ),
        );
      if (!row) return;
      yield row.data;
    }
  }
  return Readable.from(chunks());
}

/** Reads a whole (small) file into memory: the uploaded workbook an import parses. */
export async function loadFile(ref: FileRef): Promise<Buffer> {
  const rows = await ref.db
    .select({ data: fileTaskChunks.data })
    .from(fileTaskChunks)
    .where(
      and(
        eq(fileTaskChunks.tenantId, ref.tenantId),
        eq(fileTaskChunks.taskId, ref.taskId),
        eq(fileTaskChunks.part, ref.part),
        gte(fileTaskChunks.seq, 0),
      ),
    )
    .orderBy(asc(fileTaskChunks.seq));
  return Buffer.concat(rows.map((row) => row.data));
}

/** Drops the task's file (a retried job starts its output afresh). */
export async function deleteFile(ref: FileRef): Promise<void> {
  await ref.db
    .delete(fileTaskChunks)
    .where(and(eq(fileTaskChunks.tenantId, ref.tenantId), eq(fileTaskChunks.taskId, ref.taskId), eq(fileTaskChunks.part, ref.part)));
}
