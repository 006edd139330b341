import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStack, type E2eStack, type RunningStack } from './e2e-stacks';

/**
 * The whole product as `npm start` runs it, once per e2e worker (`maxWorkers` of the e2e project in
 * vitest.config.ts, E2E_WORKERS): each stack is a
 * process with its own embedded PostgreSQL, the committed migrations, the demo merchant, the job
 * queue and the server serving the built browser app (`npm run test:e2e` builds dist/web first).
 * Tests read their worker's stack with `e2eStack()` (tests/e2e/pages/stack.ts). Every answer the
 * browser receives is checked against the OpenAPI document (response-contract.ts); the run fails
 * at teardown when one did not match.
 */
export default async function setup(project: TestProject) {
  const builtDir = path.resolve('dist/web');
  if (!fs.existsSync(path.join(builtDir, 'index.html'))) {
    throw new Error(`${builtDir}/index.html is missing: run \`npm run build\` first (npm run test:e2e does).`);
  }
  // Serve a snapshot of the build, so a `vite build` started meanwhile (which empties dist/web)
  // cannot pull the files from under a running browser test.
  const snapshotDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-e2e-web-'));
  const webDir = path.join(snapshotDir, 'web');
  fs.cpSync(builtDir, webDir, { recursive: true });

  const started = await Promise.allSettled(Array.from({ length: Math.max(1, project.config.maxWorkers) }, () => startStack(webDir)));
  const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));

  const teardown = async () => {
    const reports = await Promise.all(running.map((stack: RunningStack) => stack.stop()));
    fs.rmSync(snapshotDir, { recursive: true, force: true });
    const checked = reports.reduce((sum, report) => sum + report.checked, 0);
    console.log(`response check: ${checked} answers checked against the OpenAPI document`);
    const problems = reports.flatMap((report) => (report.problems ? [report.problems] : []));
    if (problems.length > 0) throw new Error(problems.join('\n'));
  };

  const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await teardown().catch(() => undefined);
    throw failed.reason;
  }
  project.provide(
    'e2eStacks',
    running.map((stack) => stack.stack),
  );
  return teardown;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One per e2e worker; a test file reads its own with `e2eStack()`. */
    e2eStacks: E2eStack[];
  }
}
