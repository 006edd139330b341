import { afterAll, beforeAll, expect, test } from 'vitest';
import { anonymousClient } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Every route's request and answer schemas compile (server/http/schema-compilers.ts compiles
 * them on a route's first call, so a start no longer proves it): all of them compiled at once,
 * after which the routes still refuse bad input with a 400 naming the field.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

test('every route schema of the app compiles', async () => {
  // Hundreds of routes, each with its HEAD twin, its request parts and its answers by status.
  expect(t.app.compileAllSchemas()).toBeGreaterThan(1000);
  expect(t.app.compileAllSchemas()).toBe(0);
  const refused = await anonymousClient(t.app).post('/v1/auth/login', { body: { tenant: 'x' } });
  expect(refused.status).toBe(400);
  expect(refused.body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual(['login', 'password']);
});
