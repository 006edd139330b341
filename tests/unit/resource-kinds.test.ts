import { describe, expect, it } from 'vitest';
import { findScreen } from '../../resources/catalog/index';
import { defineKinds, defineResource, detailSections, field, formSections, listColumns, tableOwner } from '../../resources/define';
import { fieldRules } from '../../resources/field-rules';
import { resourceMessages } from '../../resources/resource-messages';
import { refineResources, resourceScreens } from '../../src/screens/resource-screens';
import { permissionsFor, viewHref } from '../../src/screens/generic/resource-routes';
import { appliesTo } from '../../src/screens/generic/form-rules';
import { filterFields } from '../../src/screens/generic/filter-bar';
import { activities } from '../../resources/promotion/activity.resource';

/**
 * One table, many kinds (`defineKinds`): a kind is one entry of the declaration, and its screens,
 * routes, refine resource, texts and form are derived from it, here on the purchase-reward
 * entry of the real catalogue (promotion/coupon-active: a list across kinds, an add and a detail
 * screen per kind).
 */
const rewards = defineKinds({
  base: defineResource({
    name: 'reward-activity',
    table: 'reward_activities',
    title: ['消费奖励', 'Purchase reward'],
    route: { group: 'promotion', entry: 'coupon-active', screens: { list: 'coupon-active-manage' } },
    access: { read: ['活动查看'], write: '配置维护' },
    scope: 'tenant',
    fields: {
      name: field.text({ label: ['名称', 'Name'], required: true }),
      activityType: field.enum({ label: ['活动类型', 'Kind'], required: true, options: {}, filter: 'in' }),
      remark: field.longText({ label: ['备注', 'Remark'] }),
    },
    titleField: 'name',
    list: { defaultSort: { field: 'name', order: 'asc' } },
  }),
  kindField: 'activityType',
  kinds: {
    SCORE_DOUBLING: {
      title: ['积分翻倍规则', 'Points doubling rule'],
      screens: { add: 'score-doubling-add', dtl: 'score-doubling-dtl' },
      fields: { multiple: field.decimal({ label: ['倍数', 'Multiple'], required: true, min: 1 }) },
    },
    AMOUNT_EXTRA_POINTS: {
      title: ['按金额加送积分规则', 'Extra points by amount rule'],
      screens: { add: 'amount-extra-points-add', dtl: 'amount-extra-points-dtl' },
      fields: {
        amountStep: field.money({ label: ['每满金额', 'Per amount'], required: true }),
        extraPoints: field.integer({ label: ['加送积分', 'Extra points'], required: true }),
      },
    },
    NON_POINTS_GOODS: {
      title: ['不积分商品规则', 'No-points goods rule'],
      name: 'non-points-goods',
      screens: { add: 'non-points-goods-add', dtl: 'non-points-goods-dtl' },
    },
  },
});

