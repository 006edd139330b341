/**
 * The planner's estimates of large totals, kept a short while per query (issue 23 §6).
 *
 * A list whose matches pass EXACT_TOTAL_LIMIT shows "about N" from the planner (query.builder.ts),
 * and asking the planner is an EXPLAIN: on the unfiltered member list it cost more than reading
 * the page itself. Paging through a large list asks the same question on every page, so the
 * answer is kept for ESTIMATE_TTL_MS per tenant, centre and statement, and the page is read
 * without it meanwhile. Exact totals (up to the limit) are never kept: a list a clerk has just
 * added to counts its new row at once. An estimate that is seconds old is as good as a fresh
 * one, since both come from statistics refreshed only by ANALYZE.
 */

/** How long an estimate is reused. */
export const ESTIMATE_TTL_MS = 30_000;
/** At most this many queries' estimates per process (the oldest goes first). */
const MAX_KEPT = 2_000;

interface Kept {
  readonly total: number;
  readonly until: number;
}

const kept = new Map<string, Kept>();

/** The kept estimate of a query's total, or undefined when there is none or it has expired. */
export function keptEstimate(key: string, now = Date.now()): number | undefined {
  const found = kept.get(key);
  if (!found) return undefined;
  if (found.until <= now) {
    kept.delete(key);
    return undefined;
  }
  return found.total;
}

/** Keeps a query's estimated total for ESTIMATE_TTL_MS. */
export function keepEstimate(key: string, total: number, now = Date.now()): void {
  kept.delete(key);
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
  kept.set(key, { total, until: now + ESTIMATE_TTL_MS });
}
