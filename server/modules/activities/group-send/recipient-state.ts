import { sql, type SQL } from 'drizzle-orm';

/**
 * Where a run's recipient stands (README.md "Rules"). A recipient row is PENDING until served, then
 * ISSUED or SKIPPED, written in the transaction that serves it; except the recipients of a push
 * plan that gives nothing, which are served in member order by their messages alone (the rows of
 * `push_deliveries`, ../push-plans/) and whose rows are not written again: the run's
 * `served_through` says up to which member they are served. Every reader of a recipient's result
 * reads it through these.
 */

/**
 * A recipient's result as the run's readers show it (`p` a recipient row, `r` its run). A push
 * plan that gives nothing serves its recipients in member order by their messages alone and
 * leaves their rows PENDING (`group-send.serve.ts` `serveMessagesOnly`): those up to the run's
 * `served_through` are served, ISSUED (given nothing). For the other runs, the row's own result.
 */
export const recipientResult = (p: SQL, r: SQL): SQL =>
  sql`(case when ${p}.result = 'PENDING' and ${p}.member_id <= coalesce(${r}.served_through, 0) then 'ISSUED' else ${p}.result end)`;

/** Whether a recipient (`p`) of a run (`r`) is still to be served (see {@link recipientResult}). */
export const stillPending = (p: SQL, r: SQL): SQL => sql`(${p}.result = 'PENDING' and ${p}.member_id > coalesce(${r}.served_through, 0))`;

/** A select of one row counting a run's (`r`) recipients by result: `pending`, `issued`, `skipped` (see {@link recipientResult}). */
export const recipientCounts = (r: SQL): SQL => sql`select count(*) filter (where ${stillPending(sql`p`, r)}) as pending,
    count(*) filter (where ${recipientResult(sql`p`, r)} = 'ISSUED') as issued,
    count(*) filter (where p.result = 'SKIPPED') as skipped
  from group_send_recipients p where p.tenant_id = ${r}.tenant_id and p.run_id = ${r}.id`;

/** When a recipient (`p`) of a run (`r`) was served: its row's time, or that of its messages when served by them alone. */
export const recipientServedAt = (p: SQL, r: SQL): SQL => sql`coalesce(${p}.served_at, case when ${p}.result = 'PENDING'
    and ${p}.member_id <= coalesce(${r}.served_through, 0) then (select min(d.created_at) from push_deliveries d
      where d.tenant_id = ${p}.tenant_id and d.run_id = ${p}.run_id and d.member_id = ${p}.member_id) end)`;
