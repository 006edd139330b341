import type { FastifyRequest } from 'fastify';
import type { PermissionEntry } from '../../resources/catalog/types';
import { DEFAULT_LOCALE, type Locale } from '../../resources/messages/bilingual';
import { unauthenticated } from '../http/envelope';
import { requestInstant } from './state-timeline';

/**
 * Who an engine operation works for, and in which context: the tenant, the user (null for the
 * server itself, a job acting on its own account), the user's grants and centres, the centre
 * chosen for the call, the language of messages and the time zone of dates. Engine operations
 * (crud.operations.ts, settings.operations.ts, queries, state actions) take an actor and a
 * database handle or transaction, never a Fastify request: the HTTP routes build the actor from
 * the request ({@link actorOf}), a job from what it stored when the task was asked for.
 */
export interface Actor {
  readonly tenantId: number;
  /** The user acting; null when the server acts on its own (a batch run finishing). */
  readonly userId: number | null;
  /** The union of the permissions of the user's roles (empty for the server itself). */
  readonly grants: readonly PermissionEntry[];
  /** Marketing centres the user may work in; null = all of the tenant's. */
  readonly marketingCenterIds: readonly number[] | null;
  /** An application's stores (issue 31): only those and their records; absent or null = every store. */
  readonly storeIds?: readonly number[] | null;
  /** The call came with an application's key (a tag put on by it records the source API). */
  readonly viaApplication?: boolean;
  /** The centre the call works in (the `marketingCenter` header), or null when none is chosen. */
  readonly marketingCenter: number | null;
  readonly locale: Locale;
  /** IANA zone of day boundaries and of the instants written in answers and messages. */
  readonly timeZone: string;
  /**
   * The instant the operation works at (states that follow time compare with it): a request's is
   * taken once from the server's clock; absent (a job), the system clock when the scope is made.
   */
  readonly now?: Date;
}

/** The actor of a signed-in request (the access hook has already checked grants and centre). */
export function actorOf(request: FastifyRequest): Actor {
  const auth = request.auth;
  if (!auth) throw unauthenticated();
  return {
    tenantId: auth.tenantId,
    userId: auth.userId,
    grants: auth.grants,
    marketingCenterIds: auth.marketingCenterIds,
    storeIds: auth.application?.storeIds ?? null,
    viaApplication: auth.application !== undefined,
    marketingCenter: request.ctx.marketingCenter,
    locale: request.ctx.locale,
    timeZone: request.ctx.timeZone,
    now: requestInstant(request),
  };
}

/**
 * The server acting on its own in a tenant (a job moving a document to its end state): no user,
 * no grants, every centre. Only for transitions no person asks for; a job acting for a person
 * uses that person's actor.
 */
export function systemActor(args: { tenantId: number; locale?: Locale; timeZone?: string }): Actor {
  return {
    tenantId: args.tenantId,
    userId: null,
    grants: [],
    marketingCenterIds: null,
    marketingCenter: null,
    locale: args.locale ?? DEFAULT_LOCALE,
    timeZone: args.timeZone ?? 'Asia/Shanghai',
  };
}
