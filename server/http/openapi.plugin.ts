import type { FastifyInstance, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { CATALOG } from '../../resources/catalog/index';
import { LOCALES } from '../../resources/messages/bilingual';
import type { ServerConfig } from '../config';
import { SESSION_COOKIE } from '../modules/auth/session.cookie';
import { bodyAcceptsEmpty } from './json-body';
import { ERROR_ANSWERS, errorComponents, errorResponses, type ErrorAnswerName, type JsonSchema } from './openapi.schemas';

/**
 * The OpenAPI 3.0 document of the API, served at `<base>/docs` (UI) and `<base>/docs/json`,
 * generated from the route schemas (DESIGN.md §3). Three things happen here:
 *
 * - The error answers are registered once as shared schemas, and every route under `/v1/` gets
 *   the ones its access declaration implies (onRoute, before Fastify compiles the serializers):
 *   400 always; 401 unless public (4011 too unless the route serves an expired password);
 *   403 with the licence code unless the route is licence-exempt, or plain 403 when it requires
 *   grants; 429 when it is rate-limited or requires grants (an application key's rate); 500 and 503 always. A route declares the others it
 *   can answer itself (404, 409, a public route's 403).
 * - Route schemas are JSON Schema draft-07 (what Fastify's Ajv compiles); the few keywords
 *   OpenAPI 3.0 spells differently are converted for the document only.
 * - The request headers of §7, the session cookie and each route's required grants are added
 *   to the document.
 */

/** The API routes: what the document must describe completely. */
export function isApiRoute(url: string, serviceBase: string): boolean {
  return url.startsWith(`${serviceBase}/v1/`);
}

type Access = NonNullable<RouteOptions['config']>;

/** The error answers a route's access declaration implies (see the file comment). */
export function impliedErrors(access: Access): ErrorAnswerName[] {
  const errors: ErrorAnswerName[] = ['badInput'];
  if (!access.public) {
    errors.push(access.allowWhilePasswordExpired ? 'notSignedIn' : 'unauthenticated');
    if (!access.licenseExempt) errors.push('forbiddenOrLicense');
    else if (access.requires !== undefined) errors.push('forbidden');
  }
  // A route that requires grants is reachable with an application key, which is rate limited.
  if (access.rateLimit || access.requires !== undefined) errors.push('tooManyRequests');
  errors.push('internal', 'maintenance');
  return errors;
}

function completeResponses(route: RouteOptions, serviceBase: string): void {
  if (!isApiRoute(route.url, serviceBase)) return;
  const schema = (route.schema ?? {}) as { response?: Record<string, unknown> };
  // What the route declares wins over what its access implies (a public sign-in's own 403).
  route.schema = { ...schema, response: { ...errorResponses(...impliedErrors(route.config ?? {})), ...schema.response } };
}

// ---------------------------------------------------------------------------------------------
// JSON Schema draft-07 -> OpenAPI 3.0 schema objects (document only)
// ---------------------------------------------------------------------------------------------

const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions']);
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf']);
const SCHEMA_VALUES = new Set(['items', 'additionalProperties', 'not']);

/**
 * One schema in OpenAPI 3.0's dialect: a numeric `exclusiveMinimum`/`exclusiveMaximum` becomes
 * the boolean form with `minimum`/`maximum`, `examples` below the top becomes `example`
 * (the top's `examples` are the media type's, which @fastify/swagger moves there itself), and a
 * raw upload's `contentEncoding: binary` becomes `type: string, format: binary`.
 */
export function toOpenApi30(schema: unknown, top = true): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (SCHEMA_MAPS.has(key) && typeof value === 'object' && value !== null) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, toOpenApi30(inner, false)]));
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      out[key] = value.map((inner) => toOpenApi30(inner, false));
    } else if (SCHEMA_VALUES.has(key)) {
      out[key] = toOpenApi30(value, false);
    } else {
      out[key] = value;
    }
  }
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[exclusive] === 'number') {
      out[bound] = out[exclusive];
      out[exclusive] = true;
    }
  }
  // A raw upload is `{ contentEncoding: 'binary' }` for Fastify, so the Buffer it parsed passes.
  if (out.contentEncoding === 'binary' && out.type === undefined) {
    delete out.contentEncoding;
    Object.assign(out, { type: 'string', format: 'binary' });
  }
  if (!top && Array.isArray(out.examples)) {
    if (out.examples.length > 0) out.example = out.examples[0];
    delete out.examples;
  }
  return out;
}

