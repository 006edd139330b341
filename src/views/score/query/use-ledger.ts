import { useCallback, useEffect, useRef, useState } from 'react';
import { findStores, queryEntries, type EntryFilters, type EntryPage, type PointsEntry } from '../shared/points-api';

/** Entries fetched per "load more". */
export const LEDGER_PAGE_SIZE = 20;

/** What the ledger screen shows: the entries loaded so far and the totals of the whole filter. */
export interface LedgerState {
  readonly records: readonly PointsEntry[];
  readonly total: number;
  readonly totals: EntryPage['totals'];
  /** Store names of the entries loaded so far, by id. */
  readonly stores: ReadonlyMap<number, string>;
  readonly loading: boolean;
  readonly error: Error | undefined;
  /** True while more entries wait behind the keyset cursor. */
  readonly hasMore: boolean;
  readonly loadMore: () => void;
  readonly reload: () => void;
}

const EMPTY_TOTALS = { earned: 0, spent: 0 };

/**
 * A member's ledger, newest first, paged by keyset ("load more" appends the entries older than
 * the last one shown), so paging stays fast however long the history is and never skips or
 * repeats an entry while new ones arrive. A change of filters starts again; answers of a
 * superseded filter are dropped. Store names are looked up for the stores the entries mention.
 */
export function useLedger(filters: EntryFilters): LedgerState {
  const [records, setRecords] = useState<PointsEntry[]>([]);
  const [page, setPage] = useState<Pick<EntryPage, 'total' | 'totals' | 'nextCursor'>>({
    total: 0,
    totals: EMPTY_TOTALS,
    nextCursor: null,
  });
  const [stores, setStores] = useState<Map<number, string>>(new Map());
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<Error>();
  const [tick, setTick] = useState(0);
  const seq = useRef(0);
  const key = JSON.stringify(filters);

  const fetchPage = useCallback(
    async (cursor: number | null, mine: number) => {
      setLoading(true);
      try {
        const answer = await queryEntries({ pageSize: LEDGER_PAGE_SIZE, cursor, filters: JSON.parse(key) as EntryFilters });
        if (mine !== seq.current) return;
        setRecords((before) => (cursor === null ? [...answer.records] : [...before, ...answer.records]));
        setPage({ total: answer.total, totals: answer.totals, nextCursor: answer.nextCursor });
        setError(undefined);
        const ids = [...new Set(answer.records.map((r) => r.storeId).filter((id): id is number => id !== null))];
        const names = await findStores({ ids }).catch(() => []);
        if (mine === seq.current && names.length > 0) {
          setStores((before) => new Map([...before, ...names.map((s) => [s.id, s.title] as const)]));
        }
      } catch (reason) {
        if (mine === seq.current) setError(reason instanceof Error ? reason : new Error(String(reason)));
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    },
    [key],
  );

  useEffect(() => {
    const mine = ++seq.current;
    setRecords([]);
    void fetchPage(null, mine);
  }, [fetchPage, tick]);

  const loadMore = useCallback(() => {
    if (page.nextCursor === null) return;
    void fetchPage(page.nextCursor, ++seq.current);
  }, [fetchPage, page.nextCursor]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { records, total: page.total, totals: page.totals, stores, loading, error, hasMore: page.nextCursor !== null, loadMore, reload };
}
