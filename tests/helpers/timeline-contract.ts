import { expect } from 'vitest';
import type { ResourceDef } from '../../resources/define';
import { shownStateOptions } from '../../resources/state-timeline';
import type { ApiClient } from './fixtures';
import type { TestClock } from './test-app';

/**
 * The contract of states that follow time (`states.timeline`), for any resource declaring them:
 * a record moved to the `during` state shows `before` one second before its window's start,
 * `inside` at the start and one second before the end, and `after` at the end, in its detail,
 * in the list's records and through the list's filter on the state; the list sorts by the shown
 * state in the life cycle's order; and editing and the actions follow the shown state (an action
 * accepted inside the window is logged with the shown state it left). The server's clock is set
 * to each second, nothing sleeps.
 */

const DAY = 24 * 3600 * 1000;

/** An instant as the API reads and writes it in the UTC zone (`yyyy-MM-dd HH:mm:ss`). */
export const utcText = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');

async function okData(promise: Promise<{ status: number; body: any }>): Promise<any> {
  const res = await promise;
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data;
}

/** The shortest list of actions from a stored state to `goal`, following the stored `to`. */
function actionsTo(resource: ResourceDef, from: string, goal: string): string[] {
  const actions = Object.entries(resource.states?.actions ?? {});
  const queue: [string, string[]][] = [[from, []]];
  const seen = new Set([from]);
  while (queue.length > 0) {
    const [state, path] = queue.shift()!;
    if (state === goal) return path;
    for (const [name, def] of actions) {
      if (def.from.includes(state) && !seen.has(def.to)) {
        seen.add(def.to);
        queue.push([def.to, [...path, name]]);
      }
    }
  }
  throw new Error(`${resource.name}: no actions lead from ${from} to ${goal}`);
}

export async function proveTimeline(args: {
  resource: ResourceDef;
  client: ApiClient;
  clock: TestClock;
  /** A valid saveNew body; the window's fields are replaced. */
  body: Record<string, unknown>;
  /** Headers of every call (a marketing centre); `time_zone` is set to UTC here. */
  headers?: Record<string, string>;
}): Promise<void> {
  const { resource, client, clock } = args;
  const states = resource.states!;
  const timeline = states.timeline!;
  const headers = { ...args.headers, time_zone: 'UTC' };
  const url = (op: string) => `/v1/${resource.name}/${op}`;
  const reason = (action: string) => (states.actions[action].reason ? { reason: 'timeline contract' } : undefined);
  // A window in whole seconds, a day from now.
  const start = new Date(Math.floor((Date.now() + DAY) / 1000) * 1000);
  const end = new Date(start.getTime() + DAY);
  const second = (base: Date, delta: number) => new Date(base.getTime() + delta * 1000);
  try {
    clock.set(second(start, -3600));
    const body = { ...args.body, [timeline.window.start]: utcText(start), [timeline.window.end]: utcText(end) };
    const created = await okData(client.post(url('saveNew'), { body, headers }));
    expect(created[states.field]).toBe(states.initial);
    for (const action of actionsTo(resource, states.initial, timeline.during)) {
      await okData(client.post(url(action), { query: { id: created.id }, body: reason(action), headers }));
    }
    const field = resource.fields[states.field];
    const filterOf = (state: string) => (field.filter === 'in' ? [state] : state);
    const shown = shownStateOptions(resource);
    const boundaries: [string, Date, string][] = [
      ['one second before the start', second(start, -1), timeline.before],
      ['at the start', start, timeline.inside],
      ['one second before the end', second(end, -1), timeline.inside],
      ['at the end', end, timeline.after],
    ];
    for (const [label, at, expected] of boundaries) {
      clock.set(at);
      const info = await okData(client.get(url(`info/${created.id}`), { headers }));
      expect(info[states.field], `${label}: detail`).toBe(expected);
      if (field.filter === 'eq' || field.filter === 'in') {
        for (const state of shown) {
          const page = await okData(
            client.post(url('query'), { body: { filters: { [states.field]: filterOf(state) }, pageSize: 200 }, headers }),
          );
          const ids = page.records.map((r: { id: number }) => r.id);
          if (state === expected) expect(ids, `${label}: filter ${state}`).toContain(created.id);
          else expect(ids, `${label}: filter ${state}`).not.toContain(created.id);
          for (const record of page.records) expect(record[states.field], `${label}: a record filtered by ${state}`).toBe(state);
        }
      }
      const listed = await okData(
        client.post(url('query'), { body: { pageSize: 200, sorters: [{ field: 'id', order: 'desc' }] }, headers }),
      );
      const row = listed.records.find((r: { id: number }) => r.id === created.id);
      if (row) expect(row[states.field], `${label}: list`).toBe(expected);
      // Editing follows the shown state.
      const editable = !states.editableIn || states.editableIn.includes(expected);
      if (!editable) {
        const res = await client.post(url('modify'), { body: { id: info.id, version: info.version }, headers });
        expect(res.status, `${label}: modify in ${expected}`).toBe(409);
      }
      // Actions that do not accept the shown state are refused, and leave the record as it was.
      for (const [action, def] of Object.entries(states.actions)) {
        if (def.from.includes(expected)) continue;
        const res = await client.post(url(action), { query: { id: created.id }, body: reason(action), headers });
        expect(res.status, `${label}: ${action} from ${expected}`).toBe(409);
      }
    }
    if (field.sortable) {
      const asc = (
        await okData(client.post(url('query'), { body: { pageSize: 200, sorters: [{ field: states.field, order: 'asc' }] }, headers }))
      ).records as Record<string, unknown>[];
      const ranks = asc.map((r) => shown.indexOf(String(r[states.field])));
      expect(ranks, 'sorted by the shown state in the life cycle order').toEqual([...ranks].sort((a, b) => a - b));
    }
    // An action accepted inside the window leaves the shown state, as the history says.
    const inside = Object.entries(states.actions).find(([, def]) => def.from.includes(timeline.inside));
    if (inside) {
      clock.set(start);
      const [action, def] = inside;
      const moved = await okData(client.post(url(action), { query: { id: created.id }, body: reason(action), headers }));
      if (def.to !== timeline.during) expect(moved[states.field]).toBe(def.to);
      const history = await okData(client.get(url(`history/${created.id}`), { headers }));
      expect(history[0]).toMatchObject({ action, from: timeline.inside, to: def.to });
    }
  } finally {
    clock.set(null);
  }
}
