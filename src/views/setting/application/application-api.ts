/**
 * Typed calls of an application's keys (server/modules/applications/applications.routes.ts).
 * Requests and answers take their types from the OpenAPI document (resources/contract/api.types.ts).
 */
import { typedGet, typedPost } from '../../../../providers/http';
import type { ApiData } from '../../../../resources/contract/api.types';

/** A key as the list shows it: its prefix and life, never the key. */
export type ApplicationKey = ApiData<'get', '/v1/application/keys'>[number];

/** A key just issued: the key itself, this once. */
export type IssuedKey = ApiData<'post', '/v1/application/issueKey'>;

export function applicationKeys(id: number): Promise<ApplicationKey[]> {
  return typedGet('/v1/application/keys', { params: { id } });
}

export function issueApplicationKey(id: number, overlapHours: number): Promise<IssuedKey> {
  return typedPost('/v1/application/issueKey', { params: { id }, data: { overlapHours } });
}

export function revokeApplicationKey(id: number, prefix: string): Promise<unknown> {
  return typedPost('/v1/application/revokeKey', { params: { id }, data: { prefix } });
}

/** The webhook's signing secret as the detail shows it: set or not, since when; never the secret. */
export type WebhookState = ApiData<'get', '/v1/application/webhook'>;

export function applicationWebhook(id: number): Promise<WebhookState> {
  return typedGet('/v1/application/webhook', { params: { id } });
}

/** A new signing secret, answered this once. */
export function rotateWebhookSecret(id: number): Promise<ApiData<'post', '/v1/application/rotateWebhookSecret'>> {
  return typedPost('/v1/application/rotateWebhookSecret', { params: { id } });
}
