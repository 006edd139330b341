import { and, asc, eq, sql } from 'drizzle-orm';
import { storeResource } from '../../../resources/datum/store.resource';
import { levelResource } from '../../../resources/member/level.resource';
import { memberResource } from '../../../resources/member/member.resource';
import { drawNumber } from '../../crud/numbering';
import { logStateChange } from '../../crud/state-history';
import { deriveTable } from '../../crud/table.derive';
import { applyLevelChange } from '../../modules/levels/level-change';
import { entryLevelOf } from '../../modules/levels/level-evaluation';
import { postPoints } from '../../modules/points/points.ledger';
import type { DbOrTx } from '../connection';
import type { DemoSeeder } from './seeders';

/**
 * About 300 demo members of the petrol-station chain (datum.seed.ts): registered over the last
 * two years at its stores (and by WeChat, Alipay, the mini program and Meituan), most of them in
 * use, some frozen, not activated or cancelled (with the reasons in their state history), a few
 * custom members with the capitalised states. Members of petrol stations have the petrol profile,
 * most with a plate and a usual fuel; some drive for a fleet. Levels follow growth value on the
 * demo ladder when the level seeder has run; most members who were ever in use have points.
 *
 * Values come from a fixed pseudo-random sequence, so every demo database holds the same members.
 */

/** Members the demo merchant gets. */
export const DEMO_MEMBER_COUNT = 300;

/** mulberry32: a small deterministic generator, enough for believable demo data. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
  '何',
  '林',
  '罗',
  '高',
  '郑',
  '梁',
  '谢',
  '宋',
  '唐',
];
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '霞',
  '平',
  '刚',
  '桂英',
  '建华',
  '晓东',
  '志强',
  '海燕',
  '文博',
  '雨欣',
  '子轩',
  '梓涵',
  '浩然',
  '思远',
];
const MOBILE_PREFIXES = ['138', '139', '136', '137', '150', '151', '158', '159', '186', '187', '177', '189'];
const PLATE_PROVINCES: Readonly<Record<string, string>> = { MC01: '沪', MC02: '粤' };
const PLATE_LETTERS = 'ABCDEFGHJKLMN';
const FLEETS = ['顺丰速运华东车队', '中通快递沪西分拨', '申通物流杭州车队', '广州白云出租车公司', '深圳鹏程网约车队', '东莞大朗货运联盟'];
const TAGS = ['frequentFuel', 'carWash', 'shopRegular', 'highValue', 'nightOwl', 'dormant'];
const FUELS = ['G92', 'G92', 'G92', 'G95', 'G95', 'G98', 'D0'];

/** Reasons given for the demo's state changes. */
const FREEZE_REASONS = ['会员卡疑似被盗刷，客户来电要求冻结', '同一手机号多次异常积分兑换，核查期间冻结', '客户申请暂停使用会员卡'];
const CANCEL_REASONS = ['客户本人申请注销会员', '重复注册，保留较早的会员号', '客户已移居外地，申请注销'];

type Weighted<T> = readonly (readonly [T, number])[];
const CHANNELS: Weighted<string> = [
  ['store', 40],
  ['weixin', 25],
  ['miniProgram', 15],
  ['alipay', 12],
  ['third', 8],
];
const STATES: Weighted<string> = [
  ['using', 82],
  ['unactivated', 7],
  ['blocked', 5],
  ['canceled', 3],
  ['Using', 2],
  ['Blocked', 1],
];

const DAY = 24 * 3600 * 1000;

interface StoreRow {
  readonly id: number;
  readonly type: string;
  readonly centre: number | null;
  readonly centreCode: string;
}

interface LevelRow {
  readonly id: number;
  readonly code: string;
  readonly levelType: string;
  readonly growthThreshold: number | null;
}

async function storesOf(tx: DbOrTx, tenantId: number): Promise<StoreRow[]> {
  const s = deriveTable(storeResource);
  const rows = await tx
    .select({ id: s.id, type: s.type, centre: s.marketingCenter, state: s.state })
    .from(s)
    .where(eq(s.tenantId, tenantId))
    .orderBy(asc(s.code));
  // Centre codes by id, for plates of the centre's province (MC01 East, MC02 South).
  const centres = [...new Set(rows.map((r) => r.centre).filter((c) => c !== null))].map(Number).sort((a, b) => a - b);
  return rows
    .filter((r) => r.state !== 'CLOSED')
    .map((r) => ({
      id: Number(r.id),
      type: String(r.type),
      centre: r.centre === null ? null : Number(r.centre),
      centreCode: r.centre === null ? '' : `MC0${centres.indexOf(Number(r.centre)) + 1}`,
    }));
}

