import { defineDomain } from '../domain-manifest';
import { deliveryWorker } from './delivery.job';
import { timeEventsWorker } from './time-events.job';
import { webhookDeliveriesSource } from './webhook-deliveries.source';
import { webhooksRoutes } from './webhooks.routes';

/**
 * Signed webhooks of applications (issue 31 §2): the outbox other modules write in their
 * transactions (`outbox.ts`), the deliverer on the job queue, the signing secret and resend
 * routes, the deliveries view. README.md beside this file.
 */
export const webhooksDomain = defineDomain({
  name: 'webhooks',
  plugins: [
    { name: 'webhooks', plugin: webhooksRoutes },
    { name: 'webhooks-delivery', plugin: deliveryWorker },
    { name: 'webhooks-time-events', plugin: timeEventsWorker },
  ],
  views: [webhookDeliveriesSource],
});
