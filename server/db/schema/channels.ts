import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** §4 channel types of a ledger entry (points and money alike). */
export const LEDGER_CHANNELS = ['store', 'weixin', 'alipay', 'third', 'weixinApp'] as const;

/** The CHECK body of a nullable channel column: empty or one of the §4 channels. */
export function channelCheck(column: AnyPgColumn): SQL {
  return sql`${column} is null or ${column} in (${sql.raw(LEDGER_CHANNELS.map((c) => `'${c}'`).join(', '))})`;
}
