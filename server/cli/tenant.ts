import { parseArgs } from 'node:util';
import { asc, eq, sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { configurePasswordHashing } from '../modules/auth/password.hasher';
import { connectDatabase, type Database } from '../db/connection';
import { runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded';
import { applyMigrations } from '../db/migrate';
import { tenants } from '../db/schema/index';
import { AppError } from '../http/envelope';
import { translate } from '../modules/i18n/translate';
import { describeStartupFailure, StartupError } from '../startup.errors';
import { createTenant, setLicense } from '../modules/users/tenant.provisioning';
import { recomputeDailyTotals } from '../modules/reports/daily-totals.upkeep';

/**
 * Operator's tool for merchants (npm run tenant -- …):
 *   create  --code acme --name "Acme" --admin admin --password 'Xyz@2026x' [--admin-name 管理员] [--license-days 365]
 *   license --code acme --until 2027-12-31     (or --days 30, or --until none to revoke)
 *   list
 *   recompute-reports [--code acme]   (rebuilds the reports' daily totals from the ledgers)
 * It uses DATABASE_URL, else the embedded server of a running console, else starts the embedded
 * server itself; migrations are applied first, so it also works on a fresh data directory.
 */

const USAGE = `Usage:
  npm run tenant -- create --code <code> --name <name> --admin <login> --password <password> [--admin-name <name>] [--license-days <days>]
  npm run tenant -- license --code <code> (--until <yyyy-mm-dd|none> | --days <days>)
  npm run tenant -- list
  npm run tenant -- recompute-reports [--code <code>]   (also: npm run reports:recompute)`;

const DAY_MS = 24 * 3600 * 1000;

/**
 * Opens the database the console uses: DATABASE_URL; else the embedded server running on
 * DATA_DIR (a console's, on the port DATA_DIR remembers); else starts that server itself.
 */
async function openDatabase(): Promise<{ database: Database; embedded: EmbeddedDatabase | null }> {
  const config = loadConfig();
  configurePasswordHashing(config.passwordHashCost);
  if (config.databaseUrl) return { database: connectDatabase(config.databaseUrl, { max: 2 }), embedded: null };
  const runningUrl = runningEmbeddedUrl(config.dataDir);
  if (runningUrl) return { database: connectDatabase(runningUrl, { max: 2 }), embedded: null };
  console.log(`Starting the embedded PostgreSQL (data in ${config.dataDir}) …`);
  const embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.embeddedPgPort,
    program: 'tenant CLI',
    notice: (line) => console.log(line),
  });
  return { database: connectDatabase(embedded.url, { max: 2 }), embedded };
}

function required(values: Record<string, string | undefined>, name: string): string {
  const value = values[name];
  if (!value) throw new Error(`--${name} is required\n${USAGE}`);
  return value;
}

function positiveInteger(text: string, name: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

/** `--until` is the last day of validity: the licence runs to the end of that day (local time). */
function parseUntil(text: string): Date | null {
  if (text === 'none') return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) throw new Error('--until must be yyyy-mm-dd or none');
  const end = new Date(`${text}T23:59:59.999`);
  if (Number.isNaN(end.getTime())) throw new Error('--until is not a valid date');
  return end;
}

async function create(database: Database, values: Record<string, string | undefined>): Promise<void> {
  const code = required(values, 'code');
  const days = values['license-days'] ? positiveInteger(values['license-days'], 'license-days') : 365;
  const taken = await database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, code));
  if (taken.length > 0) throw new Error(`A merchant with code "${code}" exists already`);
  const admin = required(values, 'admin');
  const created = await database.db.transaction((tx) =>
    createTenant({
      tx,
      code,
      name: required(values, 'name'),
      settings: { licenseExpiresAt: new Date(Date.now() + days * DAY_MS) },
      admin: { login: admin, name: values['admin-name'] ?? admin, password: required(values, 'password') },
    }),
  );
  console.log(
    `Created merchant "${code}" (tenant ${created.tenantId}); administrator "${admin}" holds every permission; licence ${days} days.`,
  );
}

async function license(database: Database, values: Record<string, string | undefined>): Promise<void> {
  const code = required(values, 'code');
  const expiresAt = values.days
    ? new Date(Date.now() + positiveInteger(values.days, 'days') * DAY_MS)
    : parseUntil(required(values, 'until'));
  if (!(await setLicense({ tx: database.db, code, expiresAt }))) throw new Error(`No merchant with code "${code}"`);
  console.log(expiresAt ? `Licence of "${code}" valid until ${expiresAt.toISOString()}` : `Licence of "${code}" revoked`);
}

async function list(database: Database): Promise<void> {
  const rows = await database.db
    .select({
      code: tenants.code,
      name: tenants.name,
      licenseExpiresAt: tenants.licenseExpiresAt,
      // Qualified by hand: drizzle leaves single-table columns unqualified inside the subquery.
      userCount: sql<number>`(select count(*) from users u where u.tenant_id = "tenants"."id")::int`,
    })
    .from(tenants)
    .orderBy(asc(tenants.code));
  if (rows.length === 0) console.log('No merchants yet.');
  for (const row of rows) {
    const valid = row.licenseExpiresAt && row.licenseExpiresAt.getTime() > Date.now();
    const licence = row.licenseExpiresAt ? `${valid ? 'valid until' : 'EXPIRED'} ${row.licenseExpiresAt.toISOString()}` : 'NO LICENCE';
    console.log(`${row.code.padEnd(16)} ${row.name.padEnd(20)} users ${String(row.userCount).padStart(4)}  ${licence}`);
  }
}

/** Rebuilds the reports' daily totals of one merchant (`--code`), or of all, from the ledgers. */
async function recomputeReports(database: Database, values: Record<string, string | undefined>): Promise<void> {
  let tenantId: number | null = null;
  if (values.code) {
    const found = await database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, values.code));
    if (found.length === 0) throw new Error(`No merchant with code "${values.code}"`);
    tenantId = found[0].id;
  }
  const started = Date.now();
  await recomputeDailyTotals(database.db, tenantId);
  console.log(`Daily totals rebuilt from the ledgers for ${values.code ?? 'every merchant'} in ${Date.now() - started} ms.`);
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      code: { type: 'string' },
      name: { type: 'string' },
      admin: { type: 'string' },
      'admin-name': { type: 'string' },
      password: { type: 'string' },
      'license-days': { type: 'string' },
      until: { type: 'string' },
      days: { type: 'string' },
    },
  });
  const command = positionals[0];
  if (!command || !['create', 'license', 'list', 'recompute-reports'].includes(command)) throw new Error(USAGE);
  const { database, embedded } = await openDatabase();
  try {
    await applyMigrations(database);
    if (command === 'create') await create(database, values);
    if (command === 'license') await license(database, values);
    if (command === 'list') await list(database);
    if (command === 'recompute-reports') await recomputeReports(database, values);
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  if (error instanceof AppError) {
    const details = error.fields.map(
      (field) => `${field.field}: ${translate('en_US', field.key, field.values)} / ${translate('zh_CN', field.key, field.values)}`,
    );
    console.error([translate('en_US', error.key, error.values), ...details].join('\n'));
  } else if (error instanceof Error && error.message && !(error instanceof StartupError)) {
    console.error(error.message);
  } else {
    // A start-up failure, or an error without a message (never print a bare `undefined`).
    console.error(describeStartupFailure(error, { what: 'The tenant CLI', databaseUrl: process.env.DATABASE_URL || undefined }));
  }
  process.exit(1);
});
