import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { SESSION_COOKIE } from '../../server/modules/auth/session.cookie';
import { XLSX_MIME } from '../../server/modules/files/file-task.routes';
import type { ApiClient } from './fixtures';

/**
 * Workbooks in the file-centre tests: one written from rows (to import), one read back as rows
 * (an export, an import's error report), a task's file downloaded with a client's session, and
 * an import started.
 */

/** A workbook of one sheet holding `rows` (header first). */
export async function workbookOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The first sheet of a workbook as rows of plain values (header first). */
export async function readSheet(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push(Array.from({ length: sheet.columnCount }, (_, i) => row.getCell(i + 1).value ?? null));
  });
  return rows;
}

/** GET a task's file with the client's session; the body is raw bytes. */
export async function downloadTask(args: { app: FastifyInstance; client: ApiClient; taskId: number; locale?: string }) {
  const response = await args.app.inject({
    method: 'GET',
    url: `${args.app.config.serviceBase}/v1/file-task/download/${args.taskId}`,
    headers: { cookie: `${SESSION_COOKIE}=${args.client.sessionToken()}`, locale: args.locale ?? 'zh_CN' },
  });
  return { status: response.statusCode, bytes: response.rawPayload, headers: response.headers };
}

/** Starts the import of `bytes` into `resource` (`POST /v1/<resource>/import`). */
export function importWorkbook(client: ApiClient, resource: string, bytes: Buffer, fileName = 'import.xlsx') {
  return client.post(`/v1/${resource}/import`, { body: bytes, headers: { 'content-type': XLSX_MIME }, query: { fileName } });
}

/** A finished task's first sheet as `client` downloads it (expects 200), header first. */
export async function downloadTaskSheet(args: { app: FastifyInstance; client: ApiClient; taskId: number; locale?: string }) {
  const response = await downloadTask(args);
  expect(response.status).toBe(200);
  return readSheet(response.bytes);
}
