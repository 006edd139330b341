import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LICENSE_INVALID_MESSAGE } from '../../resources/contract/envelope';
import { AppError, ERROR_CODES, type ErrorKind, type FieldError } from './envelope';
import { translate } from '../modules/i18n/translate';
import { DEFAULT_LOCALE, isLocale } from '../../resources/messages/bilingual';
import { pgError } from '../db/pg-errors';
import { NOT_BLANK } from './input-guard';

/**
 * Turns every error into the envelope with a localized msg. Schema validation errors from
 * Fastify become 400 with `data.fields` naming each field; a body that cannot be read (not JSON,
 * empty, too large, another content type) and a malformed URL become 400 naming `body`,
 * `content-type` or `url`. PostgreSQL errors that only input can cause (a value out of a
 * column's range, text it cannot take) are a safety net: 400 naming the field whose value the
 * database refused when it can be found, logged as a warning so the missing validation gets
 * added. Any other error is logged with the trace id and answered with a generic 500 that
 * leaks nothing.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return sendAppError(request, reply, error);
    if ((error as FastifyError).validation) {
      return sendAppError(request, reply, new AppError('badInput', 'error.fieldsInvalid', { fields: schemaFields(error as FastifyError) }));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) return sendAppError(request, reply, new AppError('tooManyRequests', 'error.tooManyRequests'));
    const framework = frameworkInputError(error as FastifyError);
    if (framework) return sendAppError(request, reply, framework);
    const database = databaseInputError(error, request);
    if (database) {
      request.log.warn({ err: error, traceId: request.ctx?.traceId }, 'input refused by the database: validate it before');
      return sendAppError(request, reply, database);
    }
    if (status >= 400 && status < 500) {
      // Any other refusal of the request as a whole by the framework: the client's fault.
      return sendAppError(request, reply, bodyError('error.badInput'));
    }
    request.log.error({ err: error, traceId: request.ctx?.traceId }, 'unhandled error');
    return sendAppError(request, reply, new AppError('internal', 'error.internal'));
  });

  app.setNotFoundHandler((request, reply) => sendAppError(request, reply, new AppError('notFound', 'error.routeNotFound')));
}

/**
 * Fastify's `frameworkErrors` option: errors raised before routing (a URL that does not decode)
 * get the envelope too.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendAppError(request, reply, frameworkInputError(error) ?? bodyError('error.badInput'));
}

const bodyError = (key: string, field = 'body', values: Record<string, string | number> = {}) =>
  new AppError('badInput', key, { fields: [{ field, key, values: { label: field, ...values } }] });

/** The 400 of a request the framework could not read, naming what was wrong with it. */
function frameworkInputError(error: FastifyError): AppError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return bodyError('error.bodyNotJson');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return bodyError('error.bodyEmpty');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return bodyError('error.bodyTooLarge');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return bodyError('error.contentType', 'content-type');
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_INVALID_URL':
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return bodyError('error.badUrl', 'url');
    default:
      return null;
  }
}

/** The fields of Fastify's schema validation errors, by their path in the body or query. */
function schemaFields(error: FastifyError): FieldError[] {
  return error.validation!.map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const params = issue.params as { missingProperty?: string; additionalProperty?: string; limit?: number };
    const named = params.missingProperty ?? params.additionalProperty;
    const field = named ? (path ? `${path}.${named}` : named) : path || (error.validationContext === 'querystring' ? 'query' : 'body');
    const values: Record<string, string | number> = { label: field };
    let key = 'validation.type';
    if (issue.keyword === 'required') key = 'validation.required';
    else if (issue.keyword === 'additionalProperties') key = 'validation.unknownField';
    else if ((issue.keyword === 'maximum' || issue.keyword === 'exclusiveMaximum') && params.limit !== undefined) {
      key = 'validation.max';
      values.max = params.limit;
    } else if ((issue.keyword === 'minimum' || issue.keyword === 'exclusiveMinimum') && params.limit !== undefined) {
      key = 'validation.min';
      values.min = params.limit;
    } else if (issue.keyword === 'maxLength' && params.limit !== undefined) {
      key = 'validation.maxLength';
      values.max = params.limit;
    } else if (issue.keyword === 'minLength' && params.limit !== undefined) {
      key = params.limit === 1 ? 'validation.required' : 'validation.minLength';
      values.min = params.limit;
    } else if (issue.keyword === 'enum') key = 'validation.enum';
    else if (issue.keyword === 'pattern' && (issue.params as { pattern?: string }).pattern === NOT_BLANK) key = 'validation.blank';
    else if (issue.keyword === 'numberRange' && params.limit !== undefined) {
      // A text the schema coerced to a number no route takes (input-guard.ts coercionErrors).
      key = 'validation.numberRange';
      values.max = params.limit;
    }
    return { field, key, values };
  });
}

/**
 * PostgreSQL error classes that a request's values alone can cause: 22P02 invalid text
 * representation, 22003 numeric value out of range, 22021 invalid byte sequence, 22001 string
 * too long, 22007 / 22008 bad date or time, 22P05 untranslatable character, 22025 invalid
 * escape, 2201B invalid regular expression, 54000 program limit (a value too big for an index).
 */
const INPUT_ERRORS = new Set(['22P02', '22003', '22021', '22001', '22007', '22008', '22P05', '22025', '2201B', '54000']);

/** Paths of the request's values whose text is `text` (`lines.0.amount`, `id`). */
function pathsOfValue(root: unknown, text: string): string[] {
  const found: string[] = [];
  const walk = (node: unknown, at: string, depth: number) => {
    if (found.length >= 5 || depth > 32) return;
    if (typeof node === 'string' || typeof node === 'number') {
      if (String(node) === text && at) found.push(at);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, item] of Object.entries(node as Record<string, unknown>)) walk(item, at ? `${at}.${key}` : key, depth + 1);
  };
  walk(root, '', 0);
  return found;
}

/** The safety net: a PostgreSQL input error as a 400, naming the field when its value is found; null for any other error. */
export function databaseInputError(error: unknown, request: FastifyRequest): AppError | null {
  const pg = pgError(error);
  if (!pg || !INPUT_ERRORS.has(pg.code)) return null;
  // PostgreSQL quotes the refused value: `value "1099511627776" is out of range for type integer`.
  const quoted = /"([^"]*)"/.exec(pg.message)?.[1];
  const fields =
    quoted === undefined
      ? []
      : [...pathsOfValue(request.params, quoted), ...pathsOfValue(request.query, quoted), ...pathsOfValue(request.body, quoted)];
  const key = pg.code === '22003' ? 'validation.outOfRange' : 'validation.type';
  return new AppError('badInput', fields.length > 0 ? 'error.fieldsInvalid' : 'error.badInput', {
    fields: fields.map((field) => ({ field, key, values: { label: field } })),
  });
}

export function sendAppError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  // Errors raised before the request context exists (a URL that does not decode) read the header.
  const header = request.headers?.locale;
  const locale = request.ctx?.locale ?? (isLocale(header) ? header : DEFAULT_LOCALE);
  const { code, status } = ERROR_CODES[error.kind as ErrorKind];
  const msg = translate(locale, error.key, error.values);
  const body: Record<string, unknown> = { code, msg, data: null };
  if (error.fields.length > 0) {
    body.data = {
      fields: error.fields.map((f) => ({ field: f.field, msg: translate(locale, f.key, f.values) })),
    };
  }
  // The browser recognises an invalid licence by this exact message (§8).
  if (error.kind === 'licenseInvalid') body.message = LICENSE_INVALID_MESSAGE;
  return reply.status(status).send(body);
}
