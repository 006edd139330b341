import { applicationResource } from '../../../resources/setting/application.resource';
import { WEBHOOK_EVENTS } from '../../../resources/setting/webhook-events';
import { operationIdOf, resourceTags } from '../../crud/crud.openapi';
import { answers, nullable, objectOf, wire, type ErrorAnswerName, type JsonSchema, type RouteDocs } from '../../http/openapi.schemas';

/**
 * The OpenAPI description of an application's webhook (webhooks.routes.ts): the signing secret
 * and resending a delivery; operation ids `application.<operation>`, the settings group's tag.
 * The scheme a receiver checks is written out once, in `SIGNATURE_SCHEME`.
 */

/** How a receiver reads and checks a delivery (also in server/modules/webhooks/README.md). */
export const SIGNATURE_SCHEME = [
  'Each event the application subscribes to is POSTed to its webhook URL as JSON `{id, type, occurredAt, data}`',
  `(type one of ${Object.keys(WEBHOOK_EVENTS).join(', ')}; amounts in data as decimal text) with the headers`,
  '`Webhook-Id` (the event id: the same on every attempt and resend, de-duplicate by it),',
  '`Webhook-Timestamp` (Unix seconds of the attempt) and `Webhook-Signature`: `v1=` and the hex HMAC-SHA-256,',
  'keyed by the signing secret, of the timestamp, a full stop and the raw body (`<timestamp>.<body>`);',
  'for a day after a rotation a second `v1=` signature (space-separated) is made with the previous secret.',
  'Accept when one signature matches (compare in constant time) and the timestamp is within a few minutes.',
  'Any 2xx answer is success; anything else, or no answer within 10 s, is retried with a doubling wait for a day.',
  'Events of one member reach a webhook in the order they happened: a later one waits until the earlier one succeeded or was given up.',
].join(' ');

const tags = resourceTags(applicationResource);

const doc = (name: string, summary: string, description: string, data: JsonSchema, ...errors: ErrorAnswerName[]): RouteDocs => ({
  operationId: operationIdOf(applicationResource, name),
  tags,
  summary,
  description,
  response: answers(data, 'badInput', 'forbidden', 'notFound', ...errors),
});

export const webhookDocs = {
  webhook: doc(
    'webhook',
    'The application’s webhook secret: whether one is set, since when (never the secret)',
    SIGNATURE_SCHEME,
    objectOf({
      secretSet: { type: 'boolean', description: 'Deliveries are written only once a secret is set' },
      secretCreatedAt: nullable(wire.dateTime),
      previousUntil: nullable({ ...wire.dateTime, description: 'Until then the previous secret signs too' }),
    }),
  ),
  rotateWebhookSecret: doc(
    'rotateWebhookSecret',
    'Issue a new signing secret; answers it this once. The previous one signs too for a day',
    SIGNATURE_SCHEME,
    objectOf({ secret: { type: 'string', description: 'The signing secret (whsec_…), shown this once' } }),
  ),
  resendDelivery: doc(
    'resendDelivery',
    'Send a delivery again (its event id unchanged), retried for a day from now',
    'The delivery goes back to PENDING and is attempted at once, before later events of its member to this application.',
    objectOf({ resent: { type: 'boolean' } }),
  ),
};
