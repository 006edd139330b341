import {
  defineKinds,
  defineResource,
  defineView,
  field,
  formSections,
  type FieldCondition,
  type FieldDef,
  type ResourceAccess,
  type ResourceDef,
  type Section,
} from '../define';
import { preset } from '../field-presets';
import { ACTIVITY_FAMILIES, type ActivityFamily, type ActivityKindDecl } from './activity-kind';
import { ACTIVITY_PARTS, budgetField, type ActivityPart } from './activity-parts';
import { ACTIVITY_KINDS } from './kinds/index';

/**
 * A marketing activity (营销活动, DOMAIN.md "Marketing activities", spec §4): one table for every
 * kind of issue 13, the kinds declared as data in `kinds/` (`defineKinds` on `kind`).
 *
 * Shared by every kind: the number (`AC` + 8 digits), the name, the window (start inclusive, end
 * exclusive), the scope (stores, areas, marketing centre, member levels, channels; an empty list
 * does not restrict), the budgets (total points / coupons / times, per member, per member per
 * day; empty = unlimited), the bearer of the cost and a remark. Parts only some kinds use (goods
 * counted, a reward, weekdays / time-of-day windows and stacking) are declared once in
 * `activity-parts.ts` and apply to the kinds that name them.
 *
 * Life cycle (§4): INITAIL 未审核 (edited freely, deletable) -> `audit` -> AUDITED, shown as
 * UNSTART 未开始 before its start, PROCESSING 进行中 inside its window and STOPED 已停止 from its
 * end, exact at every second with no job (`states.timeline`); `stop` (with a required reason)
 * ends an audited activity at once. Only INITAIL can be edited; `copy` starts a new INITAIL
 * activity from any record.
 *
 * Each kind gets a view with its own add / detail screens; each menu entry a view listing its
 * kinds (`family`, stamped by the server from the kind). The engine (server/modules/activities)
 * reads the rows through `activity.loader.ts`.
 */

const STATES = {
  INITAIL: { label: ['未审核', 'Not audited'], color: 'default' },
  AUDITED: { label: ['已审核', 'Audited'], color: 'blue' },
  UNSTART: { label: ['未开始', 'Not started'], color: 'cyan' },
  PROCESSING: { label: ['进行中', 'In progress'], color: 'green' },
  STOPED: { label: ['已停止', 'Stopped'], color: 'red' },
} as const;

/** The kinds that use a part. */
const kindsUsing = (part: ActivityPart) => ACTIVITY_KINDS.filter((k) => k.parts.includes(part)).map((k) => k.value);

/** A part's fields, applying only to the kinds that use it (after each field's own condition). */
function partFields(): Record<string, FieldDef> {
  const fields: Record<string, FieldDef> = {};
  for (const [part, { fields: own }] of Object.entries(ACTIVITY_PARTS) as [ActivityPart, (typeof ACTIVITY_PARTS)[ActivityPart]][]) {
    const when: FieldCondition = { field: 'kind', in: kindsUsing(part) };
    for (const [name, f] of Object.entries(own)) {
      const rest = f.when === undefined ? [] : Array.isArray(f.when) ? f.when : [f.when as FieldCondition];
      fields[name] = { ...f, when: [when, ...rest] } as FieldDef;
    }
  }
  return fields;
}

// A part whose members are all rule members (the reward) has no section of its own: they are the rule's.
const partSections: Section[] = (Object.entries(ACTIVITY_PARTS) as [ActivityPart, (typeof ACTIVITY_PARTS)[ActivityPart]][])
  .filter(([, { fields }]) => Object.keys(fields).length > 0)
  .map(([part, { title, fields }]) => ({
    key: `part-${part}`,
    title,
    fields: Object.keys(fields),
    // No section `when`: each field carries its part's condition (a view's sections may carry no rules).
  }));

/** Who reads and writes the activities of a menu entry (its catalogue actions). */
export function familyAccess(family: ActivityFamily): ResourceAccess {
  if (family === 'SCORE_INIT') return { read: ['规则查看', '配置维护'], write: '配置维护' };
  // Push plans' folder grants 计划查看 (resources/catalog/promotion.catalog.ts).
  if (family === 'PUSH_PLAN') return { read: ['计划查看', '配置维护'], write: '配置维护' };
  return { read: ['活动查看', '配置维护'], write: '配置维护' };
}

