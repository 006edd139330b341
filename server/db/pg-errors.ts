/** The PostgreSQL error inside a (Drizzle-wrapped) error, if any. */
export function pgError(error: unknown): { code: string; message: string } | null {
  let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth += 1, e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return { code: e.code, message: String(e.message ?? '') };
  }
  return null;
}

/**
 * 40P01 deadlock detected, 40001 serialization failure: PostgreSQL rolled the whole transaction
 * back and says that running it again may succeed.
 */
export function isRetryableTransactionError(error: unknown): boolean {
  const code = pgError(error)?.code;
  return code === '40P01' || code === '40001';
}
