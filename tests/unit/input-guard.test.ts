import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { databaseInputError } from '../../server/http/error-handler';
import {
  boundSchema,
  conventionalBounds,
  inputProblems,
  MAX_EXACT,
  MAX_PAGE,
  numberProblem,
  textProblem,
} from '../../server/http/input-guard';
import { canonicalJson, requestHash } from '../../server/modules/idempotency/request-hash';

/**
 * The generic input rules (server/http/input-guard.ts), the PostgreSQL safety net of the error
 * mapping, and the canonical request hash of the idempotency rule.
 */

describe('textProblem', () => {
  it('refuses NUL and lone surrogates, takes everything else', () => {
    expect(textProblem('a\u0000b')).toBe('validation.nulCharacter');
    expect(textProblem('\uD800')).toBe('validation.invalidCharacter');
    expect(textProblem('x\uDC00')).toBe('validation.invalidCharacter');
    expect(textProblem('\uDC00\uD800')).toBe('validation.invalidCharacter');
    expect(textProblem('😀 中文 \u0001 \uFFFF')).toBeNull();
  });
});

describe('numberProblem', () => {
  it('takes exact numbers only', () => {
    expect(numberProblem(Infinity)).toBe('validation.numberRange');
    expect(numberProblem(-Infinity)).toBe('validation.numberRange');
    expect(numberProblem(NaN)).toBe('validation.numberRange');
    expect(numberProblem(2 ** 70)).toBe('validation.numberRange');
    expect(numberProblem(MAX_EXACT + 2)).toBe('validation.numberRange');
    expect(numberProblem(MAX_EXACT)).toBeNull();
    expect(numberProblem(-0)).toBeNull();
    expect(numberProblem(12.5)).toBeNull();
  });
});

describe('inputProblems', () => {
  it('names every problem by its path, keys included', () => {
    const problems = inputProblems({
      name: 'ok',
      lines: [{ amount: 1 }, { amount: Infinity, note: 'a\u0000' }],
      filters: { 'k\u0000': 1 },
      deep: { deeper: ['\uD800'] },
    });
    expect(problems.map((p) => p.field)).toEqual(['lines.1.amount', 'lines.1.note', 'filters.k\\u0000', 'deep.deeper.0']);
  });

  it('names the body itself, and ignores uploaded bytes', () => {
    expect(inputProblems('\u0000').map((p) => p.field)).toEqual(['body']);
    expect(inputProblems(Buffer.from([0, 0, 0]))).toEqual([]);
  });

  it('walks objects without Object.prototype (the query-string parser makes those)', () => {
    const query = Object.create(Object.create(null)) as Record<string, unknown>;
    query.keyword = 'a\u0000';
    expect(inputProblems(query).map((p) => p.field)).toEqual(['keyword']);
  });
});

describe('boundSchema', () => {
  it('gives every integer the bounds of its name, keeping declared ones', () => {
    const schema = boundSchema({
      type: 'object',
      properties: {
        memberId: { type: 'integer' },
        page: { type: 'integer', default: 1 },
        pageSize: { type: 'integer', maximum: 200 },
        version: { type: 'integer' },
        roleIds: { type: 'array', items: { type: 'integer' } },
        balance: { type: ['integer', 'null'] },
        quantity: { type: 'number', exclusiveMinimum: 0 },
        kind: { type: 'string', enum: ['a'] },
      },
    }) as { properties: Record<string, Record<string, unknown>> };
    const p = schema.properties;
    expect(p.memberId).toEqual({ type: 'integer', minimum: 1, maximum: MAX_EXACT });
    expect(p.page).toEqual({ type: 'integer', default: 1, minimum: 1, maximum: MAX_PAGE });
    expect(p.pageSize).toEqual({ type: 'integer', minimum: 1, maximum: 200 });
    expect(p.version).toEqual({ type: 'integer', minimum: 0, maximum: 2_147_483_647 });
    expect(p.roleIds.items).toEqual({ type: 'integer', minimum: 1, maximum: MAX_EXACT });
    expect(p.balance).toEqual({ type: ['integer', 'null'], minimum: -MAX_EXACT, maximum: MAX_EXACT });
    expect(p.quantity).toEqual({ type: 'number', exclusiveMinimum: 0, maximum: MAX_EXACT });
    expect(p.kind).toEqual({ type: 'string', enum: ['a'] });
  });

  it('reads names by convention: ids, pages, versions', () => {
    expect(conventionalBounds('id').minimum).toBe(1);
    expect(conventionalBounds('fromUserId').minimum).toBe(1);
    expect(conventionalBounds('paid').minimum).toBe(-MAX_EXACT);
    expect(conventionalBounds('cursor')).toEqual({ minimum: -MAX_EXACT, maximum: MAX_EXACT });
  });
});

describe('databaseInputError (the safety net)', () => {
  const request = (parts: Partial<Pick<FastifyRequest, 'body' | 'query' | 'params'>>) => parts as FastifyRequest;
  const wrapped = (code: string, message: string) =>
    Object.assign(new Error('Failed query: …'), { cause: Object.assign(new Error(message), { code }) });

  it('names the field whose value PostgreSQL refused', () => {
    const error = databaseInputError(
      wrapped('22003', 'value "1099511627776" is out of range for type integer'),
      request({ body: { version: 1099511627776, name: 'x' } }),
    );
    expect(error?.kind).toBe('badInput');
    expect(error?.fields).toEqual([{ field: 'version', key: 'validation.outOfRange', values: { label: 'version' } }]);
    const syntax = databaseInputError(
      wrapped('22P02', 'invalid input syntax for type bigint: "1e+21"'),
      request({ query: { id: '1e+21' } }),
    );
    expect(syntax?.fields.map((f) => f.field)).toEqual(['id']);
  });

  it('still answers 400 when the value cannot be found, and leaves other errors alone', () => {
    const error = databaseInputError(wrapped('22021', 'invalid byte sequence for encoding "UTF8": 0x00'), request({ body: {} }));
    expect(error?.kind).toBe('badInput');
    expect(error?.fields).toEqual([]);
    expect(databaseInputError(wrapped('23505', 'duplicate key value violates unique constraint "x"'), request({}))).toBeNull();
    expect(databaseInputError(new Error('boom'), request({}))).toBeNull();
  });
});

describe('canonical request hash', () => {
  it('ignores key order and absent members, nothing else', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: undefined } })).toBe('{"a":{"d":[1,{"x":1,"y":2}]},"b":1}');
    expect(requestHash({ memberId: 1, points: 5 })).toBe(requestHash({ points: 5, memberId: 1 }));
    expect(requestHash({ memberId: 1, points: 5 })).not.toBe(requestHash({ memberId: 2, points: 5 }));
    expect(requestHash({ storeId: null })).not.toBe(requestHash({}));
    expect(requestHash({ amount: '1.00' })).not.toBe(requestHash({ amount: 1 }));
    expect(requestHash({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });
});
