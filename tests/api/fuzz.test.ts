import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFuzzWorld,
  describeFinding,
  FIELDLESS_400,
  fuzzCaseArbitrary,
  fuzzTargets,
  runFuzz,
  SKIPPED_ROUTES,
  type FuzzTarget,
} from '../helpers/api-fuzz';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { RESOURCES } from '../../resources/index';

/**
 * Bad input, for good: every route of the OpenAPI document the app serves, fuzzed with malformed
 * bodies, queries, path ids and headers as an administrator, a clerk-like role, an auditor-like
 * read-only role and an anonymous caller (tests/helpers/api-fuzz.ts). No answer may be a 5xx,
 * every answer is the envelope, and every 400 names the field it refuses (data.fields) except
 * the short, justified FIELDLESS_400 list. Deterministic: fixed seeds, 3 × 1000 cases.
 * `npm run bench:fuzz` runs 20 000 or more.
 */

let t: TestApp;
let targets: FuzzTarget[];

beforeAll(async () => {
  t = await startTestApp();
  targets = fuzzTargets(t.app.swagger() as never);
});
afterAll(async () => t?.close());

const CASES_PER_SEED = 1000;

describe('API fuzz from the OpenAPI document', () => {
  it('covers every route the document lists (new routes join by themselves)', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const fuzzed = new Set(targets.map((r) => `${r.method} ${r.path}`));
    expect(listed.filter((r) => !fuzzed.has(r) && !SKIPPED_ROUTES.includes(r))).toEqual([]);
    // The document is the whole API: every declared resource's routes are among those fuzzed.
    expect(RESOURCES.filter((r) => !targets.some((target) => target.resource === r)).map((r) => r.name)).toEqual([]);
    // The exceptions stay few; each says why.
    expect(FIELDLESS_400.flatMap((e) => e.keys).length).toBeLessThanOrEqual(5);
    expect(FIELDLESS_400.every((e) => e.why.length > 20)).toBe(true);
  });

  it.each([20260501, 7, 424242])(
    'seed %i: no 5xx, every answer an envelope, every 400 names its field',
    async (seed) => {
      const cases = fc.sample(fuzzCaseArbitrary(targets), { seed, numRuns: CASES_PER_SEED });
      const { findings } = await runFuzz({ app: t.app, newWorld: () => createFuzzWorld(t.app, t.database), cases });
      expect(findings.map(describeFinding).slice(0, 40), `${findings.length} wrong answers of ${cases.length}`).toEqual([]);
    },
    300_000,
  );
});