async function levelsOf(tx: DbOrTx, tenantId: number): Promise<LevelRow[]> {
  const l = deriveTable(levelResource);
  const rows = await tx
    .select({ id: l.id, code: l.code, levelType: l.levelType, growthThreshold: l.growthThreshold })
    .from(l)
    .where(and(eq(l.tenantId, tenantId), eq(l.state, 'ENABLED')))
    .orderBy(asc(l.rankOrder));
  return rows.map((r) => ({
    id: Number(r.id),
    code: String(r.code),
    levelType: String(r.levelType),
    growthThreshold: r.growthThreshold === null ? null : Number(r.growthThreshold),
  }));
}

/** The member rows, made with one generator so they are the same on every demo database. */
function memberRows(args: { stores: readonly StoreRow[]; levels: readonly LevelRow[]; now: number }): Record<string, unknown>[] {
  const random = generator(20260301);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const weighted = <T>(list: Weighted<T>): T => {
    let r = random() * list.reduce((sum, [, w]) => sum + w, 0);
    for (const [value, w] of list) if ((r -= w) < 0) return value;
    return list[list.length - 1][0];
  };
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const freeLadder = args.levels.filter((l) => l.levelType === 'FREE' && l.growthThreshold !== null);
  const special = (code: string) => args.levels.find((l) => l.levelType === 'SPECIAL' && l.code === code)?.id ?? null;
  const mobiles = new Set<string>();
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < DEMO_MEMBER_COUNT; i += 1) {
    let mobile = `${pick(MOBILE_PREFIXES)}${digits(8)}`;
    while (mobiles.has(mobile)) mobile = `${pick(MOBILE_PREFIXES)}${digits(8)}`;
    mobiles.add(mobile);
    const channel = weighted(CHANNELS);
    const store = pick(args.stores);
    const petrol = store.type === 'GAS_STATION' && random() < 0.8;
    // A fifth registered within the last 30 days (the overview's chart), the rest over two years.
    const daysAgo = random() < 0.2 ? random() * 30 : 30 + random() * 700;
    const registeredAt = new Date(Math.floor((args.now - daysAgo * DAY) / 1000) * 1000);
    // Most members have little growth, a few a lot: a quarter of them reach the silver level.
    const growthValue = Math.floor(random() ** 4 * 30000);
    const fleet = petrol && random() < 0.15 ? pick(FLEETS) : null;
    const ladderLevel = [...freeLadder].reverse().find((l) => growthValue >= (l.growthThreshold as number))?.id ?? null;
    const level = fleet && special('FLEET') ? special('FLEET') : ladderLevel;
    const tags = TAGS.filter(() => random() < 0.18);
    if (petrol) tags.push('frequentFuel');
    if (fleet) tags.push('fleet');
    if (daysAgo < 30) tags.push('newcomer');
    const birthYear = 1960 + Math.floor(random() * 44);
    rows.push({
      name: `${pick(SURNAMES)}${pick(GIVEN)}`,
      mobile,
      cardNumber: random() < 0.85 ? `8860${digits(12)}` : null,
      gender: random() < 0.55 ? 'male' : random() < 0.95 ? 'female' : 'unknown',
      birthday:
        random() < 0.9
          ? `${birthYear}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`
          : null,
      birthdayType: random() < 0.25 ? 'lunar' : 'solar',
      // Store registrations name their store; online channels mostly name the store that invited them.
      registerStore: channel === 'store' || random() < 0.6 ? store.id : null,
      channel,
      registeredAt,
      level,
      growthValue,
      tags: [...new Set(tags)],
      marketingCenter: store.centre,
      profile: petrol ? 'petrol' : 'standard',
      plateNumber: petrol && random() < 0.85 ? `${PLATE_PROVINCES[store.centreCode] ?? '沪'}${pick([...PLATE_LETTERS])}${digits(5)}` : null,
      fuelType: petrol ? pick(FUELS) : null,
      fleet,
      state: weighted(STATES),
      remark: fleet ? `${fleet}签约司机` : null,
    });
  }
  // Member numbers follow registration order, as they would have been handed out.
  return rows.sort((a, b) => (a.registeredAt as Date).getTime() - (b.registeredAt as Date).getTime());
}

