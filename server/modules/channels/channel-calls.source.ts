import { sql } from 'drizzle-orm';
import { channelCallsView } from '../../../resources/setting/channel-calls.query-view';
import { defineViewSource } from '../../crud/query-view.source';

/**
 * The source of the channel call log (resources/setting/channel-calls.query-view.ts): the rows
 * the gateway writes (channel-gateway.ts), newest first, with the name of the user who asked.
 */
export const channelCallsSource = defineViewSource({
  view: channelCallsView,
  from: sql`channel_calls c left join users u on u.tenant_id = c.tenant_id and u.id = c.user_id`,
  scope: (actor) => sql`c.tenant_id = ${actor.tenantId}`,
  columns: {
    id: sql`c.id`,
    calledAt: sql`c.called_at`,
    channel: sql`c.channel`,
    operation: sql`c.operation`,
    outcome: sql`c.outcome`,
    errorCode: sql`c.error_code`,
    errorMessage: sql`c.error_message`,
    userName: sql`u.name`,
    durationMs: sql`c.duration_ms`,
  },
  filters: { operation: { prefix: [sql`c.operation`, sql`c.error_code`], contains: [sql`c.operation`] } },
  measures: {
    calls: sql`count(*)`,
    failed: sql`count(*) filter (where c.outcome = 'FAILED')`,
  },
  dimensions: { channel: sql`c.channel` },
});
