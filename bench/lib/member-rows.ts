import type pg from 'pg';
import { literal, pickSql, textArray, unitSql, weightedSql } from './sql-random';

/**
 * The set-based INSERT of generated members `lo..hi` (member index `i`, 1-based). Every value
 * is a function of `i` (sql-random.ts), so a regeneration writes the same members:
 *
 * - id `idBase + i` (ids grow with registration time, like a real sign-up stream);
 * - member number `M` + 9 digits of `i` (what server/modules/members/member.hooks.ts allocates; the counter is set past N);
 * - mobile: one of 40 real 3-digit segments (`i mod 40` shifted by a hash of `i div 40`) + an
 *   8-digit permutation of `i div 40` (multiplying by 48271 modulo 10^8 is a bijection), so
 *   mobiles are unique and match `1[3-9]\d{9}`;
 * - card number (85 %): `CK` + 14 digits (`10^13 + (7919·i + 104729) mod 9·10^13`, another
 *   bijection); 15 % have no card;
 * - name: a surname drawn with a rank skew (王, 李, 张 … are common) + one or two given characters;
 * - registration store: one of the tenant's (demo) stores, the member's centre is the store's;
 * - channel 45 % store, 25 % WeChat, 15 % mini program, 10 % Alipay, 5 % third party;
 * - registered over the 5 years before the anchor, in order of `i`, whole seconds;
 * - growth value skewed low (u³ × 30 000), free level from it (V1..V4 thresholds), 2 % PLUS;
 * - 20 % petrol profile with plate, fuel type and 10 % a fleet; tags on a quarter of members;
 * - state 94 % using, 2 % blocked, 3 % not activated, 1 % cancelled.
 */

/** What a member insert needs from the tenant and the run. */
export interface MemberShape {
  readonly tenantId: number;
  readonly members: number;
  readonly idBase: number;
  /** Registration times end here (ISO, whole seconds). */
  readonly anchor: string;
  readonly storeIds: readonly number[];
  readonly centreIds: readonly (number | null)[];
  readonly levelIds: ReadonlyMap<string, number>;
}

/** Real mainland mobile segments; each matches `1[3-9]\d`. */
export const MOBILE_SEGMENTS = [
  '130',
  '131',
  '132',
  '133',
  '134',
  '135',
  '136',
  '137',
  '138',
  '139',
  '147',
  '150',
  '151',
  '152',
  '153',
  '155',
  '156',
  '157',
  '158',
  '159',
  '166',
  '172',
  '173',
  '175',
  '176',
  '177',
  '178',
  '180',
  '181',
  '182',
  '183',
  '184',
  '185',
  '186',
  '187',
  '188',
  '189',
  '191',
  '198',
  '199',
] as const;

/** Common Chinese surnames, most frequent first. */
const SURNAMES = [
  ...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤',
];
/** Characters of given names. */
const GIVEN = [
  ...'伟芳娜敏静丽强磊军洋勇艳杰娟涛明超兰霞平刚华建国玉萍红俊鹏飞宇浩然涵欣怡轩思雨嘉晨阳佳琪子梓睿博文婷雪慧晶颖琳倩宁斌波辉鑫瑶璐莉凯帆旭东海燕秀英桂志峰亮成龙春梅丹',
];
const PLATE_PROVINCES = [...'沪浙苏粤京皖鲁闽'];
const FLEETS = ['顺丰速运车队', '京东物流车队', '申通快递车队', '城市公交集团', '华东危化品运输公司', '滴滴网约车联盟'];
const TAGS = ['frequentFuel', 'carWash', 'shopRegular', 'highValue', 'nightOwl', 'newcomer', 'dormant', 'fleet'];

/** Days of registration history before the anchor. */
export const REGISTRATION_DAYS = 1826;

/** The registration time of member index `i` (an SQL expression), shared with the ledger. */
export function registeredAtSql(i: string, shape: Pick<MemberShape, 'members' | 'anchor'>): string {
  return `date_trunc('second', ${literal(shape.anchor)}::timestamptz
    - interval '1 day' * ${REGISTRATION_DAYS} * (1 - (${i})::float8 / ${shape.members})
    - interval '1 second' * ${pickSql(i, 13, 3600)})`;
}

const bigintArray = (values: readonly (number | null)[]) =>
  `array[${values.map((v) => (v === null ? 'null' : String(v))).join(',')}]::bigint[]`;
const levelOf = (shape: MemberShape, code: string) => String(shape.levelIds.get(code) ?? 'null');

