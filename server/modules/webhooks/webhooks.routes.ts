import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sealSecret } from '../../crud/secret-box';
import { formatDateTime } from '../../crud/zoned-time';
import { notFound, ok } from '../../http/envelope';
import { describeRoute } from '../../http/openapi.schemas';
import { APPLICATION_READ, APPLICATION_WRITE } from '../../../resources/setting/application-access';
import { findApplication } from '../applications/application-keys.store';
import { idQuery } from '../applications/applications.openapi';
import { authOf } from '../auth/access.hook';
import { OUTBOX_CHANNEL } from './outbox';
import { webhookDocs } from './webhooks.openapi';

/** How long the previous secret still signs after a rotation. */
const PREVIOUS_SECRET_HOURS = 24;

/**
 * An application's webhook besides its declared URL and events: the signing secret (state,
 * rotation answered once) and resending one delivery. The grants are the application's own.
 */
export async function webhooksRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const existing = async (tenantId: number, id: number) => {
    if (!(await findApplication({ db, tenantId, id }))) throw notFound();
  };

  app.get<{ Querystring: { id: number } }>(
    '/v1/application/webhook',
    { schema: describeRoute({ querystring: idQuery }, webhookDocs.webhook), config: { requires: APPLICATION_READ } },
    async (request) => {
      const { tenantId } = authOf(request);
      await existing(tenantId, request.query.id);
      const { rows } = await db.execute<{ created_at: Date; previous_until: Date | null }>(sql`select created_at,
          case when previous_until > now() then previous_until end as previous_until
        from webhook_secrets where tenant_id = ${tenantId} and application_id = ${request.query.id}`);
      const zone = request.ctx.timeZone;
      const row = rows[0];
      return ok({
        secretSet: row !== undefined,
        secretCreatedAt: formatDateTime(row ? new Date(row.created_at) : null, zone),
        previousUntil: formatDateTime(row?.previous_until ? new Date(row.previous_until) : null, zone),
      });
    },
  );

  app.post<{ Querystring: { id: number } }>(
    '/v1/application/rotateWebhookSecret',
    { schema: describeRoute({ querystring: idQuery }, webhookDocs.rotateWebhookSecret), config: { requires: APPLICATION_WRITE } },
    async (request) => {
      const { tenantId, userId } = authOf(request);
      await existing(tenantId, request.query.id);
      const secret = `whsec_${randomBytes(32).toString('base64url')}`;
      await db.execute(sql`insert into webhook_secrets (tenant_id, application_id, sealed, created_by)
        values (${tenantId}, ${request.query.id}, ${sealSecret(secret)}, ${userId})
        on conflict (tenant_id, application_id) do update set sealed = excluded.sealed, created_by = excluded.created_by,
          created_at = now(), previous_sealed = webhook_secrets.sealed,
          previous_until = now() + make_interval(hours => ${PREVIOUS_SECRET_HOURS})`);
      return ok({ secret });
    },
  );

  app.post<{ Querystring: { id: number } }>(
    '/v1/application/resendDelivery',
    { schema: describeRoute({ querystring: idQuery }, webhookDocs.resendDelivery), config: { requires: APPLICATION_WRITE } },
    async (request) => {
      const { tenantId } = authOf(request);
      // The deliverers hear of it at commit, as of a new event.
      const { rows } = await db.execute(sql`with resent as (
          update webhook_deliveries set state = 'PENDING', next_at = now(), give_up_at = now() + interval '1 day'
          where tenant_id = ${tenantId} and id = ${request.query.id} returning 1
        ) select pg_notify(${OUTBOX_CHANNEL}, '') from resent`);
      if (rows.length === 0) throw notFound();
      return ok({ resent: true });
    },
  );
}
