import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatInstant } from '../../crud/zoned-time';
import type { Db } from '../../db/connection';
import { evaluateMember, evaluationRuleOf } from './level-evaluation';

/**
 * The monthly level evaluation (level-valuate-rule `mode: MONTHLY`): a pg-boss job scheduled
 * every hour (`LEVEL_EVALUATION_CRON`); each run evaluates the tenants whose evaluation day has
 * come in their own time zone (`tenants.time_zone`) and that have not been evaluated for that
 * month yet (`level_evaluation_runs`, one row per tenant and month). A run that was missed (the
 * console was stopped on that day) is made up the next time the job runs in the same month.
 * Each member is evaluated in its own transaction (rises and, as the rule allows, drops; cause
 * `evaluation`), so one long tenant never holds locks for long.
 */

export const LEVEL_EVALUATION_JOB = 'levels.monthly-evaluation';
export const LEVEL_EVALUATION_CRON = '5 * * * *';

export interface EvaluationRunResult {
  readonly tenantId: number;
  readonly period: string;
  readonly evaluated: number;
  readonly changed: number;
}

/** Evaluates every tenant whose monthly evaluation is due at `now`. */
export async function runMonthlyEvaluation(args: { db: Db; now?: Date; tenantId?: number }): Promise<EvaluationRunResult[]> {
  const { db } = args;
  const now = args.now ?? new Date();
  const tenants = await db.execute<{ tenant_id: number; time_zone: string; monthly_day: number }>(sql`
    select r.tenant_id, t.time_zone, r.monthly_day from level_valuate_rules r join tenants t on t.id = r.tenant_id
    where r.mode = 'MONTHLY' ${args.tenantId === undefined ? sql`` : sql`and r.tenant_id = ${args.tenantId}`}
    order by r.tenant_id`);
  const results: EvaluationRunResult[] = [];
  for (const tenant of tenants.rows) {
    const tenantId = Number(tenant.tenant_id);
    const local = formatInstant(now, tenant.time_zone);
    const period = local.slice(0, 7);
    if (Number(local.slice(8, 10)) < Number(tenant.monthly_day ?? 1)) continue;
    const done = await db.execute(sql`select 1 from level_evaluation_runs where tenant_id = ${tenantId} and period = ${period}`);
    if (done.rows.length > 0) continue;
    results.push(await evaluateTenant({ db, tenantId, period, now }));
  }
  return results;
}

async function evaluateTenant(args: { db: Db; tenantId: number; period: string; now: Date }): Promise<EvaluationRunResult> {
  const { db, tenantId, period, now } = args;
  const rule = await evaluationRuleOf(db, tenantId);
  let evaluated = 0;
  let changed = 0;
  let after = 0;
  for (;;) {
    // Members on a free level or none, by id (paid and special levels are not evaluated).
    const page = await db.execute<{ id: number }>(sql`select m.id from members m
      left join member_levels l on l.tenant_id = m.tenant_id and l.id = m.level
      where m.tenant_id = ${tenantId} and m.id > ${after} and (m.level is null or l.level_type = 'FREE')
      order by m.id limit 500`);
    if (page.rows.length === 0) break;
    for (const { id } of page.rows) {
      const change = await db.transaction((tx) =>
        evaluateMember({ tx, tenantId, memberId: Number(id), rule, cause: 'evaluation', sourceRef: `evaluation:${period}`, now }),
      );
      evaluated += 1;
      if (change?.changed) changed += 1;
      after = Number(id);
    }
  }
  await db.execute(sql`insert into level_evaluation_runs (tenant_id, period, evaluated, changed, ran_at)
    values (${tenantId}, ${period}, ${evaluated}, ${changed}, ${now}) on conflict do nothing`);
  return { tenantId, period, evaluated, changed };
}

/** Server module `levels`: with a queue, works on the evaluation job and schedules it. */
export async function levelsPlugin(app: FastifyInstance): Promise<void> {
  const jobs = app.jobs;
  if (!jobs) return;
  await jobs.work(LEVEL_EVALUATION_JOB, async () => {
    const results = await runMonthlyEvaluation({ db: app.database.db });
    for (const result of results) app.log.info(result, 'monthly level evaluation');
  });
  await jobs.schedule(LEVEL_EVALUATION_JOB, LEVEL_EVALUATION_CRON);
}
