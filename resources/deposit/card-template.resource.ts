import { cardTemplateType, type CardTemplateType } from '../catalog/card-template-types';
import type { PermissionRef } from '../catalog/types';
import { defineResource, field } from '../define';

/**
 * A prepaid card template (卡模板, §2 deposit/prepay-card-tpl, §3 prepay card types, §7 card
 * template endpoints). It fixes what every card made from it is: its type, face value, selling
 * price, validity, whether it can be topped up, where it can be used and how its card numbers
 * look. Cards are made in batches from an enabled template.
 *
 * Numbers: a template's `number` (模板编号, `CT` + 8 digits) comes from
 * `POST /v1/card-template/allocateTemplateNumber`, which draws it from a per-tenant counter, so no
 * two callers ever get the same one. The edit screen allocates one when it opens; saveNew
 * allocates one itself when none is sent. Only allocated numbers are accepted (the engine's
 * `numbering`, server/crud/numbering.ts, serves both).
 *
 * States: a template is a product definition, not a time-bound activity, so it does not use the
 * activity life cycle (INITAIL/UNSTART/PROCESSING/STOPED). It is DRAFT (未启用) while being set up
 * and freely editable; ENABLED (已启用) once cards may be made and sold from it, from which point its
 * terms (face value, price, top-up, validity, card numbers, stores) are frozen because issued
 * cards rely on them (`editableIn: ['DRAFT']` on those fields and sections), while its name and
 * remarks can still be corrected; DISABLED (已停用) stops new cards while the cards already out
 * keep working. A disabled template can be enabled again.
 *
 * Permissions: the entry's own resource (储值/卡模板) is never granted. Each card type is its own
 * permission resource (CARD_TEMPLATE_TYPES); every call is checked against the type of the record
 * it touches (server/modules/cards/card-template.hooks.ts). `access` names the actions of that per-type pair.
 */
/** The permission to maintain templates of one card type. */
function maintains(type: CardTemplateType): PermissionRef {
  return { resourceId: cardTemplateType(type)!.resourceId, action: '卡模板维护' };
}

/** States in which a template's terms may change: issued cards rely on them once it is enabled. */
const TERMS_EDITABLE_IN = ['DRAFT'];

