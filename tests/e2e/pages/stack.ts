import { inject } from 'vitest';
import type { E2eStack } from '../../helpers/e2e-stacks';

/**
 * The stack (server, database, demo merchant) of the worker running this test file: files of one
 * worker run one after another against it, files of other workers against their own.
 */
export function e2eStack(): E2eStack {
  const stacks = inject('e2eStacks');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return stacks[(Math.max(1, worker) - 1) % stacks.length];
}
