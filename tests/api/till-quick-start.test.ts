import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Middleware } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORED_VALUE_READ } from '../../resources/deposit/stored-value-grants';
import { grantValue } from '../../resources/setting/application.resource';
import { COUPON_TILL } from '../../server/modules/coupons/coupons.routes';
import { SALES_INTEGRATION } from '../../server/modules/points/points.routes';
import { STORED_VALUE_MOVE } from '../../server/modules/stored-value/stored-value.routes';
import { createTillClient, findMember, runTill, type TillSetup } from '../../docs/till-quick-start/till-flow';
import { auditedActivity } from '../helpers/activity-fixtures';
import { effectiveTemplate, issueOne, okData } from '../helpers/coupon-fixtures';
import { createTenant, signIn, type ApiClient } from '../helpers/fixtures';
import { freePort } from '../helpers/free-port';
import { adjustPoints } from '../helpers/points-fixtures';
import { createCatalogue } from '../helpers/stored-value-fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Issue 31 §3 and §4: the till's quick start (docs/till-quick-start.md) works as written, with an
 * application key alone. The TypeScript version is the real file the guide links, run against
 * the real console; the curl steps are taken out of the guide and run with bash; and the
 * TypeScript flow runs again through Stoplight Prism's validating proxy, which must report no
 * violation of the served OpenAPI document, request or answer. Every answer the console gives
 * here is also checked by the API tests' own response check (tests/helpers/test-app.ts).
 */

const GUIDE = path.resolve('docs/till-quick-start.md');
const PRISM = path.resolve('node_modules/.bin/prism');
const POINTS_PER_YUAN = 100;
/** A top-up whose JSON number a float `multipleOf: 0.01` refuses (110.07 / 0.01 = 11006.999…). */
const TOP_UP = '110.07';

/** The operations the till's flow calls, in its order (the guide's steps). */
const FLOW = [
  'POST /v1/member/query',
  'POST /v1/coupons/applicable',
  'POST /v1/coupons/redeem',
  'POST /v1/points/transaction',
  'POST /v1/points/return',
  'POST /v1/stored-value/recharge',
  'GET /v1/stored-value/balance',
];

let t: TestApp;
let admin: ApiClient;
let base: string;
let apiKey: string;
let setup: TillSetup;
let couponTemplate: number;
let workDir: string;
let prism: { child: ChildProcess; base: string; ready: Promise<void> } | undefined;

/**
 * Starts Prism in proxy mode in front of the console, on the document the console serves reduced
 * to the flow's operations (its components all kept): Prism then loads 7 operations instead of
 * some 370, and listens in about 8 s instead of 27 s on the loaded 2-core machine.
 */
async function startPrism(): Promise<NonNullable<typeof prism>> {
  const served = (await (await fetch(`${base}/docs/json`)).json()) as { paths: Record<string, unknown> };
  const paths = Object.fromEntries(FLOW.map((call) => call.split(' ')[1]).map((p) => [p, served.paths[p]]));
  const file = path.join(workDir, 'till-flow.openapi.json');
  fs.writeFileSync(file, JSON.stringify({ ...served, paths }));
  const port = await freePort();
  const child = spawn(PRISM, ['proxy', file, base, '--host', '127.0.0.1', '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) resolve();
    };
    child.stdout?.on('data', seen);
    child.stderr?.on('data', seen);
    child.once('exit', (code) => reject(new Error(`prism exited with ${String(code)}: ${output.slice(-2000)}`)));
  });
  // Awaited by the test that uses it, which reports a failed start.
  ready.catch(() => undefined);
  return { child, base: `http://127.0.0.1:${port}`, ready };
}

/** A member with a mobile, a card, 1 000 points and one coupon of 10.00: what they hand over. */
async function newCustomer(): Promise<{ memberId: number; mobile: string; cardNumber: string; couponCode: string }> {
  const mobile = `139${String(randomInt(100_000_000)).padStart(8, '0')}`;
  const cardNumber = `TK${randomInt(1_000_000_000)}`;
  const { id: memberId } = await okData<{ id: number }>(
    admin.post('/v1/member/saveNew', { body: { name: '收银会员', mobile, cardNumber } }),
  );
  await adjustPoints({ client: admin, grants: [[memberId, 1000]] });
  return { memberId, mobile, cardNumber, couponCode: await issueOne(admin, couponTemplate, memberId) };
}

/** The flow's input for a customer: two of the goods for 100.00, 500 points paid, a top-up of `TOP_UP`. */
const flowFor = (customer: { mobile: string; couponCode: string }, orderNo: string) => ({
  setup,
  customer: { mobile: customer.mobile, couponCode: customer.couponCode, pointsToPay: 500 },
  orderNo,
  quantity: 2,
  amount: '100.00',
  topUp: TOP_UP,
});

