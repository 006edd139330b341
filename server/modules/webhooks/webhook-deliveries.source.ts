import { sql } from 'drizzle-orm';
import { webhookDeliveriesView } from '../../../resources/setting/webhook-deliveries.query-view';
import { defineViewSource } from '../../crud/query-view.source';

/**
 * The source of an application's deliveries (resources/setting/webhook-deliveries.query-view.ts):
 * the outbox rows, newest first by `webhook_deliveries_application_idx`.
 */
export const webhookDeliveriesSource = defineViewSource({
  view: webhookDeliveriesView,
  from: sql`webhook_deliveries d`,
  scope: (actor) => sql`d.tenant_id = ${actor.tenantId}`,
  columns: {
    id: sql`d.id`,
    applicationId: sql`d.application_id`,
    occurredAt: sql`d.occurred_at`,
    event: sql`d.event`,
    eventId: sql`d.event_id::text`,
    state: sql`d.state`,
    attempts: sql`d.attempts`,
    lastStatus: sql`d.last_status`,
    lastError: sql`d.last_error`,
    lastAttemptAt: sql`d.last_attempt_at`,
    nextAt: sql`case when d.state = 'PENDING' then d.next_at end`,
  },
  filters: {},
  measures: {
    deliveries: sql`count(*)`,
    failed: sql`count(*) filter (where d.state = 'FAILED')`,
  },
});