const base = defineResource({
  name: 'activity',
  table: 'activities',
  title: ['营销活动', 'Marketing activity'],
  // The base serves the API across kinds; its screens are the kinds' and the entries' views.
  route: { group: 'promotion', entry: 'coupon-active', screens: {} },
  access: familyAccess('COUPON_ACTIVE'),
  scope: 'tenant',
  fields: {
    number: preset.documentNumber({ label: ['活动编号', 'Activity number'], width: 130 }),
    name: preset.name(['活动名称', 'Activity name'], { width: 200 }),
    kind: field.enum({ label: ['活动类型', 'Kind'], required: true, readOnlyAfterCreate: true, options: {}, filter: 'in', width: 170 }),
    family: field.enum({
      label: ['所属菜单', 'Menu entry'],
      options: Object.fromEntries(Object.entries(ACTIVITY_FAMILIES).map(([value, f]) => [value, { label: f.title }])),
      serverManaged: true,
      filter: 'in',
      inList: false,
      inForm: false,
    }),
    state: field.enum({
      label: ['状态', 'Status'],
      options: STATES,
      defaultValue: 'INITAIL',
      serverManaged: true,
      filter: 'in',
      width: 100,
    }),
    ...preset.timeWindow(),
    stores: field.relation({
      label: ['适用门店', 'Stores'],
      help: ['不选则全部门店', 'None: every store'],
      emptyMeans: ['全部门店', 'All stores'],
      resource: 'store',
      multiple: true,
      inList: false,
    }),
    areas: field.relation({
      label: ['适用区域', 'Areas'],
      help: ['不选则全部区域', 'None: every area'],
      emptyMeans: ['全部区域', 'All areas'],
      resource: 'area',
      multiple: true,
      inList: false,
    }),
    marketingCenter: preset.marketingCenter({
      label: ['适用营销中心', 'Marketing centre'],
      help: ['不选则全部', 'None: all'],
      emptyMeans: ['全部', 'All'],
      inList: false,
    }),
    levels: field.relation({
      label: ['适用会员等级', 'Member levels'],
      help: ['不选则全部等级', 'None: every level'],
      emptyMeans: ['全部等级', 'All levels'],
      resource: 'level',
      multiple: true,
      inList: false,
    }),
    channels: field.relation({
      label: ['适用渠道', 'Channels'],
      help: ['不选则全部渠道', 'None: every channel'],
      emptyMeans: ['全部渠道', 'All channels'],
      resource: 'channel',
      multiple: true,
      inList: false,
    }),
    ...partFields(),
    budget: budgetField,
    costparty: field.relation({ label: ['费用承担方', 'Cost bearer'], resource: 'costparty', filter: 'eq', inList: false }),
    remark: preset.remark(),
    auditedAt: preset.auditedAt({ inList: false }),
  },
  titleField: 'name',
  // What a picker of activities (a marketing theme's) tells of each: its kind, state and window.
  picker: { card: ['kind', 'state', 'beginTime', 'endTime'] },
  numbering: { field: 'number', prefix: 'AC', digits: 8 },
  // Copy: a new INITAIL activity from any record (its kind's add form, filled).
  copyable: true,
  list: {
    columns: ['number', 'name', 'kind', 'state', 'beginTime', 'endTime'],
    defaultSort: { field: 'number', order: 'desc' },
  },
  form: [
    { key: 'main', title: ['基本信息', 'Basic information'], fields: ['name', 'kind', 'beginTime', 'endTime', 'costparty', 'remark'] },
    { key: 'scope', title: ['适用范围', 'Where it applies'], fields: ['stores', 'areas', 'marketingCenter', 'levels', 'channels'] },
    ...partSections,
    {
      key: 'budget',
      title: ['预算与限制', 'Budgets and limits'],
      fields: ['budget'],
    },
  ],
  states: {
    field: 'state',
    initial: 'INITAIL',
    editableIn: ['INITAIL'],
    deletableIn: ['INITAIL'],
    actions: {
      audit: {
        label: ['审核', 'Audit'],
        from: ['INITAIL'],
        to: 'AUDITED',
        confirm: [
          '审核后活动按时间生效，且不能再修改。确定审核“{title}”吗？',
          'Once audited, the activity runs in its window and can no longer be changed. Audit "{title}"?',
        ],
      },
      stop: {
        label: ['停止', 'Stop'],
        from: ['UNSTART', 'PROCESSING'],
        to: 'STOPED',
        danger: true,
        reason: 'required',
        confirm: [
          '停止后活动立即失效，不能恢复。确定停止“{title}”吗？',
          'A stopped activity gives nothing more and cannot be resumed. Stop "{title}"?',
        ],
      },
    },
    timeline: {
      window: { start: 'beginTime', end: 'endTime' },
      during: 'AUDITED',
      before: 'UNSTART',
      inside: 'PROCESSING',
      after: 'STOPED',
    },
  },
});

