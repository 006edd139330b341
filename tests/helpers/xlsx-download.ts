import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { SESSION_COOKIE } from '../../server/modules/auth/session.cookie';
import type { ApiClient } from './fixtures';

/**
 * Downloads a finished file task's workbook as `client` (GET /v1/file-task/download/:id) and
 * answers its first sheet's rows, header first, each cell's value or null.
 */
export async function downloadTaskSheet(args: {
  app: FastifyInstance;
  client: ApiClient;
  taskId: number;
  locale: string;
}): Promise<unknown[][]> {
  const response = await args.app.inject({
    method: 'GET',
    url: `${args.app.config.serviceBase}/v1/file-task/download/${args.taskId}`,
    headers: { cookie: `${SESSION_COOKIE}=${args.client.sessionToken()}`, locale: args.locale },
  });
  expect(response.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push(Array.from({ length: sheet.columnCount }, (_, i) => row.getCell(i + 1).value ?? null));
  });
  return rows;
}
