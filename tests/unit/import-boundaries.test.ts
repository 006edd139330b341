import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer rule of eslint.config.js (DESIGN.md §2): src/ and providers/ never import server/,
 * server/ never imports src/ or providers/, resources/ imports none of them, providers/ never
 * imports src/, and the engine (server/crud) never imports the hooks that use it. Each case lints
 * a probe file placed in a folder of the repository with the project's own configuration.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

let eslint: ESLint;
beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT });
  // The first lint loads the parser and the configuration: paid here, not by the first case.
  await eslint.lintText('', { filePath: path.join(ROOT, 'server/probe.ts') });
}, 60_000);

/** The boundary messages ESLint reports for `code` as the file `file` of the repository. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId === 'layers/boundaries').map((m) => m.message);
}

describe('import boundaries', () => {
  const refused: [string, string, string][] = [
    [
      'src/views/member/probe.ts',
      "import type { BatchProgress } from '../../../server/modules/batch/batch-results';",
      'server/modules/batch/batch-results',
    ],
    ['src/probe.tsx', "import { ok } from '../server/http/envelope';", 'server/http/envelope'],
    ['src/screens/probe.ts', "export const load = () => import('../../server/app');", 'server/app'],
    [
      'src/probe.ts',
      "export type Row = import('../server/modules/batch/batch-results').BatchResultRow;",
      'server/modules/batch/batch-results',
    ],
    ['providers/probe.ts', "import { ERROR_CODES } from '../server/http/envelope';", 'server/http/envelope'],
    ['providers/probe.ts', "import { LOCAL_KEYS } from '../src/lib/format';", 'src/lib/format'],
    ['providers/probe.ts', "export { formatAmount } from '../src/lib/format';", 'src/lib/format'],
    ['server/modules/files/probe.ts', "import { WEEKDAYS } from '../../../src/lib/lunar';", 'src/lib/lunar'],
    ['server/probe.ts', "import { apiGet } from '../providers/http';", 'providers/http'],
    ['resources/member/probe.ts', "import { deriveTable } from '../../server/crud/table.derive';", 'server/crud/table.derive'],
    ['resources/probe.ts', "import type { Credentials } from '../providers/auth';", 'providers/auth'],
    ['resources/messages/probe.ts', "export * from '../../src/lib/format';", 'src/lib/format'],
    ['server/crud/probe.ts', "import { SERVER_HOOKS } from '../modules/resource-hooks';", 'server/modules/resource-hooks'],
    ['server/crud/probe.ts', "import { levelHooks } from '../modules/levels/level.hooks';", 'server/modules/levels/level.hooks'],
  ];
  it.each(refused)('refuses in %s: %s', async (file, code, target) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(target);
  });

  const allowed: [string, string][] = [
    ['src/probe.ts', "import { apiGet } from '../providers/http';\nimport type { Envelope } from '../resources/contract/envelope';"],
    ['providers/probe.ts', "import { SUCCESS_CODE } from '../resources/contract/envelope';\nimport { LOCAL_KEYS } from './storage-keys';"],
    ['server/modules/probe.ts', "import { RESOURCES } from '../../resources/index';\nimport { deriveTable } from '../crud/table.derive';"],
    [
      'server/crud/probe.ts',
      "import { translate } from '../modules/i18n/translate';\nimport type { ResourceHooks } from './server-hooks.define';",
    ],
    ['resources/member/probe.ts', "import { WEEKDAYS } from '../contract/weekdays';\nimport dayjs from 'dayjs';"],
    [
      'tests/unit/probe.test.ts',
      "import { buildApp } from '../../server/app';\nimport { apiGet } from '../../providers/http';\nimport { formatAmount } from '../../src/lib/format';",
    ],
    ['bench/probe.ts', "import { buildApp } from '../server/app';"],
  ];
  it.each(allowed)('allows in %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});

/** The module-arrow messages ESLint reports for `code` as the file `file` of the repository. */
async function arrowErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId === 'layers/module-arrows').map((m) => m.message);
}

describe('module arrows', () => {
  // Each refused import would close a circle with arrows the sources hold today: the sale uses
  // points, activities and the ledger; points uses the ledger; authorization uses auth.
  const refused: [string, string, string][] = [
    ['server/modules/points/probe.ts', "import { recordSale } from '../sale/sale.service';", 'points -> sale'],
    ['server/modules/ledger/probe.ts', "import type { SaleInput } from '../sale/sale.service';", 'ledger -> sale'],
    ['server/modules/ledger/probe.ts', "export { postPoints } from '../points/points.ledger';", 'ledger -> points'],
    ['server/modules/activities/engine/probe.ts', "export const load = () => import('../../sale/sale.routes');", 'activities -> sale'],
    ['server/modules/auth/probe.ts', "import { loadRoleGrants } from '../authorization/grants.store';", 'auth -> authorization'],
  ];
  it.each(refused)('refuses in %s: %s', async (file, code, arrow) => {
    const errors = await arrowErrors(file, code);
    expect(errors).toHaveLength(1);
    const [from, to] = arrow.split(' -> ');
    expect(errors[0]).toContain(`server/modules/${from} may not import server/modules/${to}`);
  });

  const allowed: [string, string][] = [
    [
      'server/modules/sale/probe.ts',
      "import { postPoints } from '../points/points.ledger';\nimport { POINTS_BOOK } from '../ledger/points.book';",
    ],
    [
      'server/modules/points/probe.ts',
      "import { POINTS_BOOK } from '../ledger/points.book';\nimport { toCents } from '../../money/money';",
    ],
    ['server/modules/authorization/probe.ts', "import { authOf } from '../auth/access.hook';"],
    ['server/modules/probe.ts', "import { saleRoutes } from './sale/sale.routes';\nimport { pointsRoutes } from './points/points.routes';"],
  ];
  it.each(allowed)('allows in %s', async (file, code) => {
    expect(await arrowErrors(file, code)).toEqual([]);
  });
});