/** Points from purchases for members in use, and the history of the members not in use. */
async function seedActivity(args: { tx: DbOrTx; tenantId: number; members: readonly Record<string, unknown>[] }): Promise<void> {
  const { tx, tenantId } = args;
  const random = generator(8801);
  for (const [i, m] of args.members.entries()) {
    const state = String(m.state);
    const id = Number(m.id);
    // Points were earned while in use: frozen and cancelled members have their history too.
    if (state.toLowerCase() !== 'unactivated' && random() < 0.7) {
      const purchases = 1 + Math.floor(random() * 4);
      for (let p = 0; p < purchases; p += 1) {
        await postPoints({
          tx,
          tenantId,
          memberId: id,
          delta: 20 + Math.floor(random() * 480),
          kind: 'earn',
          sourceType: 'transaction',
          sourceId: `DEMO${String(i).padStart(4, '0')}${p}`,
          storeId: (m.registerStore as number | null) ?? null,
          remark: '消费积分',
        });
      }
      if (random() < 0.3) {
        await postPoints({
          tx,
          tenantId,
          memberId: id,
          delta: -(10 + Math.floor(random() * 20)),
          kind: 'spend',
          sourceType: 'exchange',
          remark: '积分兑换',
        });
      }
    }
    const lower = state.toLowerCase();
    if (lower === 'blocked' || lower === 'canceled') {
      const reasons = lower === 'blocked' ? FREEZE_REASONS : CANCEL_REASONS;
      await logStateChange({
        db: tx,
        tenantId,
        resource: memberResource,
        recordId: id,
        action: lower === 'blocked' ? 'freeze' : 'cancel',
        from: 'using',
        to: lower,
        reason: reasons[i % reasons.length],
        userId: null,
      });
    }
  }
}

/**
 * Each member's level history: the entry level on registration (written in two statements for
 * the whole merchant, as `assignEntryLevel` records it: cause `register`, version kept), then,
 * through the level engine, the level their growth value (or their fleet) gives, with upgrade
 * incentives paid once.
 */
async function seedLevelHistory(args: {
  tx: DbOrTx;
  tenantId: number;
  rows: readonly Record<string, unknown>[];
  ids: ReadonlyMap<string, number>;
}): Promise<void> {
  const { tx, tenantId } = args;
  const entry = await entryLevelOf(tx, tenantId);
  if (entry === null) return;
  await tx.execute(sql`insert into member_level_changes (tenant_id, member_id, from_level_id, to_level_id, direction, cause, growth_value, occurred_at)
    select tenant_id, id, null, ${entry}, 'up', 'register', 0, registered_at from members where tenant_id = ${tenantId} and level is null`);
  await tx.execute(sql`update members set level = ${entry} where tenant_id = ${tenantId} and level is null`);
  for (const row of args.rows) {
    const memberId = args.ids.get(String(row.mobile));
    if (memberId === undefined || row.level === null || row.level === undefined || Number(row.level) === entry) continue;
    const registeredAt = row.registeredAt as Date;
    await applyLevelChange({
      tx,
      tenantId,
      memberId,
      toLevelId: Number(row.level),
      cause: row.fleet ? 'assign' : 'growth',
      growthValue: Number(row.growthValue ?? 0),
      remark: row.fleet ? `${String(row.fleet)}签约司机` : null,
      now: new Date(Math.min(Date.now(), registeredAt.getTime() + 30 * DAY)),
    });
  }
}

/** Seeds the demo members (after the master data and, when present, the levels). */
export async function seedMembers(input: { tx: DbOrTx; tenantId: number }): Promise<void> {
  const { tx, tenantId } = input;
  const stores = await storesOf(tx, tenantId);
  if (stores.length === 0) return;
  const rows = memberRows({ stores, levels: await levelsOf(tx, tenantId), now: Date.now() });
  for (const row of rows) row.memberNumber = await drawNumber({ db: tx, tenantId, resource: memberResource });
  const t = deriveTable(memberResource);
  // Levels are given by the level engine below (each change recorded with its cause), not written.
  const inserted = await tx
    .insert(t)
    .values(rows.map(({ level: _level, ...row }) => ({ ...row, level: null, tenantId })) as never)
    .returning({ id: t.id, mobile: t.mobile });
  const ids = new Map(inserted.map((r) => [String(r.mobile), Number(r.id)]));
  await seedLevelHistory({ tx, tenantId, rows, ids });
  await seedActivity({ tx, tenantId, members: rows.map((row) => ({ ...row, id: ids.get(String(row.mobile)) })) });
}

export const membersSeeder: DemoSeeder = { name: 'members', after: ['levels'], seed: seedMembers };
