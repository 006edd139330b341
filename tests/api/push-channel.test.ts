import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { startStandIns, type StandIns } from '../helpers/channel-stand-ins';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Issue 27 §1, app push: JPush's REST API v3 over HTTPS (HTTP Basic with the AppKey and the
 * Master Secret), turned on by the merchant's push-channel settings, checked by a local stand-in
 * that verifies the authorisation and the body and answers JPush's error format. Real app, real
 * database.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let standIns: StandIns;

async function ok<T = any>(response: Promise<{ status: number; body: any }>): Promise<T> {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as T;
}

interface CheckAnswer {
  callId: number;
  outcome: string;
  errorCode: string | null;
}

const check = (body: object, headers?: Record<string, string>) =>
  ok<CheckAnswer>(admin.post('/v1/channels/check', { body: { channel: 'push', ...body }, headers }));

async function saveSettings(fields: object): Promise<any> {
  const current = await ok<{ version: number }>(admin.get('/v1/push-channel/get'));
  return ok(admin.post('/v1/push-channel/save', { body: { ...fields, version: current.version } }));
}

/** What a logged call sent (or would have sent), as the call log keeps it. */
async function logged(callId: number): Promise<{ operation: string; outcome: string; request: any }> {
  const rows = await t.database.db.execute<{ operation: string; outcome: string; request: any }>(
    sql`select operation, outcome, request from channel_calls where tenant_id = ${tenant.tenantId} and id = ${callId}`,
  );
  return rows.rows[0];
}

const health = async () =>
  (
    await ok<{ channel: string; state: string; lastOutcome: string | null; lastErrorCode: string | null }[]>(
      admin.get('/v1/channels/health'),
    )
  ).find((h) => h.channel === 'push');

beforeAll(async () => {
  [t, standIns] = await Promise.all([startTestApp(), startStandIns()]);
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  standIns.push.aliases.add('M000000027');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await standIns?.close();
});

describe('app push through JPush', () => {
  it('without credentials sends nothing, answers NOT_CONNECTED and records the body it would have sent', async () => {
    const before = standIns.received.length;
    const answer = await check({ target: 'M000000027' });
    expect(answer.outcome).toBe('NOT_CONNECTED');
    expect(standIns.received.length).toBe(before);
    expect(await logged(answer.callId)).toMatchObject({
      operation: 'v3/push',
      outcome: 'NOT_CONNECTED',
      request: {
        platform: 'all',
        audience: { alias: ['M000000027'] },
        notification: { alert: '这是一条来自会员营销后台的测试推送。', android: { title: '推送测试' } },
      },
    });
    expect(await health()).toMatchObject({ state: 'NOT_CONNECTED', lastOutcome: 'NOT_CONNECTED' });
  });

  it('refuses a malformed setting naming the field, defaults to JPush’s address, and never answers the Master Secret', async () => {
    const bad = await admin.post('/v1/push-channel/save', { body: { appKey: 'not-a-key', apiBaseUrl: 'ftp://jpush', version: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual(['apiBaseUrl', 'appKey']);
    expect(bad.body.data.fields.find((f: { field: string }) => f.field === 'appKey').msg).toBe('AppKey 为 24 位十六进制字符');

    expect(await ok(admin.get('/v1/push-channel/get'))).toMatchObject({ apiBaseUrl: 'https://api.jpush.cn', apnsProduction: true });
    await saveSettings({ appKey: standIns.push.appKey, masterSecret: standIns.push.masterSecret, apiBaseUrl: `${standIns.baseUrl}/jpush` });
    const read = await admin.get('/v1/push-channel/get');
    expect(JSON.stringify(read.body)).not.toContain(standIns.push.masterSecret);
    expect(read.body.data.masterSecret).toMatch(/^••••/);
  });

  it('sends a push with HTTP Basic base64(appKey:masterSecret) and JPush’s body; the check validates without sending', async () => {
    const pushed = standIns.push.pushed.length;
    const answer = await check({ target: 'M000000027' }, { locale: 'en_US' });
    expect(answer).toMatchObject({ outcome: 'OK', errorCode: null });
    expect(standIns.received.at(-1)).toMatchObject({ path: '/jpush/v3/push', signatureValid: true });
    expect(standIns.push.pushed.length).toBe(pushed + 1);
    expect(standIns.push.pushed.at(-1)).toEqual({
      platform: 'all',
      audience: { alias: ['M000000027'] },
      notification: {
        alert: 'This is a test notification from the loyalty console.',
        android: { title: 'Push test', alert: 'This is a test notification from the loyalty console.' },
        ios: { alert: { title: 'Push test', body: 'This is a test notification from the loyalty console.' } },
      },
      options: { time_to_live: 86400, apns_production: true },
    });

    // The check without an alias is JPush's validate: the credentials are proved, nothing is pushed.
    const validated = await check({});
    expect(validated.outcome).toBe('OK');
    expect(standIns.received.at(-1)).toMatchObject({ path: '/jpush/v3/push/validate', signatureValid: true });
    expect(standIns.push.pushed.length).toBe(pushed + 1);
    expect(await health()).toMatchObject({ state: 'CONNECTED', lastOutcome: 'OK' });
  });

  it('answers JPush’s codes as FAILED: an alias without a device (1011), a wrong Master Secret (1004)', async () => {
    const noDevice = await check({ target: 'M999999999' });
    expect(noDevice).toMatchObject({ outcome: 'FAILED', errorCode: '1011' });

    await saveSettings({ masterSecret: 'a-wrong-master-secret' });
    const refused = await check({ target: 'M000000027' });
    expect(refused).toMatchObject({ outcome: 'FAILED', errorCode: '1004' });
    expect(standIns.received.at(-1)).toMatchObject({ path: '/jpush/v3/push', signatureValid: false });
    expect(await check({})).toMatchObject({ outcome: 'FAILED', errorCode: '1004' });
    const calls = (
      await ok<{ records: { id: number; outcome: string; errorCode: string | null }[] }>(
        admin.post('/v1/channel-calls/query', { body: { filters: { channel: 'push' }, pageSize: 100 } }),
      )
    ).records;
    expect(calls.find((c) => c.id === refused.callId)).toMatchObject({ outcome: 'FAILED', errorCode: '1004' });
    expect(await health()).toMatchObject({ state: 'FAILING', lastErrorCode: '1004' });
  });
});
