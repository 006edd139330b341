import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { okData } from '../helpers/coupon-fixtures';
import { createTenant, signIn, signInNewUser, type ApiClient } from '../helpers/fixtures';
import { pngImage } from '../helpers/png-image';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Marketing themes (promotion/topic, issue 28 item 7) through the real API, as a user who may
 * maintain themes and nothing else: the activities picker offers the tenant's audited activities
 * that have not ended (never a draft, a stopped one or another tenant's), the save keeps the same
 * rule and the window's order, each refusal a 400 naming the field in the caller's language; the
 * banner is an image uploaded for the theme. The generic CRUD, the life cycle by the window and
 * the permission matrix are the contract test's (crud-contract.test.ts).
 */

let t: TestApp;
let admin: ApiClient;
let editor: ApiClient;
let otherAdmin: ApiClient;
const ids: Record<'live' | 'upcoming' | 'draft' | 'stopped' | 'foreign', number> = {
  live: 0,
  upcoming: 0,
  draft: 0,
  stopped: 0,
  foreign: 0,
};

const WINDOW = { beginTime: '2030-06-01 00:00:00', endTime: '2030-07-01 00:00:00' };

/** A points-doubling activity in a window; audited unless a draft, then stopped when asked. */
async function activity(
  client: ApiClient,
  name: string,
  window: { beginTime: string; endTime: string },
  then: 'draft' | 'audit' | 'stop',
): Promise<number> {
  const created = await okData<{ id: number }>(
    client.post('/v1/activity-score-doubling/saveNew', { body: { name, ...window, goodsScope: 'ALL', rule: { doublingMultiple: 2 } } }),
  );
  if (then !== 'draft') await okData(client.post('/v1/activity-score-doubling/audit', { query: { id: created.id } }));
  if (then === 'stop')
    await okData(client.post('/v1/activity-score-doubling/stop', { query: { id: created.id }, body: { reason: 'over' } }));
  return created.id;
}

/** The 400's fields as `{ field: msg }`. */
async function refused(promise: Promise<{ status: number; body: any }>): Promise<Record<string, string>> {
  const res = await promise;
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  return Object.fromEntries((res.body.data.fields as { field: string; msg: string }[]).map((f) => [f.field, f.msg]));
}

const uploadBanner = (client: ApiClient, bytes: Buffer, type: string, locale = 'zh_CN') =>
  client.post('/v1/topic/upload', {
    query: { field: 'banner', fileName: 'banner.png' },
    body: bytes,
    headers: { 'content-type': type, locale },
  });

const save = (body: Record<string, unknown>, locale = 'zh_CN') =>
  editor.post('/v1/topic/saveNew', { body: { title: '双十二会员日', ...WINDOW, activities: [ids.live], ...body }, headers: { locale } });

beforeAll(async () => {
  t = await startTestApp();
  const tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  editor = await signInNewUser(t, tenant, { login: 'theme-editor', grants: [{ resourceId: '营销/营销主题', action: '配置维护' }] });
  const other = await createTenant(t.database);
  otherAdmin = await signIn(t.app, { tenant: other.code, login: other.adminLogin, password: other.adminPassword });

  ids.live = await activity(admin, '会员日积分翻倍', { beginTime: '2020-01-01 00:00:00', endTime: '2099-01-01 00:00:00' }, 'audit');
  ids.upcoming = await activity(admin, '新年积分翻倍', { beginTime: '2098-01-01 00:00:00', endTime: '2099-01-01 00:00:00' }, 'audit');
  ids.draft = await activity(admin, '草稿活动', { beginTime: '2020-01-01 00:00:00', endTime: '2099-01-01 00:00:00' }, 'draft');
  ids.stopped = await activity(admin, '已停止活动', { beginTime: '2020-01-01 00:00:00', endTime: '2099-01-01 00:00:00' }, 'stop');
  ids.foreign = await activity(otherAdmin, '他人活动', { beginTime: '2020-01-01 00:00:00', endTime: '2099-01-01 00:00:00' }, 'audit');
});
afterAll(async () => t?.close());

describe('the activities a theme shows', () => {
  it('are offered to a theme editor as the audited activities of the tenant that have not ended, with their kind, state and window', async () => {
    const options = await okData<{ id: number; title: string; card: Record<string, unknown> }[]>(
      editor.get('/v1/activity/options', { query: { field: 'state', in: ['UNSTART', 'PROCESSING'] } }),
    );
    expect(options.map((o) => o.id).sort((a, b) => a - b)).toEqual([ids.live, ids.upcoming].sort((a, b) => a - b));
    expect(options.find((o) => o.id === ids.live)).toMatchObject({
      title: '会员日积分翻倍',
      card: { kind: 'SCORE_DOUBLING', state: 'PROCESSING', beginTime: '2020-01-01 00:00:00', endTime: '2099-01-01 00:00:00' },
    });
    expect(options.find((o) => o.id === ids.upcoming)?.card).toMatchObject({ state: 'UNSTART' });
  });

  it('saves a theme with a live and an upcoming activity and a banner, and reads them back by name', async () => {
    const banner = await okData<{ id: string; image: boolean }>(uploadBanner(editor, pngImage({ width: 750, height: 300 }), 'image/png'));
    expect(banner.image).toBe(true);
    const created = await okData<{ id: number; state: string }>(save({ banner: banner.id, activities: [ids.live, ids.upcoming] }));
    expect(created.state).toBe('INITAIL');
    const info = await okData<Record<string, any>>(editor.get(`/v1/topic/info/${created.id}`));
    expect(info).toMatchObject({ title: '双十二会员日', banner: banner.id, ...WINDOW });
    expect([...info.activities].sort((a: number, b: number) => a - b)).toEqual([ids.live, ids.upcoming].sort((a, b) => a - b));
    expect(info._titles.activities).toEqual({ [ids.live]: '会员日积分翻倍', [ids.upcoming]: '新年积分翻倍' });
    // The banner is served back as the image it is.
    const content = await editor.get(`/v1/topic/upload/${banner.id}/content`);
    expect(content.status).toBe(200);
    expect(content.headers['content-type']).toBe('image/png');
  });

  it('refuses a draft or a stopped activity, naming it and what may be chosen, in both languages', async () => {
    expect(await refused(save({ activities: [ids.live, ids.draft] }))).toEqual({
      activities: '展示的活动“草稿活动”当前不能选择，只能选择：未开始、进行中',
    });
    expect(await refused(save({ activities: [ids.stopped] }, 'en_US'))).toEqual({
      activities: 'Activities shown "已停止活动" cannot be chosen now; only: Not started, In progress',
    });
  });

  it("refuses another tenant's activity and an empty list, naming the field", async () => {
    expect(await refused(save({ activities: [ids.live, ids.foreign] }))).toEqual({ activities: '展示的活动引用的数据不存在' });
    expect(await refused(save({ activities: [] }, 'en_US'))).toEqual({ activities: 'Activities shown is required' });
  });
});

describe('the window of a theme', () => {
  it('must end after it starts: an end at or before the start is a 400 naming the end, in both languages', async () => {
    expect(await refused(save({ beginTime: '2030-06-01 00:00:00', endTime: '2030-06-01 00:00:00' }))).toEqual({
      endTime: '结束时间必须晚于开始时间',
    });
    expect(await refused(save({ beginTime: '2030-06-01 00:00:00', endTime: '2030-05-31 23:59:59' }, 'en_US'))).toEqual({
      endTime: 'Ends must be after Starts',
    });
  });

  it('holds on a modify that moves only the start past the stored end', async () => {
    const created = await okData<{ id: number; version: number }>(save({}));
    expect(
      await refused(
        editor.post('/v1/topic/modify', { body: { id: created.id, version: created.version, beginTime: '2030-08-01 00:00:00' } }),
      ),
    ).toEqual({ endTime: '结束时间必须晚于开始时间' });
  });
});

describe('the banner', () => {
  it('takes images only: other bytes are refused naming the banner', async () => {
    const res = await refused(uploadBanner(editor, Buffer.from('not an image at all'), 'image/png', 'en_US'));
    expect(Object.keys(res)).toEqual(['banner']);
    expect(res.banner).toMatch(/^Banner image/);
  });

  it("keeps only an upload made for a theme's banner of this tenant", async () => {
    const foreign = await okData<{ id: string }>(uploadBanner(otherAdmin, pngImage({ width: 10, height: 10 }), 'image/png'));
    expect(await refused(save({ banner: foreign.id }))).toEqual({ banner: '横幅图片：不是为此字段上传的文件' });
  });
});