describe('one table, many kinds', () => {
  it("derives each kind's screens, routes and refine resource from the declaration, each a catalogue screen", () => {
    const screens = Object.keys(resourceScreens(rewards.resources)).sort();
    expect(screens).toEqual(
      [
        'promotion/coupon-active/coupon-active-manage',
        'promotion/coupon-active/score-doubling-add',
        'promotion/coupon-active/score-doubling-dtl',
        'promotion/coupon-active/amount-extra-points-add',
        'promotion/coupon-active/amount-extra-points-dtl',
        'promotion/coupon-active/non-points-goods-add',
        'promotion/coupon-active/non-points-goods-dtl',
      ].sort(),
    );
    for (const key of screens) {
      const [group, entry, screen] = key.split('/');
      expect(findScreen({ group: group as never, entry, screen }), key).toBeDefined();
    }
    const refine = refineResources(rewards.resources);
    expect(refine.map((r) => r.name)).toEqual([
      'reward-activity',
      'reward-activity-score-doubling',
      'reward-activity-amount-extra-points',
      'non-points-goods',
    ]);
    expect(refine[1]).toMatchObject({ meta: { resourceId: '营销/消费奖励', endpoint: 'reward-activity-score-doubling' } });
    expect(viewHref(rewards.kinds.SCORE_DOUBLING, 'add')).toBe('/promotion/coupon-active/score-doubling-add');
    expect(viewHref(rewards.kinds.SCORE_DOUBLING, 'edit', 4)).toBe('/promotion/coupon-active/score-doubling-add?id=4');
    expect(viewHref(rewards.kinds.SCORE_DOUBLING, 'dtl', 4)).toBe('/promotion/coupon-active/score-doubling-dtl?id=4');
    expect(viewHref(rewards.kinds.AMOUNT_EXTRA_POINTS, 'dtl', 4)).toBe('/promotion/coupon-active/amount-extra-points-dtl?id=4');
    expect(permissionsFor(rewards.kinds.SCORE_DOUBLING).create).toEqual([{ resourceId: '营销/消费奖励', action: '配置维护' }]);
  });

  it('makes every kind a view of the base with its kind fixed, and its option on the kind field', () => {
    for (const [value, view] of Object.entries(rewards.kinds)) {
      expect(tableOwner(view)).toBe(rewards.base);
      expect(view.fixedFilter).toEqual({ activityType: value });
    }
    const options = (rewards.base.fields.activityType as { options: Record<string, { label: unknown }> }).options;
    expect(Object.keys(options)).toEqual(['SCORE_DOUBLING', 'AMOUNT_EXTRA_POINTS', 'NON_POINTS_GOODS']);
    const book = resourceMessages(rewards.resources);
    expect(book['res.reward-activity.activityType.AMOUNT_EXTRA_POINTS']).toEqual(['按金额加送积分规则', 'Extra points by amount rule']);
    expect(book['res.non-points-goods']).toEqual(['不积分商品规则', 'No-points goods rule']);
  });

  it("gives each kind's rule fields its condition, its form section, and its list columns", () => {
    // The field's own condition, and its section's (the same one).
    const when = fieldRules(rewards.base, 'multiple').when;
    expect(when.length).toBeGreaterThan(0);
    for (const condition of when) expect(condition).toEqual({ field: 'activityType', in: ['SCORE_DOUBLING'] });
    expect(formSections(rewards.base).map((s) => s.key)).toEqual(['main', 'kind-score-doubling', 'kind-amount-extra-points']);
    const doubling = rewards.kinds.SCORE_DOUBLING;
    // The kind is stamped, so its form leaves the kind field out and shows only its own rules.
    expect(formSections(doubling).map((s) => [s.key, s.fields])).toEqual([
      ['main', ['name', 'remark']],
      ['kind-score-doubling', ['multiple']],
    ]);
    expect(detailSections(doubling).map((s) => s.key)).toEqual(['main', 'kind-score-doubling', 'more']);
    expect(listColumns(rewards.base)).toEqual(['name', 'activityType']);
    expect(listColumns(doubling)).toEqual(['name', 'multiple']);
    expect(listColumns(rewards.kinds.AMOUNT_EXTRA_POINTS)).toEqual(['name', 'amountStep', 'extraPoints']);
  });

  it("shows a kind's rule fields in its own form with no kind chosen (the view's kind decides), and hides the others'", () => {
    expect(appliesTo(rewards.kinds.SCORE_DOUBLING, 'multiple', {})).toBe(true);
    expect(appliesTo(rewards.kinds.SCORE_DOUBLING, 'amountStep', {})).toBe(false);
    expect(appliesTo(rewards.base, 'multiple', {})).toBe(false);
    expect(appliesTo(rewards.base, 'multiple', { activityType: 'SCORE_DOUBLING' })).toBe(true);
  });

  it('gives a kind without screens no view: it is chosen in the base form, whose section shows it', () => {
    const chosenInForm = defineKinds({
      base: defineResource({ ...rewards.base, name: 'reward-in-form', fields: { ...rewards.base.fields }, form: undefined }),
      kindField: 'activityType',
      kinds: {
        ONE: { title: ['一', 'One'], fields: { one: field.integer({ label: ['一', 'One'], required: true }) } },
        TWO: { title: ['二', 'Two'], fields: { two: field.money({ label: ['二', 'Two'], required: true }) } },
      },
    });
    expect(chosenInForm.resources.map((r) => r.name)).toEqual(['reward-in-form']);
    expect(chosenInForm.kinds).toEqual({});
    expect(Object.keys(resourceScreens(chosenInForm.resources)).sort()).toEqual(['promotion/coupon-active/coupon-active-manage']);
    expect(formSections(chosenInForm.base).map((s) => s.key)).toEqual(['main', 'kind-one', 'kind-two']);
    expect(appliesTo(chosenInForm.base, 'one', { activityType: 'ONE' })).toBe(true);
    expect(appliesTo(chosenInForm.base, 'two', { activityType: 'ONE' })).toBe(false);
    expect(appliesTo(chosenInForm.base, 'two', { activityType: 'TWO' })).toBe(true);
  });

  it("places the kinds' sections after the base section the declaration names", () => {
    const base = defineResource({
      name: 'voucher',
      table: 'vouchers',
      title: ['券', 'Voucher'],
      route: { group: 'coupons', entry: 'coupon-template', screens: { list: 'list' } },
      access: { read: ['券模板查看'], write: 'configure' },
      scope: 'tenant',
      fields: {
        name: field.text({ label: ['名称', 'Name'], required: true }),
        type: field.enum({ label: ['类型', 'Type'], required: true, options: {} }),
        stores: field.text({ label: ['门店', 'Stores'] }),
      },
      titleField: 'name',
      list: { defaultSort: { field: 'name', order: 'asc' } },
      form: [
        { key: 'main', title: ['基本', 'Basics'], fields: ['name', 'type'] },
        { key: 'scope', title: ['范围', 'Scope'], fields: ['stores'] },
      ],
    });
    const kinds = { CASH: { title: ['代金券', 'Cash'] as const, fields: { faceValue: field.money({ label: ['面额', 'Face value'] }) } } };
    const after = defineKinds({ base, kindField: 'type', kinds, kindSectionsAfter: 'main' });
    expect(formSections(after.base).map((s) => s.key)).toEqual(['main', 'kind-cash', 'scope']);
    expect(formSections(defineKinds({ base, kindField: 'type', kinds }).base).map((s) => s.key)).toEqual(['main', 'scope', 'kind-cash']);
    expect(() => defineKinds({ base, kindField: 'type', kinds, kindSectionsAfter: 'nowhere' })).toThrow(/nowhere/);
  });

  it("offers no menu-entry filter on a kind's list, where any other entry would find nothing", () => {
    const kindViews = Object.values(activities.kinds);
    expect(kindViews.length).toBeGreaterThan(10);
    for (const view of kindViews) {
      expect(filterFields(view)).not.toContain('family');
      expect(view.fixedFilter).toMatchObject({ family: expect.any(String) });
    }
    // Nor on an entry's own list; its kind filter offers its own kinds only.
    const entryList = activities.resources.find((r) => r.name === 'activity-family-score-activity')!;
    expect(filterFields(entryList)).not.toContain('family');
    expect(filterFields(entryList)).toContain('kind');
  });

  it('refuses a kind that redeclares a field', () => {
    expect(() =>
      defineKinds({
        base: rewards.base,
        kindField: 'activityType',
        kinds: { X: { title: ['x', 'x'], screens: {}, fields: { name: field.text({ label: ['n', 'n'] }) } } },
      }),
    ).toThrow(/redeclares the field name/);
  });
});