/** INSERT … SELECT of members lo..hi (inclusive). */
export function memberInsertSql(shape: MemberShape, lo: number, hi: number): string {
  const stores = shape.storeIds.length;
  const surname = `(${textArray(SURNAMES)})[1 + floor(${SURNAMES.length} * power(${unitSql('i', 2)}, 2))::int]`;
  const given = (salt: number) => `(${textArray(GIVEN)})[1 + ${pickSql('i', salt, GIVEN.length)}]`;
  const tag = (salt: number) => `(${textArray(TAGS)})[1 + ${pickSql('i', salt, TAGS.length)}]`;
  const suffix = `lpad((((i / ${MOBILE_SEGMENTS.length}) * 48271 + 7771) % 100000000)::text, 8, '0')`;
  return `insert into members (tenant_id, id, version, created_at, updated_at, member_number, name, mobile, card_number,
      gender, birthday, birthday_type, register_store, channel, registered_at, level, growth_value, tags, marketing_center,
      profile, plate_number, fuel_type, fleet, state)
    overriding system value
    select ${shape.tenantId}, ${shape.idBase} + i, 1, reg, reg,
      'M' || lpad(i::text, 9, '0'),
      ${surname} || ${given(3)} || case when ${pickSql('i', 4, 10)} < 7 then ${given(5)} else '' end,
      (${textArray(MOBILE_SEGMENTS)})[1 + ((i + ${pickSql(`i / ${MOBILE_SEGMENTS.length}`, 1, MOBILE_SEGMENTS.length)}) % ${MOBILE_SEGMENTS.length})::int] || ${suffix},
      case when ${pickSql('i', 6, 100)} < 85 then 'CK' || (10000000000000 + (i * 7919 + 104729) % 90000000000000)::text end,
      ${weightedSql('i', 7, [
        [48, "'male'"],
        [96, "'female'"],
        [100, "'unknown'"],
      ])},
      case when ${pickSql('i', 8, 100)} < 70 then date '1955-01-01' + ${pickSql('i', 9, 18993)}::int end,
      case when ${pickSql('i', 10, 100)} < 6 then 'lunar' else 'solar' end,
      (${bigintArray(shape.storeIds)})[k],
      ${weightedSql('i', 12, [
        [45, "'store'"],
        [70, "'weixin'"],
        [85, "'miniProgram'"],
        [95, "'alipay'"],
        [100, "'third'"],
      ])},
      reg,
      case when ${pickSql('i', 14, 100)} < 2 then ${levelOf(shape, 'PLUS')}::bigint
        when growth >= 20000 then ${levelOf(shape, 'V4')}::bigint when growth >= 5000 then ${levelOf(shape, 'V3')}::bigint
        when growth >= 1000 then ${levelOf(shape, 'V2')}::bigint else ${levelOf(shape, 'V1')}::bigint end,
      growth,
      case when ${pickSql('i', 16, 100)} < 15 then array[${tag(17)}]
        when ${pickSql('i', 16, 100)} < 25 then array[${tag(17)}, ${tag(18)}] end,
      (${bigintArray(shape.centreIds)})[k],
      case when petrol then 'petrol' else 'standard' end,
      case when petrol then (${textArray(PLATE_PROVINCES)})[1 + ${pickSql('i', 21, PLATE_PROVINCES.length)}]
        || substr('ABCDEFGH', 1 + ${pickSql('i', 22, 8)}::int, 1) || lpad(${pickSql('i', 23, 100000)}::text, 5, '0') end,
      case when petrol then ${weightedSql('i', 24, [
        [55, "'G92'"],
        [85, "'G95'"],
        [90, "'G98'"],
        [100, "'D0'"],
      ])} end,
      case when petrol and ${pickSql('i', 25, 10)} = 0 then (${textArray(FLEETS)})[1 + ${pickSql('i', 26, FLEETS.length)}] end,
      ${weightedSql('i', 27, [
        [94, "'using'"],
        [96, "'blocked'"],
        [99, "'unactivated'"],
        [100, "'canceled'"],
      ])}
    from (
      select i, 1 + ${pickSql('i', 11, stores)}::int as k, ${registeredAtSql('i', shape)} as reg,
        floor(power(${unitSql('i', 15)}, 3) * 30000)::int as growth, ${pickSql('i', 20, 100)} < 20 as petrol
      from generate_series(${lo}::bigint, ${hi}::bigint) as g(i)
    ) m`;
}

/** The next free id of an identity column: above both its sequence and the table's rows. */
export async function idBase(client: pg.PoolClient, table: string): Promise<number> {
  const result = await client.query<{ base: number }>(
    `select greatest(
      (select coalesce(max(id), 0) from ${table}),
      (select coalesce(last_value, 0) from pg_sequences where sequencename = $1)) as base`,
    [`${table}_id_seq`],
  );
  return Number(result.rows[0].base);
}

/** Moves the identity sequence of `table` to at least `to` (after rows were inserted with explicit ids). */
export async function advanceSequence(client: pg.PoolClient, table: string, to: number): Promise<void> {
  await client.query(`select setval(pg_get_serial_sequence($1, 'id'), greatest($2::bigint, (select coalesce(max(id), 1) from ${table})))`, [
    table,
    to,
  ]);
}

/** Ids of the first `limit` members in use of a tenant, by id (the benchmarks' customers). */
export async function membersInUse(pool: pg.Pool, tenantId: number, limit: number): Promise<number[]> {
  const result = await pool.query<{ id: string }>(`select id from members where tenant_id = $1 and state = 'using' order by id limit $2`, [
    tenantId,
    limit,
  ]);
  return result.rows.map((r) => Number(r.id));
}
