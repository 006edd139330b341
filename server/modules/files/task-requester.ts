import type { FastifyRequest } from 'fastify';
import type { PermissionEntry } from '../../../resources/catalog/types';
import { isLocale, type Locale } from '../../../resources/messages/bilingual';
import type { Actor } from '../../crud/actor';

/**
 * Who asked for a task and in which context, saved with the task so the job can run later, in
 * any API process, exactly as the request would have: same tenant, user, grants, marketing
 * centre, language and time zone. It is the engine's actor of the job (crud/actor.ts): the job
 * hands it to the engine's operations as it is, with no stand-in request.
 */
export interface TaskRequester extends Actor {
  readonly tenantId: number;
  readonly userId: number;
  readonly login: string;
  readonly name: string;
  readonly grants: readonly PermissionEntry[];
  readonly marketingCenterIds: readonly number[] | null;
  readonly locale: Locale;
  readonly timeZone: string;
  readonly marketingCenter: number | null;
  readonly traceId: string;
}

/** The requester of a request (the access hook has already checked grants and centre). */
export function requesterOf(request: FastifyRequest): TaskRequester {
  const auth = request.auth;
  if (!auth) throw new Error('requesterOf needs a signed-in request');
  return {
    tenantId: auth.tenantId,
    userId: auth.userId,
    login: auth.login,
    name: auth.name,
    grants: auth.grants,
    marketingCenterIds: auth.marketingCenterIds,
    locale: request.ctx.locale,
    timeZone: request.ctx.timeZone,
    marketingCenter: request.ctx.marketingCenter,
    traceId: request.ctx.traceId,
  };
}

/** Reads a requester back from a task's stored params (JSON), defaulting what is missing. */
export function readRequester(value: unknown): TaskRequester {
  const r = value as Partial<TaskRequester>;
  return {
    tenantId: Number(r.tenantId),
    userId: Number(r.userId),
    login: String(r.login ?? ''),
    name: String(r.name ?? ''),
    grants: Array.isArray(r.grants) ? r.grants : [],
    marketingCenterIds: Array.isArray(r.marketingCenterIds) ? r.marketingCenterIds : null,
    locale: isLocale(r.locale) ? r.locale : 'zh_CN',
    timeZone: typeof r.timeZone === 'string' ? r.timeZone : 'Asia/Shanghai',
    marketingCenter: typeof r.marketingCenter === 'number' ? r.marketingCenter : null,
    traceId: String(r.traceId ?? ''),
  };
}