export const cardTemplateResource = defineResource({
  name: 'card-template',
  table: 'card_templates',
  title: ['卡模板', 'Card template'],
  route: {
    group: 'deposit',
    entry: 'prepay-card-tpl',
    screens: {
      list: 'prepay-card-tpl',
      add: 'prepay-card-tpl-edit',
      edit: 'prepay-card-tpl-edit',
      dtl: 'prepay-card-tpl-dtl',
    },
    // The edit and detail routes are allowed by the record's card type (§6 custom check).
    recordQuery: ['cardTemplateType'],
  },
  access: { read: ['卡模板查看', '卡模板维护'], write: '卡模板维护' },
  scope: 'tenant',
  fields: {
    number: field.text({
      label: ['模板编号', 'Template number'],
      help: ['系统自动分配，保存后不可修改', 'Allocated by the system; cannot be changed once saved'],
      unique: true,
      maxLength: 20,
      pattern: { regex: '^CT[0-9]{8}$', message: ['模板编号格式不正确', 'Invalid template number'] },
      readOnlyAfterCreate: true,
      searchable: true,
      filter: 'prefix',
      sortable: true,
      width: 140,
    }),
    name: field.text({
      label: ['模板名称', 'Template name'],
      required: true,
      maxLength: 60,
      searchable: true,
      filter: 'contains',
      sortable: true,
    }),
    cardTemplateType: field.enum({
      label: ['卡类型', 'Card type'],
      required: true,
      readOnlyAfterCreate: true,
      // A type is offered only to roles that may maintain that type's templates (item 5).
      options: {
        IMPREST_CARD: { label: ['充值卡', 'Recharge card'], color: 'blue', requires: maintains('IMPREST_CARD') },
        OFFLINE_GIFT_CARD: { label: ['实体礼品卡', 'Physical gift card'], color: 'gold', requires: maintains('OFFLINE_GIFT_CARD') },
        ONLINE_GIFT_CARD: { label: ['电子礼品卡', 'Electronic gift card'], color: 'magenta', requires: maintains('ONLINE_GIFT_CARD') },
        RECHARGEABLE_CARD: { label: ['储值卡', 'Stored-value card'], color: 'green', requires: maintains('RECHARGEABLE_CARD') },
      },
      filter: 'in',
      sortable: true,
      width: 120,
    }),
    faceValue: field.money({
      label: ['面值(元)', 'Face value (yuan)'],
      required: true,
      editableIn: TERMS_EDITABLE_IN,
      min: 0.01,
      max: 100000,
      sortable: true,
      filter: 'range',
      width: 110,
    }),
    price: field.money({
      label: ['售价(元)', 'Selling price (yuan)'],
      help: ['售卡时每张卡的收款金额，可低于面值', 'Amount charged per card when sold; may be below face value'],
      required: true,
      editableIn: TERMS_EDITABLE_IN,
      min: 0,
      max: 100000,
      sortable: true,
      width: 110,
    }),
    rechargeable: field.boolean({
      label: ['可充值', 'Rechargeable'],
      help: ['开启后卡内余额可以续充', 'When on, the card balance can be topped up'],
      defaultValue: false,
      editableIn: TERMS_EDITABLE_IN,
      filter: 'eq',
      width: 90,
    }),
    validityType: field.enum({
      label: ['有效期类型', 'Validity type'],
      required: true,
      options: {
        MONTHS: { label: ['自售卡起按月', 'Months from sale'] },
        FIXED: { label: ['固定日期', 'Fixed dates'] },
      },
      defaultValue: 'MONTHS',
      inList: false,
    }),
    validityMonths: field.integer({
      label: ['有效月数', 'Valid for (months)'],
      help: ['有效期类型为“自售卡起按月”时必填', 'Required when the validity counts months from sale'],
      required: true,
      when: { field: 'validityType', in: ['MONTHS'] },
      min: 1,
      max: 120,
      defaultValue: 12,
      inList: false,
    }),
    validPeriod: field.dateRange({
      label: ['有效日期', 'Valid dates'],
      help: ['有效期类型为“固定日期”时必填', 'Required when the validity has fixed dates'],
      required: true,
      when: { field: 'validityType', in: ['FIXED'] },
      inList: false,
    }),
    stores: field.relation({
      label: ['适用门店', 'Applicable stores'],
      help: ['不选表示全部门店适用', 'Leave empty for every store'],
      emptyMeans: ['全部门店', 'All stores'],
      resource: 'store',
      multiple: true,
      inList: false,
    }),
    cardNumberPrefix: field.text({
      label: ['卡号前缀', 'Card number prefix'],
      maxLength: 8,
      pattern: {
        regex: '^[A-Z0-9]{1,8}$',
        message: ['卡号前缀只能是1-8位大写字母或数字', 'The prefix is 1 to 8 capital letters or digits'],
      },
      inList: false,
    }),
    cardNumberLength: field.integer({
      label: ['卡号长度', 'Card number length'],
      help: ['含前缀的总位数', 'Total digits including the prefix'],
      required: true,
      min: 8,
      max: 32,
      defaultValue: 16,
      inList: false,
    }),
    state: field.enum({
      label: ['状态', 'Status'],
      options: {
        DRAFT: { label: ['未启用', 'Not enabled'], color: 'default' },
        ENABLED: { label: ['已启用', 'Enabled'], color: 'green' },
        DISABLED: { label: ['已停用', 'Disabled'], color: 'red' },
      },
      defaultValue: 'DRAFT',
      serverManaged: true,
      filter: 'eq',
      width: 100,
    }),
    remark: field.longText({ label: ['备注', 'Remarks'], maxLength: 500 }),
  },
  titleField: 'name',
  picker: { card: ['state', 'cardTemplateType', 'faceValue', 'price'] },
  // `CT` + 8 digits; allocateTemplateNumber draws from the same counter (server/modules/cards/card-template.hooks.ts).
  numbering: { field: 'number', prefix: 'CT', digits: 8 },
  list: {
    columns: ['number', 'name', 'cardTemplateType', 'faceValue', 'price', 'rechargeable', 'state'],
    defaultSort: { field: 'number', order: 'desc' },
  },
  form: [
    {
      key: 'basic',
      title: ['基本信息', 'Basic information'],
      fields: ['number', 'name', 'cardTemplateType', 'faceValue', 'price', 'rechargeable'],
    },
    {
      key: 'validity',
      title: ['有效期', 'Validity'],
      fields: ['validityType', 'validityMonths', 'validPeriod'],
      editableIn: TERMS_EDITABLE_IN,
    },
    {
      key: 'numbering',
      title: ['卡号规则', 'Card number rule'],
      fields: ['cardNumberPrefix', 'cardNumberLength'],
      editableIn: TERMS_EDITABLE_IN,
    },
    { key: 'scope', title: ['适用范围', 'Where it applies'], fields: ['stores'], editableIn: TERMS_EDITABLE_IN },
    { key: 'other', title: ['其他', 'Other'], fields: ['remark'] },
  ],
  states: {
    field: 'state',
    initial: 'DRAFT',
    // Editable in every state; the terms only while DRAFT (TERMS_EDITABLE_IN).
    deletableIn: ['DRAFT'],
    actions: {
      enable: {
        label: ['启用', 'Enable'],
        from: ['DRAFT', 'DISABLED'],
        to: 'ENABLED',
        confirm: [
          '启用后模板的面值、售价、有效期、卡号规则和适用门店不能再修改，确定启用吗？',
          "Once enabled, the template's face value, price, validity, card number rule and stores can no longer be changed. Enable it?",
        ],
      },
      disable: {
        label: ['停用', 'Disable'],
        from: ['ENABLED'],
        to: 'DISABLED',
        confirm: [
          '停用后不能再用此模板制卡和售卡，已发出的卡不受影响。确定停用吗？',
          'Once disabled, no new cards can be made or sold from this template; cards already issued keep working. Disable it?',
        ],
        danger: true,
      },
    },
  },
  deletable: true,
  files: { module: 'prepaidCards', importable: false },
});
