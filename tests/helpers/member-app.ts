import type { FastifyInstance } from 'fastify';
import type { EnumField } from '../../resources/define';
import { applicationResource, grantOf } from '../../resources/setting/application.resource';
import { okData } from './coupon-fixtures';
import type { ApiClient } from './fixtures';

/**
 * A member app's server as the API sees it (a mini program, the merchant's app): an application
 * with the integration grant tills and member apps call with (`交易接入` configure), and its calls
 * made with the application's key, no cookie, no console header.
 */

/** The application grant whose resource ends with `resource` and whose action is `action`. */
export function applicationGrant(resource: string, action: string): string {
  const options = Object.keys((applicationResource.fields.grants as EnumField).options);
  const found = options.find((value) => grantOf(value).resourceId.endsWith(resource) && grantOf(value).action === action);
  if (!found) throw new Error(`no grant ${resource} ${action}`);
  return found;
}

export interface AppAnswer {
  readonly status: number;
  readonly body: { code: number; msg: string; data: any };
}

/** A member app registered by `admin`: `call(url, body)` posts as it does. */
export async function memberApp(
  app: FastifyInstance,
  admin: ApiClient,
  name = 'Member mini program',
): Promise<(url: string, body: object) => Promise<AppAnswer>> {
  const created = await okData<{ id: number }>(
    admin.post('/v1/application/saveNew', {
      body: { name, kind: 'MINI_PROGRAM', stores: [], grants: [applicationGrant('交易接入', 'configure')] },
    }),
  );
  const key = (await okData<{ key: string }>(admin.post('/v1/application/issueKey', { query: { id: created.id }, body: {} }))).key;
  return async (url, body) => {
    const response = await app.inject({
      method: 'POST',
      url: `/loyalty${url}`,
      headers: { 'x-api-key': key, locale: 'en_US' },
      payload: body,
    });
    return { status: response.statusCode, body: response.json() };
  };
}