const ROUTE_SCHEMA_PARTS = ['body', 'querystring', 'params', 'headers'] as const;

/** A body or response schema, or Fastify's `{ content: { <media type>: { schema } } }` form. */
function documentPart(part: unknown): unknown {
  const content = (part as { content?: Record<string, { schema?: unknown }> } | null)?.content;
  if (!content) return toOpenApi30(part);
  const media = Object.entries(content).map(([type, entry]) => [type, { ...entry, schema: toOpenApi30(entry.schema) }]);
  return { ...(part as object), content: Object.fromEntries(media) };
}

function documentSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...schema };
  for (const part of ROUTE_SCHEMA_PARTS) if (part in out) out[part] = documentPart(out[part]);
  if (out.response && typeof out.response === 'object') {
    out.response = Object.fromEntries(Object.entries(out.response).map(([status, inner]) => [status, documentPart(inner)]));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The document
// ---------------------------------------------------------------------------------------------

/** An OpenAPI tag of operations that are not a menu group's (declared by a domain's manifest). */
export interface OpenApiTag {
  /** The tag, as the operations name it. */
  readonly name: string;
  /** What its operations do, shown by the document's UI. */
  readonly description: string;
}

/** The request headers every call may send (§7), as shared parameters. */
const CONTEXT_PARAMETERS: Record<string, JsonSchema> = {
  trace_id: {
    name: 'trace_id',
    in: 'header',
    required: false,
    description: 'Id of the call (at most 64 characters), echoed back in the trace_id response header and logged; a new one when absent',
    schema: { type: 'string', maxLength: 64 },
  },
  locale: {
    name: 'locale',
    in: 'header',
    required: false,
    description: 'Language of msg and of localized names',
    schema: { type: 'string', enum: [...LOCALES], default: 'zh_CN' },
  },
  marketingCenter: {
    name: 'marketingCenter',
    in: 'header',
    required: false,
    description:
      'Id of the selected marketing centre (empty: none). Centre-scoped resources need it and answer 400 without it; a centre the user may not use answers 403',
    schema: { type: 'string', pattern: '^\\d*$' },
  },
  time_zone: {
    name: 'time_zone',
    in: 'header',
    required: false,
    description: 'IANA time zone of day boundaries and of every instant in the answer',
    schema: { type: 'string', default: 'Asia/Shanghai' },
  },
};

const DESCRIPTION = [
  "The administrator back office's API. Every answer is the envelope `{ code, msg, data }`: code 2000 is success",
  'with the answer in `data`; any other code is an error whose `msg` is a localized sentence, and the HTTP status',
  'tells its class (400 bad input with `data.fields`, 401 not signed in, 403 forbidden or `message: "licenseInvalid"`,',
  '404, 409, 429, 500, 503). Sign in with `POST /v1/auth/login`: the session is the httpOnly `loyalty_session` cookie.',
  'A till or another system calls with its application key in the `X-Api-Key` header instead (no cookie).',
  "Instants are `yyyy-MM-dd HH:mm:ss` in the `time_zone` header's zone, dates `yyyy-MM-dd`, money exact with at most",
  '2 decimals: a JSON number amount is `format: decimal` with `x-decimal-places` (read its decimals from the JSON text;',
  'no float `multipleOf`), a string amount matches its pattern; requests take decimal strings or numbers. Points are',
  'whole numbers. A request body marked not required may be left out. Operation ids are stable: `<resource>.<operation>`',
  "for declared resources. A till's quick start: docs/till-quick-start.md.",
  'Versioning and what counts as a breaking change: server/README.md.',
].join(' ');

interface Operation {
  parameters?: unknown[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: { $ref?: string } & JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}

const ERROR_IDS: ReadonlySet<string> = new Set(Object.values(ERROR_ANSWERS).map((answer) => answer.id));

/** The shared error answer a response is, when it is exactly one (`BadInput` …). */
function sharedErrorOf(response: NonNullable<Operation['responses']>[string]): string | null {
  const media = Object.entries(response.content ?? {});
  if (media.length !== 1 || media[0][0] !== 'application/json') return null;
  const name = media[0][1].schema?.$ref?.replace('#/components/schemas/', '');
  return name !== undefined && ERROR_IDS.has(name) ? name : null;
}

/**
 * Finishes the document: the context headers on every operation (shared parameters), each
 * error answer as one shared response, and the shared schemas in OpenAPI 3.0's dialect.
 */
function finishDocument({ openapiObject }: { openapiObject: Record<string, unknown> }): Record<string, unknown> {
  const doc = openapiObject as { paths?: Record<string, Record<string, Operation>>; components?: Record<string, unknown> };
  const components = (doc.components ?? {}) as Record<string, Record<string, unknown>>;
  components.parameters = { ...components.parameters, ...CONTEXT_PARAMETERS };
  components.schemas = Object.fromEntries(Object.entries(components.schemas ?? {}).map(([name, schema]) => [name, toOpenApi30(schema)]));
  const responses: Record<string, unknown> = {};
  for (const item of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(item)) {
      const names = (operation.parameters ?? []) as { name?: string }[];
      const refs = Object.keys(CONTEXT_PARAMETERS)
        .filter((name) => !names.some((p) => p.name === name))
        .map((name) => ({ $ref: `#/components/parameters/${name}` }));
      operation.parameters = [...names, ...refs];
      // A body that requires nothing may be left out (json-body.ts, `installEmptyBodyDefault`).
      const body = operation.requestBody?.content?.['application/json']?.schema;
      const bodySchema = body?.$ref ? components.schemas?.[body.$ref.replace('#/components/schemas/', '')] : body;
      if (operation.requestBody && bodyAcceptsEmpty(bodySchema)) operation.requestBody.required = false;
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const shared = sharedErrorOf(response);
        if (shared === null) continue;
        responses[shared] = response;
        operation.responses![status] = { $ref: `#/components/responses/${shared}` } as never;
      }
    }
  }
  components.responses = { ...components.responses, ...responses };
  doc.components = components;
  return openapiObject;
}

