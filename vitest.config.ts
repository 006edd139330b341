import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Three projects: unit (pure logic and components with MSW), api (the real Fastify app on a real
 * PostgreSQL), e2e (Playwright driving Debian's Chromium against the built app and real server).
 */
/**
 * How many browser-test files run at once, each against its own stack (tests/helpers/e2e-stacks.ts:
 * its own database, demo merchant and server process), so one file's changes to the demo merchant's
 * settings (an approval threshold, a channel's connection) never meet another file's test.
 * `E2E_WORKERS` sets it; by default two on a machine of four cores or more, one below. On 2 cores
 * two files at once took 952 s against 1,115 s one after another (2026-11-30), and the two
 * browsers, servers and databases fighting over the cores made screens slow enough for waits to
 * time out: not worth a flaky suite.
 */
const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? (availableParallelism() >= 4 ? 2 : 1)) || 1);

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          // jsdom only in the files that say so (`// @vitest-environment jsdom`).
          environment: 'node',
          sequence: { groupOrder: 0 },
          // Both cores (run mode's default keeps one back), and a worker runs file after file with
          // its module cache kept: antd (about 2 s of CPU to load), React, jsdom and the
          // declarations load once per worker, not once per file. Each file still gets its own
          // module-level state where it matters: files reset what they change (MSW handlers,
          // mocks, stubbed env) in their hooks, vitest restores mocks between files, and the setup
          // file empties storage, page and route before each file.
          maxWorkers: 2,
          isolate: false,
          setupFiles: ['tests/helpers/unit-file-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          sequence: { groupOrder: 1 },
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/db-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          maxWorkers: 2,
          // A worker runs file after file with its module cache kept: the server (Fastify, Drizzle,
          // every module and declaration) is imported once per worker instead of once per file, 80 s
          // of import time in a whole run instead of 520 s. Files stay independent without it: each
          // builds its own app and its own merchant, and none mocks a module or changes the process
          // environment. The one process-wide state a file sets, the test-only resources it mounts, is
          // cleared before each file by the setup file.
          isolate: false,
          setupFiles: ['tests/helpers/api-file-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/e2e-global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // E2E_WORKERS files at once, each worker against its own stack (e2e-stacks.ts).
          fileParallelism: E2E_WORKERS > 1,
          maxWorkers: E2E_WORKERS,
          // A browser screen settles in its own time: vitest's default second for expect.poll is
          // shorter than a loaded 2-core CI machine takes to draw a screen after its data arrives
          // (a history's title named its member 1.2 s after the rows showed). A passing poll
          // returns as soon as it holds, so only a failing one waits the whole ten seconds.
          expect: { poll: { timeout: 10_000, interval: 100 } },
        },
      },
    ],
  },
});
