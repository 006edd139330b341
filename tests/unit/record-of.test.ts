import { describe, expectTypeOf, it, expect } from 'vitest';
import { defineResource, field } from '../../resources/define';
import type { LineOf, RecordOf } from '../../resources/record-of';
import type { LevelType } from '../../resources/member/level.resource';
import { levelResource } from '../../resources/member/level.resource';
import { scoreAdjustResource } from '../../resources/score/score-adjust.resource';

/**
 * Record types inferred from a declaration (`RecordOf`): what server hooks read instead of
 * `Record<string, unknown>`. These are checked by the type checker (`npx tsc --noEmit`, part of
 * `npm test`): a wrong inference fails the type check of this file.
 */

const sample = defineResource({
  name: 'typed-sample',
  table: 'typed_samples',
  title: ['样例', 'Sample'],
  route: { group: 'datum', entry: 'typed-sample', screens: { list: 'typed-sample' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    code: field.text({ label: ['编码', 'Code'], required: true }),
    note: field.longText({ label: ['说明', 'Note'] }),
    qty: field.integer({ label: ['数量', 'Quantity'], required: true }),
    price: field.money({ label: ['价格', 'Price'], required: true }),
    rate: field.decimal({ label: ['比例', 'Rate'] }),
    on: field.boolean({ label: ['启用', 'On'], required: true }),
    kind: field.enum({ label: ['类型', 'Kind'], required: true, options: { A: { label: ['甲', 'A'] }, B: { label: ['乙', 'B'] } } }),
    tags: field.enum({ label: ['标签', 'Tags'], multiple: true, options: { X: { label: ['X', 'X'] } } }),
    day: field.date({ label: ['日期', 'Day'] }),
    at: field.datetime({ label: ['时间', 'At'], required: true }),
    period: field.dateRange({ label: ['期间', 'Period'], required: true }),
    days: field.weekdays({ label: ['星期', 'Days'] }),
    store: field.relation({ label: ['门店', 'Store'], resource: 'store', required: true }),
    stores: field.relation({ label: ['门店', 'Stores'], resource: 'store', multiple: true }),
    parent: field.tree({ label: ['上级', 'Parent'] }),
    // Required only while it applies: its column is nullable.
    bonus: field.integer({ label: ['奖励', 'Bonus'], required: true, when: { field: 'kind', in: ['B'] } }),
    lines: field.lines({
      label: ['明细', 'Lines'],
      fields: {
        item: field.text({ label: ['品名', 'Item'], required: true }),
        amount: field.money({ label: ['金额', 'Amount'] }),
      },
    }),
  },
  titleField: 'code',
  list: { defaultSort: { field: 'code', order: 'asc' } },
});

type Sample = RecordOf<typeof sample>;

describe('RecordOf', () => {
  it('types each field kind as the server holds it, nullable unless required without a condition', () => {
    expectTypeOf<Sample['code']>().toEqualTypeOf<string>();
    expectTypeOf<Sample['note']>().toEqualTypeOf<string | null>();
    expectTypeOf<Sample['qty']>().toEqualTypeOf<number>();
    // Money and decimals: exact decimal text.
    expectTypeOf<Sample['price']>().toEqualTypeOf<string>();
    expectTypeOf<Sample['rate']>().toEqualTypeOf<string | null>();
    expectTypeOf<Sample['on']>().toEqualTypeOf<boolean>();
    expectTypeOf<Sample['kind']>().toEqualTypeOf<'A' | 'B'>();
    expectTypeOf<Sample['tags']>().toEqualTypeOf<'X'[] | null>();
    expectTypeOf<Sample['day']>().toEqualTypeOf<string | null>();
    expectTypeOf<Sample['at']>().toEqualTypeOf<Date>();
    expectTypeOf<Sample['periodFrom']>().toEqualTypeOf<string>();
    expectTypeOf<Sample['periodTo']>().toEqualTypeOf<string>();
    expectTypeOf<Sample['days']>().toEqualTypeOf<number[] | null>();
    expectTypeOf<Sample['store']>().toEqualTypeOf<number>();
    expectTypeOf<Sample['stores']>().toEqualTypeOf<number[] | null>();
    expectTypeOf<Sample['parent']>().toEqualTypeOf<number | null>();
    expectTypeOf<Sample['bonus']>().toEqualTypeOf<number | null>();
    expectTypeOf<Sample['id']>().toEqualTypeOf<number>();
    expectTypeOf<Sample['version']>().toEqualTypeOf<number>();
    expectTypeOf<Sample['lines']>().toEqualTypeOf<{ lineNo: number; item: string; amount: string | null }[]>();
    expectTypeOf<Sample>().not.toHaveProperty('period');
    // The declaration is still plain data: nothing changes at run time.
    expect(sample.fields.kind).toMatchObject({ kind: 'enum', required: true });
  });

  it('types the product declarations the hooks read', () => {
    expectTypeOf<RecordOf<typeof levelResource>['levelType']>().toEqualTypeOf<LevelType>();
    expectTypeOf<LineOf<typeof scoreAdjustResource, 'lines'>['lineNo']>().toEqualTypeOf<number>();
    expect(Object.keys(levelResource.fields)).toContain('levelType');
  });
});
