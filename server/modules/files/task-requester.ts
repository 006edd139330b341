import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { PermissionEntry } from '../../../resources/catalog/types';
import { isLocale, type Locale } from '../../../resources/messages/bilingual';
import type { AuthContext } from '../../http/auth-types';
import type { RequestContext } from '../../http/request-context';

/**
 * Who asked for a task and in which context, saved with the task so the job can run later, in
 * any API process, exactly as the request would have: same tenant, user, grants, marketing
 * centre, language and time zone.
 */
export interface TaskRequester {
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

/**
 * A stand-in for the original request, for the engine's scope and server hooks, which read the
 * caller from `request.auth` and the context from `request.ctx`. It carries nothing else (no
 * body, headers or reply): a hook that needs more than the caller and the context cannot run in
 * a background job, and fails loudly rather than reading someone else's data.
 */
export function jobRequest(args: { requester: TaskRequester; log: FastifyBaseLogger }): FastifyRequest {
  const { requester } = args;
  const auth: AuthContext = {
    tenantId: requester.tenantId,
    userId: requester.userId,
    login: requester.login,
    name: requester.name,
    grants: requester.grants,
    marketingCenterIds: requester.marketingCenterIds,
    sessionTokenHash: '',
  };
  const ctx: RequestContext = {
    traceId: requester.traceId,
    locale: requester.locale,
    marketingCenter: requester.marketingCenter,
    timeZone: requester.timeZone,
  };
  return { auth, ctx, log: args.log, headers: {}, query: {}, params: {}, body: undefined } as unknown as FastifyRequest;
}
