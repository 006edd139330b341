import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../resources/messages/bilingual';
import { badInput, type AppError } from './envelope';

/**
 * What every call carries in its headers (§7): trace_id, locale, marketingCenter, time_zone.
 * The trace id is echoed back so a person can quote it when reporting a problem.
 */
export interface RequestContext {
  readonly traceId: string;
  readonly locale: Locale;
  /** Id of the selected marketing centre, or null when none is selected. */
  readonly marketingCenter: number | null;
  /** IANA zone used for day boundaries and date output. */
  readonly timeZone: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

/**
 * 400 when a call needs a marketing centre and the `marketingCenter` header names none; the
 * field is the header.
 */
export function centreRequired(key = 'crud.marketingCenterRequired'): AppError {
  return badInput(key, [{ field: 'marketingCenter', key }]);
}

// Every browser call names its zone: the answer for a zone is kept (bounded, since the header
// is the client's) instead of building an Intl formatter per request.
const ZONES_KEPT = 1000;
const zoneValidity = new Map<string, boolean>();

export function isValidTimeZone(zone: string): boolean {
  const known = zoneValidity.get(zone);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    valid = true;
  } catch {
    valid = false;
  }
  if (zoneValidity.size < ZONES_KEPT) zoneValidity.set(zone, valid);
  return valid;
}

export function readRequestContext(request: FastifyRequest): RequestContext {
  const header = (name: string) => {
    const value = request.headers[name.toLowerCase()];
    return Array.isArray(value) ? value[0] : value;
  };
  const traceId = header('trace_id')?.slice(0, 64) || randomUUID();
  const rawLocale = header('locale') ?? (request.query as Record<string, unknown> | undefined)?.locale;
  const locale = isLocale(rawLocale) ? rawLocale : DEFAULT_LOCALE;
  // An id is at most 15 digits (ids are exact JS numbers); anything else is no centre chosen.
  const rawCentre = header('marketingCenter');
  const centre = typeof rawCentre === 'string' && /^\d{1,15}$/.test(rawCentre.trim()) ? Number(rawCentre.trim()) : NaN;
  const zone = header('time_zone');
  return {
    traceId,
    locale,
    marketingCenter: Number.isInteger(centre) && centre > 0 ? centre : null,
    timeZone: zone && isValidTimeZone(zone) ? zone : 'Asia/Shanghai',
  };
}

async function requestContextPlugin(app: FastifyInstance) {
  app.decorateRequest('ctx', null as unknown as RequestContext);
  app.addHook('onRequest', async (request, reply) => {
    request.ctx = readRequestContext(request);
    reply.header('trace_id', request.ctx.traceId);
  });
}

export const requestContext = fp(requestContextPlugin, { name: 'request-context' });
