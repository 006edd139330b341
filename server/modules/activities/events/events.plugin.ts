import type { FastifyInstance } from 'fastify';
import { describeRoute } from '../../../http/openapi.schemas';
import { authOf } from '../../auth/access.hook';
import { idempotentReply } from '../../idempotency/idempotency.service';
import { SALES_INTEGRATION } from '../../points/points.routes';
import { BIRTHDAY_CRON, BIRTHDAY_JOB, runBirthdayGifts } from './birthday.job';
import { exchangePoints, type ExchangeInput } from './exchange.service';
import { exchangeDocs } from './events.openapi';

/**
 * Server module `activity-events`: the points exchange route and, with a queue, the hourly
 * birthday-gift job. Registration, activation and level-change gifts fire from where those
 * happen (member.hooks.ts, level-change.ts).
 */

const exchangeSchema = {
  body: {
    type: 'object',
    required: ['requestNo', 'activityId', 'memberId'],
    additionalProperties: false,
    properties: {
      requestNo: { type: 'string', minLength: 1, maxLength: 64 },
      activityId: { type: 'integer', minimum: 1 },
      memberId: { type: 'integer', minimum: 1 },
      quantity: { type: 'integer', minimum: 1, maximum: 100 },
      storeId: { type: ['integer', 'null'], minimum: 1 },
    },
  },
} as const;

export async function activityEventsPlugin(app: FastifyInstance): Promise<void> {
  app.post<{ Body: ExchangeInput }>(
    '/v1/activities/exchange',
    // Tills and member apps exchange with the integration account, as they spend points.
    { schema: describeRoute(exchangeSchema, exchangeDocs), config: { requires: SALES_INTEGRATION } },
    async (request, reply) => {
      const auth = authOf(request);
      const result = await exchangePoints({
        db: app.database.db,
        tenantId: auth.tenantId,
        operatorId: auth.userId,
        now: app.clock(),
        exchange: request.body,
      });
      return idempotentReply(reply, result);
    },
  );

  const jobs = app.jobs;
  if (!jobs) return;
  await jobs.work(BIRTHDAY_JOB, async () => {
    const results = await runBirthdayGifts({
      db: app.database.db,
      now: app.clock(),
      log: (info) => app.log.warn(info, 'birthday gift not given'),
    });
    for (const result of results) if (result.given > 0) app.log.info(result, 'birthday gifts given');
  });
  await jobs.schedule(BIRTHDAY_JOB, BIRTHDAY_CRON);
}
