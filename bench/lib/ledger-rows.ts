import { pickSql } from './sql-random';
import { registeredAtSql, type MemberShape } from './member-rows';

/**
 * The set-based load of the points ledger (points.schema.ts), consistent with its invariants:
 *
 * - Entries are spread over members with a skew: members are ranked by activity (rank `r`,
 *   member index `1 + r·A mod N`, a bijection, so activity is not tied to registration order)
 *   and rank `r` owns entries `J(r) .. J(r+1)-1` with `J(r) = floor(M · (r/N)³)`. The total is
 *   exactly M; about a fifth of members have no entry, the most active have about 3·M/N.
 * - A member's entries, in id order: every 5th is a `spend` (source `exchange`) of half the 4
 *   earns before it, the others are `earn`s (source `transaction`) of 1..300 points, so the
 *   balance never goes below zero; `balance_after` is the running sum; times run from the
 *   member's registration to the anchor.
 * - Every earn has its lot (as postPoints writes them). Spends consumed lots oldest first, so a
 *   lot keeps `clamp(earned through it − member's total spent, 0, its points)`; the lots of a
 *   member sum to the balance. Nothing expires (the tenant keeps the default `never` policy).
 * - One account per member with entries: balance = sum of deltas, total earned / spent.
 *
 * Entry ids are `idBase + j + 1` for entry index j, reserved by the caller; lots use the same.
 * A chunk is a range of ranks, so a member's entries (and their window sums) never straddle two.
 */

/** What a ledger chunk needs. */
export interface LedgerShape extends Pick<MemberShape, 'tenantId' | 'members' | 'anchor' | 'storeIds'> {
  readonly entries: number;
  readonly memberIdBase: number;
  readonly entryIdBase: number;
  /** Multiplier of the rank → member bijection; coprime with `members`. */
  readonly spread: number;
}

/** The greatest common divisor. */
function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** A multiplier near 7 368 787 that is coprime with n, for the rank → member bijection. */
export function spreadFor(n: number): number {
  let a = 7_368_787 % Math.max(n, 2) || 1;
  while (gcd(a, n) !== 1) a += 1;
  return a;
}

/** First entry index owned by rank `r` (SQL). */
function firstEntrySql(r: string, shape: LedgerShape): string {
  return `floor(${shape.entries}::float8 * power((${r})::float8 / ${shape.members}, 3))::bigint`;
}

/** Points of the earn at position `pos` of member `i` (SQL): 1..300. */
function earnSql(i: string, pos: string): string {
  return `(1 + ${pickSql(`(${i}) * 1000003 + (${pos})`, 30, 300)})`;
}

/** One statement loading the entries, lots and accounts of ranks r0..r1-1. */
export function ledgerInsertSql(shape: LedgerShape, r0: number, r1: number): string {
  const t = shape.tenantId;
  const stores = `array[${shape.storeIds.join(',')}]::bigint[]`;
  const spend = `-((${[1, 2, 3, 4].map((b) => earnSql('i', `pos - ${b}`)).join(' + ')}) / 2)`;
  return `with ranks as (
      select 1 + (r * ${shape.spread}) % ${shape.members} as i, ${firstEntrySql('r', shape)} as j0, ${firstEntrySql('r + 1', shape)} as j1
      from generate_series(${r0}::bigint, ${r1 - 1}::bigint) as g(r)
    ), raw as (
      select k.i, k.j0 + p as j, p as pos, k.j1 - k.j0 as cnt, ${registeredAtSql('k.i', shape)} as reg
      from ranks k cross join lateral generate_series(0::bigint, k.j1 - k.j0 - 1) as s(p)
    ), d as (
      select i, j, pos, cnt, reg, case when pos % 5 = 4 then ${spend} else ${earnSql('i', 'pos')} end as delta from raw
    ), e as materialized (
      select i, j, pos, cnt, reg, delta,
        sum(delta) over w as balance_after,
        sum(greatest(delta, 0)) over w as earned_through,
        sum(greatest(-delta, 0)) over (partition by i) as spent_total
      from d window w as (partition by i order by pos rows unbounded preceding)
    ), entries as (
      insert into points_entries (tenant_id, id, member_id, delta, balance_after, kind, source_type, source_id, store_id, occurred_at)
      overriding system value
      select ${t}, ${shape.entryIdBase} + j + 1, ${shape.memberIdBase} + i, delta, balance_after,
        case when delta > 0 then 'earn' else 'spend' end,
        case when delta > 0 then 'transaction' else 'exchange' end,
        case when delta > 0 then 'HIS' else 'EXC' end || lpad(j::text, 10, '0'),
        (${stores})[1 + ${pickSql('j', 31, shape.storeIds.length)}::int],
        reg + (${`'${shape.anchor}'`}::timestamptz - reg) * ((pos + 1)::float8 / (cnt + 1))
      from e
    ), lots as (
      insert into points_lots (tenant_id, entry_id, member_id, remaining, expires_at)
      select ${t}, ${shape.entryIdBase} + j + 1, ${shape.memberIdBase} + i, greatest(0, least(delta, earned_through - spent_total)), null
      from e where delta > 0
    )
    insert into points_accounts (tenant_id, member_id, balance, total_earned, total_spent, entry_count, updated_at)
    select ${t}, ${shape.memberIdBase} + i, sum(delta), sum(greatest(delta, 0)), sum(greatest(-delta, 0)), count(*), ${`'${shape.anchor}'`}::timestamptz
    from e group by i`;
}
