import { sql } from 'drizzle-orm';
import { codeReconciliationView } from '../../../../resources/promotion/code-reconciliation.query-view';
import { defineViewSource } from '../../../crud/query-view.source';

/**
 * The source of a reconciliation's rows (resources/promotion/code-reconciliation.query-view.ts):
 * the rows written when the partner's statement was imported (reconciliation.import.ts), our
 * store named by its name; grouped by statement (named by its number and file) and by category.
 */
export const codeReconciliationSource = defineViewSource({
  view: codeReconciliationView,
  from: sql`code_reconciliation_rows r
    join code_reconciliations rc on rc.tenant_id = r.tenant_id and rc.id = r.reconciliation_id
    left join stores st on st.tenant_id = r.tenant_id and st.id = r.our_store_id`,
  scope: (actor) => sql`r.tenant_id = ${actor.tenantId}`,
  columns: {
    id: sql`r.id`,
    activityId: sql`r.activity_id`,
    reconciliationId: sql`r.reconciliation_id`,
    category: sql`r.category`,
    difference: sql`r.difference`,
    code: sql`r.code`,
    partnerRow: sql`r.partner_row`,
    partnerRedeemedAt: sql`r.partner_redeemed_at`,
    partnerStore: sql`r.partner_store`,
    partnerAmount: sql`r.partner_amount`,
    ourState: sql`r.our_state`,
    ourRedeemedAt: sql`r.our_redeemed_at`,
    ourStore: sql`st.name`,
    ourAmount: sql`r.our_amount`,
  },
  filters: {
    keyword: { prefix: [sql`r.code`] },
  },
  measures: {
    rows: sql`count(*)`,
    matched: sql`count(*) filter (where r.category = 'MATCHED')`,
    different: sql`count(*) filter (where r.category = 'DIFFERENT')`,
    partnerOnly: sql`count(*) filter (where r.category = 'PARTNER_ONLY')`,
    oursOnly: sql`count(*) filter (where r.category = 'OURS_ONLY')`,
    partnerAmount: sql`coalesce(sum(r.partner_amount), 0)`,
    ourAmount: sql`coalesce(sum(r.our_amount) filter (where r.our_state = 'USED'), 0)`,
  },
  dimensions: {
    reconciliationId: sql`r.reconciliation_id`,
    category: sql`r.category`,
  },
  dimensionTitles: {
    reconciliationId: sql`'#' || rc.id || ' ' || rc.file_name`,
  },
});
