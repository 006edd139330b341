import { sql } from 'drizzle-orm';
import { applicationCallsView } from '../../../resources/setting/application-calls.query-view';
import { defineViewSource } from '../../crud/query-view.source';

/**
 * The source of an application's calls (resources/setting/application-calls.query-view.ts): the
 * rows server/modules/auth/application-calls.log.ts writes, served newest first by
 * `application_calls_application_idx`.
 */
export const applicationCallsSource = defineViewSource({
  view: applicationCallsView,
  from: sql`application_calls c`,
  scope: (actor) => sql`c.tenant_id = ${actor.tenantId}`,
  columns: {
    id: sql`c.id`,
    applicationId: sql`c.application_id`,
    calledAt: sql`c.called_at`,
    keyPrefix: sql`c.key_prefix`,
    method: sql`c.method`,
    operation: sql`c.operation`,
    status: sql`c.status`,
    durationMs: sql`c.duration_ms`,
  },
  filters: { keyPrefix: { prefix: [sql`c.key_prefix`], contains: [sql`c.operation`] } },
  measures: {
    calls: sql`count(*)`,
    refused: sql`count(*) filter (where c.status >= 400)`,
  },
});