const pointsBalance = async (memberId: number) =>
  (await okData<{ balance: number }>(admin.get('/v1/points/account', { query: { memberId } }))).balance;

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'till-quick-start-'));
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${t.app.config.serviceBase}`;
  // Prism starts while the merchant's data is made.
  prism = await startPrism();

  const tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  const catalogue = await createCatalogue(admin);
  const storeId = catalogue.stores[0];
  const goods = await okData<{ id: number; code: string }>(admin.get(`/v1/product/info/${catalogue.plainGoods}`));
  setup = { storeId, goods: { id: goods.id, code: goods.code }, pointsPerYuan: POINTS_PER_YUAN };
  couponTemplate = await effectiveTemplate(admin);
  await auditedActivity({ t, admin }, 'POINTS_AS_CASH', {
    rule: { cashPointsPerYuan: POINTS_PER_YUAN, cashMaxSharePercent: 50, cashMinOrderAmount: 0 },
  });

  // What the administrator does in Settings › Applications and keys: the grants the guide lists.
  const grants = [
    { resourceId: '会员/标准会员', action: '会员资料查看' },
    ...COUPON_TILL,
    ...SALES_INTEGRATION,
    ...STORED_VALUE_MOVE,
    STORED_VALUE_READ[0],
  ];
  const application = await okData<{ id: number }>(
    admin.post('/v1/application/saveNew', {
      body: { name: '收银台', kind: 'TILL', stores: [storeId], grants: grants.map((g) => grantValue(g.resourceId, g.action)) },
    }),
  );
  apiKey = (await okData<{ key: string }>(admin.post('/v1/application/issueKey', { query: { id: application.id } }))).key;
}, 120_000);

afterAll(async () => {
  prism?.child.kill('SIGTERM');
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  await t?.close();
});

describe("the till's quick start", () => {
  it('runs the TypeScript flow with the key alone: member, coupon, sale with points as cash, return, top-up', async () => {
    const customer = await newCustomer();
    const api = createTillClient({ baseUrl: base, apiKey });
    expect(await findMember(api, { cardNumber: customer.cardNumber })).toBe(customer.memberId);

    const outcome = await runTill(api, flowFor(customer, `TS-${Date.now()}`));
    expect(outcome).toMatchObject({
      memberId: customer.memberId,
      couponDiscount: '10.00',
      cashPaid: '85.00',
      pointsPaid: 500,
      storedValueBalance: Number(TOP_UP),
    });
    expect(outcome.pointsEarned).toBeGreaterThan(0);
    expect(outcome.pointsTakenBack).toBe(Math.round(outcome.pointsEarned / 4));
    // A quarter returned: a quarter of the 500 points paid comes back too.
    expect(await pointsBalance(customer.memberId)).toBe(1000 - 500 + outcome.pointsEarned - outcome.pointsTakenBack + 125);
    const coupons = await okData<{ records: { code: string; state: string }[] }>(
      admin.post('/v1/coupon/query', { body: { filters: { member: customer.memberId } } }),
    );
    expect(coupons.records.map((c) => [c.code, c.state])).toEqual([[customer.couponCode, 'USED']]);
  });

  it('runs the curl steps of the guide as written', async () => {
    const guide = fs.readFileSync(GUIDE, 'utf8');
    const blocks = [...guide.matchAll(/```([^\n]*)\n([\s\S]*?)```/g)].map(([, info, code]) => ({ info: info.trim(), code }));
    const settings = blocks.filter((b) => b.info === 'sh env');
    const steps = blocks.filter((b) => b.info === 'sh').map((b) => b.code);
    expect(settings).toHaveLength(1);
    expect(steps.length).toBeGreaterThan(0);

    const customer = await newCustomer();
    const values: Record<string, string> = {
      BASE: base,
      KEY: apiKey,
      STORE: String(setup.storeId),
      GOODS_ID: String(setup.goods.id),
      GOODS_CODE: setup.goods.code,
      MOBILE: customer.mobile,
      CARD: customer.cardNumber,
      COUPON: customer.couponCode,
      ORDER: `SH-${Date.now()}`,
    };
    // The guide's settings are exactly the values the test gives.
    const named = [...settings[0].code.matchAll(/^([A-Z_]+)=/gm)].map(([, name]) => name);
    expect(named.sort()).toEqual(Object.keys(values).sort());

    const dir = fs.mkdtempSync(path.join(workDir, 'curl-'));
    const run = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn('bash', ['-c', ['set -euo pipefail', ...steps].join('\n')], {
        cwd: dir,
        env: { PATH: process.env.PATH, ...values },
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('close', (code) => resolve({ code, out }));
    });
    expect(run.code, run.out).toBe(0);
    const answer = (file: string) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { code: number; data: any };
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(files.length).toBe(steps.join('\n').match(/> [a-z-]+\.json/g)?.length);
    expect(files.filter((f) => answer(f).code !== 2000)).toEqual([]);
    expect(answer('member-by-card.json').data.records.map((m: { id: number }) => m.id)).toEqual([customer.memberId]);
    expect(answer('redeem.json').data.discount).toBe('10.00');
    expect(answer('sale.json').data).toMatchObject({ memberId: customer.memberId, amount: '100.00', pointsPaid: 500 });
    expect(answer('return.json').data).toMatchObject({ amount: '25.00', refundedPoints: 125 });
    expect(answer('balance.json').data).toMatchObject({ memberId: customer.memberId, balance: 100 });
  });
});

describe("Prism's validating proxy in front of the console", () => {
  it('is Prism 5, the version the issue names', () => {
    const installed = JSON.parse(fs.readFileSync(path.resolve('node_modules/@stoplight/prism-cli/package.json'), 'utf8')) as {
      version: string;
    };
    expect(installed.version).toMatch(/^5\./);
  });

  it('sees the whole till flow, every request and every answer, with no violation', async () => {
    await prism!.ready;
    const customer = await newCustomer();
    const api = createTillClient({ baseUrl: prism!.base, apiKey });
    const seen: { call: string; status: number; violations: string | null }[] = [];
    const collect: Middleware = {
      onResponse({ request, response }) {
        const call = `${request.method} ${new URL(request.url).pathname}`;
        seen.push({ call, status: response.status, violations: response.headers.get('sl-violations') });
      },
    };
    api.use(collect);
    const outcome = await runTill(api, flowFor(customer, `PR-${Date.now()}`));
    expect(outcome).toMatchObject({ couponDiscount: '10.00', pointsPaid: 500, storedValueBalance: Number(TOP_UP) });
    expect(seen.map((s) => s.call)).toEqual(FLOW);
    expect(seen.filter((s) => s.violations !== null || s.status !== 200)).toEqual([]);
  });
});
