import { describe, expect, it } from 'vitest';
import { defineResource, defineView, field, type ObjectField, type ResourceDef } from '../../resources/define';
import {
  applyingMembers,
  editableInState,
  fieldApplies,
  fieldRuleProblems,
  fieldRules,
  lineFieldApplies,
  memberValueOf,
  sectionApplies,
} from '../../resources/field-rules';
import { levelResource } from '../../resources/member/level.resource';
import { RESOURCES } from '../../resources/index';

/**
 * The field rules both sides read (resources/field-rules.ts): when a field applies, what a
 * section adds to its fields, lines deciding per line, state locks, and the start-up checks.
 */

const coupon = defineResource({
  name: 'rule-coupon',
  table: 'rule_coupons',
  title: ['券', 'Coupon'],
  route: { group: 'datum', entry: 'store', screens: { list: 'store' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    kind: field.enum({ label: ['类型', 'Kind'], options: { CASH: { label: ['现金', 'Cash'] }, GOODS: { label: ['商品', 'Goods'] } } }),
    channels: field.enum({
      label: ['渠道', 'Channels'],
      multiple: true,
      options: { APP: { label: ['小程序', 'App'] }, POS: { label: ['收银', 'Till'] } },
    }),
    value: field.money({ label: ['面额', 'Value'], required: true, when: { field: 'kind', in: ['CASH'] }, editableIn: ['DRAFT'] }),
    capped: field.boolean({ label: ['封顶', 'Capped'] }),
    cap: field.money({
      label: ['封顶额', 'Cap'],
      when: [
        { field: 'capped', in: [true] },
        { field: 'kind', in: ['CASH'] },
      ],
    }),
    banner: field.text({ label: ['横幅', 'Banner'], when: { field: 'channels', in: ['APP'] } }),
    sku: field.text({ label: ['商品', 'SKU'] }),
    state: field.enum({
      label: ['状态', 'State'],
      serverManaged: true,
      options: { DRAFT: { label: ['草稿', 'Draft'] }, LIVE: { label: ['生效', 'Live'] } },
    }),
    lines: field.lines({
      label: ['明细', 'Lines'],
      fields: {
        type: field.enum({ label: ['类型', 'Type'], options: { A: { label: ['甲', 'A'] }, B: { label: ['乙', 'B'] } } }),
        onlyB: field.text({ label: ['乙专用', 'Only B'], when: { field: 'type', in: ['B'] } }),
      },
    }),
  },
  titleField: 'sku',
  list: { defaultSort: { field: 'sku', order: 'asc' } },
  form: [
    { key: 'main', title: ['基本', 'Main'], fields: ['kind', 'channels', 'value', 'capped', 'cap', 'banner'] },
    { key: 'goods', title: ['商品', 'Goods'], fields: ['sku'], when: { field: 'kind', in: ['GOODS'] }, editableIn: ['DRAFT'] },
  ],
  states: { field: 'state', initial: 'DRAFT', actions: { go: { label: ['生效', 'Go'], from: ['DRAFT'], to: 'LIVE' } } },
});

const applies = (resource: ResourceDef, name: string, values: Record<string, unknown>) =>
  fieldApplies({ resource, name, valueOf: (n) => values[n] });

describe('field rules', () => {
  it('decides a field by its conditions, all of them, on a single or multiple controlling value', () => {
    expect(applies(coupon, 'value', { kind: 'CASH' })).toBe(true);
    expect(applies(coupon, 'value', { kind: 'GOODS' })).toBe(false);
    expect(applies(coupon, 'value', { kind: null })).toBe(false);
    expect(applies(coupon, 'cap', { kind: 'CASH', capped: true })).toBe(true);
    expect(applies(coupon, 'cap', { kind: 'GOODS', capped: true })).toBe(false);
    expect(applies(coupon, 'cap', { kind: 'CASH', capped: false })).toBe(false);
    expect(applies(coupon, 'banner', { channels: ['POS', 'APP'] })).toBe(true);
    expect(applies(coupon, 'banner', { channels: ['POS'] })).toBe(false);
    expect(applies(coupon, 'kind', {})).toBe(true);
  });

  it('gives a form section’s condition and state rule to each of its fields', () => {
    expect(fieldRules(coupon, 'sku')).toEqual({ when: [{ field: 'kind', in: ['GOODS'] }], editableIn: ['DRAFT'] });
    expect(applies(coupon, 'sku', { kind: 'GOODS' })).toBe(true);
    expect(applies(coupon, 'sku', { kind: 'CASH' })).toBe(false);
    const goods = coupon.form[1];
    expect(sectionApplies({ resource: coupon, section: goods, valueOf: (n) => ({ kind: 'CASH' })[n] })).toBe(false);
    expect(editableInState(coupon, 'sku', 'LIVE')).toBe(false);
    expect(editableInState(coupon, 'value', 'DRAFT')).toBe(true);
    expect(editableInState(coupon, 'kind', 'LIVE')).toBe(true);
  });

  it('decides a line field on its own line', () => {
    expect(lineFieldApplies({ lines: coupon.fields.lines, name: 'onlyB', valueOf: (n) => ({ type: 'B' })[n] })).toBe(true);
    expect(lineFieldApplies({ lines: coupon.fields.lines, name: 'onlyB', valueOf: (n) => ({ type: 'A' })[n] })).toBe(false);
  });

  it('keeps the level types apart: a free level has a threshold, a paid one a price and stores', () => {
    expect(applies(levelResource, 'growthThreshold', { levelType: 'FREE' })).toBe(true);
    expect(applies(levelResource, 'price', { levelType: 'FREE' })).toBe(false);
    expect(applies(levelResource, 'suitStores', { levelType: 'PAID' })).toBe(true);
    expect(applies(levelResource, 'suitStores', { levelType: 'SPECIAL' })).toBe(false);
  });

  it('finds nothing wrong with the declared resources, and names what is wrong with a broken one', () => {
    expect(RESOURCES.flatMap(fieldRuleProblems)).toEqual([]);
    expect(fieldRuleProblems(coupon)).toEqual([]);
    const broken = defineResource({
      ...coupon,
      name: 'rule-broken',
      fields: {
        ...coupon.fields,
        kind: field.enum({
          label: ['类型', 'Kind'],
          when: { field: 'capped', in: [true] },
          options: { CASH: { label: ['现金', 'Cash'] } },
        }),
        capped: field.boolean({ label: ['封顶', 'Capped'], when: { field: 'kind', in: ['CASH'] } }),
        banner: field.text({ label: ['横幅', 'Banner'], when: { field: 'sku', in: ['x'] }, editableIn: ['GONE'] }),
      },
    });
    expect(fieldRuleProblems(broken)).toEqual(
      expect.arrayContaining([
        'rule-broken.banner: condition field sku is not an enum or a boolean',
        'rule-broken.banner: editableIn state GONE is not an option of state',
        'rule-broken: the conditions of kind depend on kind itself',
        'rule-broken: the conditions of capped depend on capped itself',
      ]),
    );
    // A view inherits its base's rules; its own sections may not add any.
    const view = defineView(coupon, {
      name: 'rule-view',
      title: ['视图', 'View'],
      route: coupon.route,
      access: coupon.access,
      scope: 'tenant',
      form: [{ key: 'v', title: ['视图', 'View'], fields: ['sku'], when: { field: 'kind', in: ['CASH'] } }],
    });
    expect(fieldRuleProblems(view)).toEqual(["rule-view section v: a view's own sections cannot carry rules (the base's apply)"]);
    expect(fieldRules(view, 'sku')).toEqual(fieldRules(coupon, 'sku'));
  });

  it('decides an object member on a sibling member (a validity’s mode), the member’s default standing for an absent one', () => {
    const validity = field.object({
      label: ['有效期', 'Validity'],
      fields: {
        mode: field.enum({
          label: ['方式', 'Mode'],
          options: { FIXED: { label: ['固定', 'Fixed'] }, RELATIVE: { label: ['相对', 'Relative'] } },
          defaultValue: 'RELATIVE',
        }),
        dates: field.dateRange({ label: ['日期', 'Dates'], required: true, when: { field: 'mode', in: ['FIXED'] } }),
        days: field.integer({ label: ['天数', 'Days'], when: { field: 'mode', in: ['RELATIVE'] } }),
      },
    });
    const members = (value: unknown) =>
      Object.keys(applyingMembers(validity, memberValueOf({ f: validity, value, valueOf: () => null })).fields);
    expect(members({ mode: 'FIXED' })).toEqual(['mode', 'dates']);
    expect(members({ mode: 'RELATIVE' })).toEqual(['mode', 'days']);
    expect(members({})).toEqual(['mode', 'days']);
    const holder = (f: ObjectField): ResourceDef =>
      defineResource({
        name: 'rule-validity',
        table: 'rule_validities',
        title: ['有效期', 'Validity'],
        route: { group: 'datum', entry: 'store', screens: { list: 'store' } },
        access: { read: ['资料查看'], write: '配置维护' },
        scope: 'tenant',
        fields: { name: field.text({ label: ['名称', 'Name'] }), validity: f },
        titleField: 'name',
        list: { defaultSort: { field: 'name', order: 'asc' } },
      });
    expect(fieldRuleProblems(holder(validity))).toEqual([]);
    // A member's condition names a sibling or a field of the record, nothing else.
    const broken = {
      ...validity,
      fields: { ...validity.fields, days: { ...validity.fields.days, when: { field: 'modus', in: ['RELATIVE'] } } },
    };
    expect(fieldRuleProblems(holder(broken))).toEqual(['rule-validity.validity.days: condition on unknown field modus']);
  });
});