/**
 * Registers the shared schemas, the response completion, the document and its UI. The tags are
 * the menu groups' and `tags`, those of the domains' own operations (handed in: this layer
 * imports no module).
 */
export async function registerOpenApi(app: FastifyInstance, options: { config: ServerConfig; tags: readonly OpenApiTag[] }): Promise<void> {
  const { config, tags } = options;
  for (const schema of errorComponents()) app.addSchema(schema);
  app.addHook('onRoute', (route) => completeResponses(route, config.serviceBase));

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Loyalty console API', version: '1', description: DESCRIPTION },
      servers: [{ url: config.serviceBase }],
      tags: [...CATALOG.map((group) => ({ name: group.group, description: `${group.title[1]} (${group.title[0]})` })), ...tags],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Set by POST /v1/auth/login' },
          applicationKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Api-Key',
            description:
              'An application’s key (Settings › Applications and keys): no cookie and no X-Requested-With needed; the application’s grants and stores apply',
          },
        },
      },
    },
    // Shared schemas keep their own names in components.schemas (BadInput, BrandRecord …).
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transform: ({ schema, url, route }) => {
      if (!schema || !isApiRoute(route.url, config.serviceBase)) return { schema, url };
      const access = route.config ?? {};
      return {
        url,
        schema: {
          ...documentSchema(schema as Record<string, unknown>),
          // A key reaches the routes that require grants; the session's own calls need a session.
          security: access.public ? [] : access.requires ? [{ session: [] }, { applicationKey: [] }] : [{ session: [] }],
          ...(access.requires ? { 'x-requires': access.requires } : {}),
          ...(access.licenseExempt ? { 'x-license-exempt': true } : {}),
        } as typeof schema,
      };
    },
    transformObject: (documentObject) => finishDocument(documentObject as { openapiObject: Record<string, unknown> }),
  });
  await app.register(swaggerUi, { routePrefix: `${config.serviceBase}/docs` });
}
