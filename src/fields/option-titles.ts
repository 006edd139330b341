/**
 * Titles of referenced records. Records carry relation ids only; their names come from
 * `GET /v1/<resource>/options?id=1&id=2` (the picker endpoint, which answers `[{ id, title }]`).
 * Every cell of a page asks in the same tick, so the asks are batched into one call per
 * resource, and answers are kept for a minute so paging back and forth does not ask again.
 */
import { useEffect, useState } from 'react';
import { apiGet } from '../../providers/http';
import type { KnownOption, OptionRecord } from './relation-titles';

/** How long a fetched title is trusted (a rename shows after this, or on reload). */
export const TITLE_TTL_MS = 60_000;

type Id = string | number;

interface Cached {
  readonly title: string;
  readonly at: number;
}

const cache = new Map<string, Map<string, Cached>>();
const queued = new Map<string, { ids: Set<string>; waiters: (() => void)[] }>();

function cached(resource: string, id: Id): string | undefined {
  const entry = cache.get(resource)?.get(String(id));
  return entry && Date.now() - entry.at < TITLE_TTL_MS ? entry.title : undefined;
}

async function flush(resource: string): Promise<void> {
  const batch = queued.get(resource);
  queued.delete(resource);
  if (!batch) return;
  try {
    const records = await apiGet<OptionRecord[]>(`/v1/${resource}/options`, { params: { id: [...batch.ids] }, silent: true });
    const titles = cache.get(resource) ?? new Map<string, Cached>();
    for (const record of records ?? []) titles.set(String(record.id), { title: record.title, at: Date.now() });
    cache.set(resource, titles);
  } catch {
    // An unreadable reference keeps showing its id; the row itself loaded fine.
  } finally {
    batch.waiters.forEach((wake) => wake());
  }
}

/** Titles of `ids` of `resource` (id -> title); ids without a known record are left out. */
export function loadTitles(resource: string, ids: readonly Id[]): Promise<Map<string, string>> {
  const collect = () =>
    new Map(
      ids.flatMap((id) => {
        const title = cached(resource, id);
        return title === undefined ? [] : [[String(id), title] as const];
      }),
    );
  const missing = ids.filter((id) => cached(resource, id) === undefined);
  if (missing.length === 0) return Promise.resolve(collect());
  return new Promise((resolve) => {
    let batch = queued.get(resource);
    if (!batch) {
      batch = { ids: new Set(), waiters: [] };
      queued.set(resource, batch);
      setTimeout(() => void flush(resource), 0);
    }
    missing.forEach((id) => batch.ids.add(String(id)));
    batch.waiters.push(() => resolve(collect()));
  });
}

/** The titles of some ids, fetched when not already `known`; undefined while loading. */
export function useOptionTitles(resource: string, ids: readonly Id[], known: readonly KnownOption[] = []): Map<string, string> | undefined {
  const key = ids.map(String).join(',');
  const knownTitles = new Map(known.flatMap((option) => (option.title === undefined ? [] : [[String(option.id), option.title] as const])));
  const needed = ids.filter((id) => !knownTitles.has(String(id)));
  const [fetched, setFetched] = useState<Map<string, string>>();
  useEffect(() => {
    let live = true;
    if (needed.length === 0) return;
    void loadTitles(resource, needed).then((titles) => {
      if (live) setFetched(titles);
    });
    return () => {
      live = false;
    };
    // `key` stands for the ids; `needed` is derived from them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resource, key]);
  if (needed.length > 0 && !fetched) return undefined;
  return new Map([...(fetched ?? []), ...knownTitles]);
}
