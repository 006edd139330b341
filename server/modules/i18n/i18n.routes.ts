import type { FastifyInstance } from 'fastify';
import { catalogMessages } from '../../../resources/catalog/index';
import { queryViewMessages } from '../../../resources/query-view';
import { QUERY_VIEWS } from '../../../resources/query-views';
import { isLocale, type Locale } from '../../../resources/messages/bilingual';
import { ok } from '../../http/envelope';
import { MESSAGE_SCOPES, messageTable, registerDerivedMessages, type MessageScope } from './translate';
import { i18nDocs } from './i18n.openapi';

/**
 * The languages offered, each named in its own language: a person looking for their language
 * reads its name the same way whatever the current locale is, so these are not translated.
 */
const LOCALE_NAMES: readonly { locale: Locale; name: string }[] = [
  { locale: 'zh_CN', name: '简体中文' },
  { locale: 'en_US', name: 'English' },
];

let derivedRegistered = false;

/** Registers the books derived from declarations once per process, however many apps it builds. */
function registerDerivedBooks(): void {
  if (derivedRegistered) return;
  derivedRegistered = true;
  registerDerivedMessages(catalogMessages());
  registerDerivedMessages(queryViewMessages(QUERY_VIEWS));
}

const gets = {
  tags: ['i18n'],
  summary: 'The complete message map of a locale (query `locale`, else the `locale` header)',
  description:
    "Answers with an `ETag` from the table's content and `Cache-Control: no-cache`; a request whose `If-None-Match` names the " +
    'current tag gets 304 and no body. `scope=login` answers only the labels the login page draws with; `scope=shared` the whole ' +
    'map with a label that resources share written once as `res.*.<label>` (`res.<resource>.<label>` only where it differs).',
  querystring: {
    type: 'object',
    properties: {
      locale: { type: 'string', maxLength: 10 },
      scope: { type: 'string', enum: MESSAGE_SCOPES, default: 'all', description: '`all` (default), `login` or `shared`' },
    },
  },
} as const;

/** Whether an `If-None-Match` header names the tag (a list, weak forms, or `*`). */
function namesTag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/** GET /v1/i18n/gets and GET /v1/i18n/names; both public (the login page needs them). */
export async function i18nRoutes(app: FastifyInstance): Promise<void> {
  registerDerivedBooks();

  app.get<{ Querystring: { locale?: string; scope?: MessageScope } }>(
    '/v1/i18n/gets',
    {
      schema: { ...gets, ...i18nDocs.gets },
      config: { public: true },
      // A map of thousands of keys: JSON.stringify writes it twice as fast as a schema serializer
      // (npm run bench:serialization); the answer is the map itself, so nothing can leak.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request, reply) => {
      // The query wins over the header: the page asks for the language the user just picked.
      const locale = isLocale(request.query.locale) ? request.query.locale : request.ctx.locale;
      const table = messageTable({ locale, scope: request.query.scope ?? 'all' });
      // Labels are no member data: a browser may keep the table, but asks every time whether it
      // is still current (a deploy that changes a label reaches the next page load).
      reply.header('etag', table.etag);
      reply.header('cache-control', 'no-cache');
      if (namesTag(request.headers['if-none-match'], table.etag)) return reply.code(304).send();
      return ok(table.messages);
    },
  );

  app.get('/v1/i18n/names', { schema: { summary: 'The supported locales', ...i18nDocs.names }, config: { public: true } }, async () =>
    ok(LOCALE_NAMES),
  );
}