const declared = defineKinds({
  base,
  kindField: 'kind',
  kinds: Object.fromEntries(
    ACTIVITY_KINDS.map((k) => [
      k.value,
      {
        title: k.title,
        screens: k.screens,
        fields: k.fields,
        rule: k.rule,
        columns: k.columns,
        entry: ACTIVITY_FAMILIES[k.family].entry,
        access: familyAccess(k.family),
        fixed: { family: k.family },
      },
    ]),
  ),
});

/** The further views a kind declares (birthday points), with the kind's own form. */
function extraViews(kind: ActivityKindDecl): ResourceDef[] {
  const own = declared.kinds[kind.value];
  return (kind.views ?? []).map((v) =>
    defineView(declared.base, {
      name: v.name,
      title: v.title,
      route: { group: 'promotion', entry: ACTIVITY_FAMILIES[kind.family].entry, screens: v.screens },
      access: familyAccess(kind.family),
      scope: 'tenant',
      fixedFilter: { kind: kind.value, family: kind.family, ...v.fixedFilter },
      list: own.list,
      form: formSections(own),
    }),
  );
}

/** The list of each menu entry across its kinds (the entry's own screens). */
const ENTRY_LISTS: readonly { family: ActivityFamily; screens: ResourceDef['route']['screens'] }[] = [
  { family: 'COUPON_ACTIVE', screens: { list: 'coupon-active-manage' } },
  { family: 'SCORE_ACTIVITY', screens: { list: 'score-activity-home', add: 'score-activity-add', dtl: 'score-activity-detail' } },
  { family: 'BIRTHDAY', screens: { list: 'birthday-home' } },
  { family: 'OPEN_CARD', screens: { list: 'open-card' } },
  { family: 'INVITE_GIFT', screens: { list: 'invite-gift' } },
  { family: 'STORE_VALUE_ACTIVE', screens: { list: 'list' } },
  { family: 'PREPAY_CARD_CHARGE_GIFT', screens: { list: 'list' } },
  { family: 'GIFT_CARD_ACTIVITY', screens: { list: 'list' } },
  { family: 'THIRD_COUPON', screens: { list: 'third-coupon', dtl: 'third-coupon-dtl' } },
  // The claims' list, and the detail of any of its kinds (as score-activity-detail is).
  { family: 'WECHAT_RECEIVE_COUPON', screens: { list: 'wechat-receive-coupon', dtl: 'wechat-receive-coupon-dtl' } },
  { family: 'STORE_VALUE_PAY', screens: { list: 'list' } },
  { family: 'PREPAY_CARD_PAY', screens: { list: 'list' } },
  // Precision marketing's list (its kinds' own details: open-screen-soupon-dtl).
  { family: 'PRECISION_MARKETING', screens: { list: 'precision-marketing' } },
];

/** The API name of a menu entry's list view. */
export const familyViewName = (family: ActivityFamily) => `activity-family-${ACTIVITY_FAMILIES[family].entry}`;

const entryViews = ENTRY_LISTS.map(({ family, screens }) =>
  defineView(declared.base, {
    name: familyViewName(family),
    title: ACTIVITY_FAMILIES[family].one,
    route: { group: 'promotion', entry: ACTIVITY_FAMILIES[family].entry, screens },
    access: familyAccess(family),
    scope: 'tenant',
    fixedFilter: { family },
    // Its forms and filters offer the entry's own kinds.
    offers: { kind: ACTIVITY_KINDS.filter((k) => k.family === family).map((k) => k.value) },
  }),
);

/** The activity declarations: the base, one view per kind (and its further views), one list per menu entry. */
export const activities = {
  base: declared.base,
  kinds: declared.kinds,
  resources: [...declared.resources, ...ACTIVITY_KINDS.flatMap(extraViews), ...entryViews] as readonly ResourceDef[],
};

export const activityResource = declared.base;
