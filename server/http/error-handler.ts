import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LICENSE_INVALID_MESSAGE } from '../../resources/contract/envelope';
import { AppError, ERROR_CODES, type ErrorKind, type FieldError } from './envelope';
import { translate } from '../modules/i18n/translate';

/**
 * Turns every error into the envelope with a localized msg. Schema validation errors from
 * Fastify become 400 with `data.fields` naming each field. Unexpected errors are logged with the
 * trace id and answered with a generic 500 that leaks nothing.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return sendAppError(request, reply, error);
    if ((error as FastifyError).validation) {
      const fields: FieldError[] = (error as FastifyError).validation!.map((issue) => {
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const missing = (issue.params as { missingProperty?: string }).missingProperty;
        const field = missing ? (path ? `${path}.${missing}` : missing) : path || 'body';
        return { field, key: issue.keyword === 'required' ? 'validation.required' : 'validation.type', values: { label: field } };
      });
      return sendAppError(request, reply, new AppError('badInput', 'error.fieldsInvalid', { fields }));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) return sendAppError(request, reply, new AppError('tooManyRequests', 'error.tooManyRequests'));
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large: the client's fault, said plainly.
      return sendAppError(request, reply, new AppError('badInput', 'error.badInput'));
    }
    request.log.error({ err: error, traceId: request.ctx?.traceId }, 'unhandled error');
    return sendAppError(request, reply, new AppError('internal', 'error.internal'));
  });

  app.setNotFoundHandler((request, reply) =>
    sendAppError(request, reply, new AppError('notFound', 'error.routeNotFound')),
  );
}

export function sendAppError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const locale = request.ctx?.locale ?? 'zh_CN';
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
