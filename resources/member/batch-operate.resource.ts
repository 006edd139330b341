import { defineResource, field, REASON_MAX_LENGTH, type EnumField, type EnumOption } from '../define';
import { preset } from '../field-presets';
import { memberResource } from './member.resource';

/**
 * A batch operation document (批量操作单, member/batch-operate; DOMAIN.md "Batch operation
 * documents"): one operation applied to a list of members.
 *
 * - The operation is freeze / unfreeze (with a reason, following the member's own freeze and
 *   unfreeze rules), changeLevel (a target level), addTag (a tag), grantPoints (a positive
 *   number of points), grantValue (stored value: a principal and a gift amount per member) or
 *   grantCoupon (an effective coupon template and how many coupons each member receives).
 * - The members are picked by hand, matched by a stored filter (mobile prefix, level, state,
 *   registration store, channel, registration dates), or imported from an .xlsx of mobiles or
 *   member numbers. Whatever the mode, they become the document's lines; a filter is expanded
 *   by the server on every save, so the auditor approves exactly the members listed.
 * - Life cycle: INITIAL 未审核 (editable, deletable) -> `audit` -> RUNNING 执行中 (one
 *   conditional update, so a document can never start twice) -> EFFECTED 已完成 when every line
 *   is done, or FAILED when the job itself broke off. The background job (server/modules/batch)
 *   applies each line once, records its result and message, and keeps the counts up to date.
 *
 * The number (`BO` + 8 digits) is drawn by the server on saveNew.
 */

/** Most members one document may list (its lines are applied one by one in the background). */
export const MAX_BATCH_MEMBERS = 10_000;

/** The operations a document can apply. */
export const BATCH_OPERATIONS = ['freeze', 'unfreeze', 'changeLevel', 'addTag', 'grantPoints', 'grantValue', 'grantCoupon'] as const;
export type BatchOperation = (typeof BATCH_OPERATIONS)[number];

/** How the members of a document were chosen. */
export const SELECTION_MODES = ['picked', 'filtered', 'imported'] as const;
export type SelectionMode = (typeof SELECTION_MODES)[number];

/** The result of one line. */
export const LINE_RESULTS = ['pending', 'succeeded', 'failed'] as const;
export type LineResult = (typeof LINE_RESULTS)[number];

/**
 * The parameter fields of the operations, each required for its operations and cleared for the
 * others (declared with `when` on `operation`).
 */
export const PARAMETER_FIELDS = [
  'reason',
  'targetLevel',
  'tag',
  'points',
  'valuePrincipal',
  'valueGift',
  'couponTemplate',
  'couponCount',
] as const;

/** Most coupons of one document's template each member receives. */
export const MAX_BATCH_COUPONS = 100;

/** A field that applies only to these operations. */
const forOperations = (...operations: BatchOperation[]) => ({ field: 'operation', in: operations }) as const;
/**
 * A value measure of these operations: written by the server on every save for the value
 * approval rule (server/modules/batch/batch-operate.hooks.ts), shown by the detail's approval panel.
 */
const measureFor = (...operations: BatchOperation[]) =>
  ({ serverManaged: true, when: forOperations(...operations), inList: false }) as const;
/** A field kept only for members chosen this way (declared with `when` on `selectionMode`). */
const forMode = (mode: SelectionMode) => ({ field: 'selectionMode', in: [mode] }) as const;

/**
 * The stored filter of `filtered` documents: document field -> the member field it filters, with
 * the member list's own filter mode (prefix, eq, in, range).
 */
export const FILTER_FIELDS = {
  filterMobilePrefix: 'mobile',
  filterLevel: 'level',
  filterState: 'state',
  filterStore: 'registerStore',
  filterChannel: 'channel',
  filterRegistered: 'registeredAt',
} as const satisfies Record<string, keyof typeof memberResource.fields>;

/** The field holding the name of an imported workbook. */
export const SOURCE_FILE_FIELD = 'sourceFile';

/** The options of a member enum field that inputs offer (not the stored capitalised variants). */
function offeredOptions(f: EnumField): Record<string, EnumOption> {
  return Object.fromEntries(Object.entries(f.options).filter(([, option]) => option.aliasOf === undefined));
}

export const batchOperateResource = defineResource({
  name: 'batch-operate',
  table: 'batch_operations',
  title: ['批量操作单', 'Batch operation'],
  route: { group: 'member', entry: 'batch-operate', screens: { list: 'list', edit: 'edit', dtl: 'dtl' } },
  access: { read: ['单据查看'], write: '配置维护' },
  scope: 'tenant',
  files: { module: 'members' },
  fields: {
    // First writable field: the one a generic edit changes without touching the operation.
    remark: preset.remark(),
    number: preset.documentNumber(),
    operation: field.enum({
      label: ['操作类型', 'Operation'],
      required: true,
      options: {
        freeze: { label: ['冻结会员', 'Freeze members'], color: 'red' },
        unfreeze: { label: ['解冻会员', 'Unfreeze members'], color: 'green' },
        changeLevel: { label: ['调整等级', 'Change level'], color: 'purple' },
        addTag: { label: ['添加标签', 'Add a tag'], color: 'cyan' },
        grantPoints: { label: ['赠送积分', 'Grant points'], color: 'gold' },
        grantValue: { label: ['赠送储值', 'Grant stored value'], color: 'magenta' },
        grantCoupon: { label: ['发放优惠券', 'Grant coupons'], color: 'volcano' },
      },
      defaultValue: 'freeze',
      filter: 'eq',
      width: 120,
    }),
    reason: field.text({
      label: ['操作原因', 'Reason'],
      help: ['冻结、解冻时必填，记入会员的状态变更记录', "Required to freeze or unfreeze; written in each member's state history"],
      maxLength: REASON_MAX_LENGTH,
      required: true,
      when: forOperations('freeze', 'unfreeze'),
      inList: false,
    }),
    targetLevel: field.relation({
      label: ['目标等级', 'Target level'],
      resource: 'level',
      required: true,
      when: forOperations('changeLevel'),
      inList: false,
    }),
    tag: field.enum({
      label: ['标签', 'Tag'],
      options: memberResource.fields.tags.options,
      required: true,
      when: forOperations('addTag'),
      inList: false,
    }),
    points: field.integer({
      label: ['赠送积分', 'Points to grant'],
      min: 1,
      max: 1_000_000,
      required: true,
      when: forOperations('grantPoints'),
      inList: false,
    }),
    // Stored value granted to each member (server/modules/stored-value-docs/batch-value.ts): at least one above 0.
    valuePrincipal: field.money({
      label: ['赠送本金（元）', 'Principal to grant (yuan)'],
      min: 0,
      max: 100_000,
      required: true,
      defaultValue: 0,
      when: forOperations('grantValue'),
      inList: false,
    }),
    valueGift: field.money({
      label: ['赠送金（元）', 'Gift to grant (yuan)'],
      min: 0,
      max: 100_000,
      required: true,
      defaultValue: 0,
      when: forOperations('grantValue'),
      inList: false,
    }),
    // Coupons issued to each member through server/modules/coupons (source BATCH): an effective template only.
    couponTemplate: field.relation({
      label: ['券模板', 'Coupon template'],
      help: [
        '只能选择已生效的券模板；每位会员受模板的每人限领和总量限制',
        "An effective template only; each member is held to the template's per-member limit and total",
      ],
      resource: 'coupon-template',
      pickable: { field: 'state', in: ['EFFECTIVE'] },
      required: true,
      when: forOperations('grantCoupon'),
      inList: false,
    }),
    couponCount: field.integer({
      label: ['每人发放张数', 'Coupons per member'],
      min: 1,
      max: MAX_BATCH_COUPONS,
      required: true,
      defaultValue: 1,
      when: forOperations('grantCoupon'),
      inList: false,
    }),
    // What each member's coupons are worth to the value approval rule, measured by the server on
    // every save from the template (server/modules/coupons/coupon-worth.ts): money, or the points
    // of a points coupon. The template's value part is frozen once it is effective, the only state
    // a document may pick, so the figure saved is the one the audit applies.
    couponWorth: field.money({ label: ['每人券价值（元）', 'Coupon value per member (yuan)'], ...measureFor('grantCoupon') }),
    couponPoints: field.integer({ label: ['每人券内积分', 'Coupon points per member'], ...measureFor('grantCoupon') }),
    couponGivesPoints: field.boolean({ label: ['积分券', 'Points coupon'], ...measureFor('grantCoupon') }),
    // The points each member reaching the target level would be granted by its enabled upgrade
    // incentives (server/modules/levels), measured by the server on every save and again at the audit.
    levelPoints: field.integer({ label: ['每人升级激励积分', 'Upgrade incentive points per member'], ...measureFor('changeLevel') }),
    selectionMode: field.enum({
      label: ['选择会员方式', 'Members chosen by'],
      required: true,
      options: {
        picked: { label: ['手工选择', 'Picked by hand'], color: 'blue' },
        filtered: { label: ['按条件筛选', 'Filter'], color: 'geekblue' },
        imported: { label: ['文件导入', 'Imported file'], color: 'purple' },
      },
      defaultValue: 'picked',
      filter: 'eq',
      width: 120,
    }),
    filterMobilePrefix: field.text({
      label: ['手机号开头', 'Mobile starts with'],
      maxLength: 11,
      pattern: { regex: '^\\d{1,11}$', message: ['请输入 1 到 11 位数字', 'Enter 1 to 11 digits'] },
      when: forMode('filtered'),
      inList: false,
    }),
    filterLevel: field.relation({ label: ['会员等级', 'Level'], resource: 'level', when: forMode('filtered'), inList: false }),
    filterState: field.enum({
      label: ['会员状态', 'Member state'],
      options: offeredOptions(memberResource.fields.state),
      when: forMode('filtered'),
      inList: false,
    }),
    filterStore: field.relation({ label: ['注册门店', 'Registration store'], resource: 'store', when: forMode('filtered'), inList: false }),
    filterChannel: field.enum({
      label: ['注册渠道', 'Channel'],
      options: memberResource.fields.channel.options,
      when: forMode('filtered'),
      inList: false,
    }),
    filterRegistered: field.dateRange({ label: ['注册日期', 'Registered between'], when: forMode('filtered'), inList: false }),
    sourceFile: field.text({ label: ['导入文件', 'Imported file'], maxLength: 200, when: forMode('imported'), inList: false }),
    memberCount: field.integer({ label: ['会员数', 'Members'], serverManaged: true, defaultValue: 0, sortable: true, width: 90 }),
    succeededCount: field.integer({ label: ['成功', 'Succeeded'], serverManaged: true, defaultValue: 0, width: 80 }),
    failedCount: field.integer({ label: ['失败', 'Failed'], serverManaged: true, defaultValue: 0, width: 80 }),
    processedCount: field.integer({ label: ['已处理', 'Processed'], serverManaged: true, defaultValue: 0, inList: false }),
    state: field.enum({
      label: ['状态', 'Status'],
      options: {
        INITIAL: { label: ['未审核', 'Not audited'], color: 'orange' },
        RUNNING: { label: ['执行中', 'Running'], color: 'processing' },
        EFFECTED: { label: ['已完成', 'Done'], color: 'green' },
        FAILED: { label: ['执行失败', 'Failed'], color: 'red' },
      },
      defaultValue: 'INITIAL',
      serverManaged: true,
      filter: 'eq',
      width: 100,
    }),
    auditedAt: preset.auditedAt(),
    finishedAt: field.datetime({ label: ['完成时间', 'Finished at'], serverManaged: true, width: 170, inList: false }),
    lines: field.lines({
      label: ['会员明细', 'Members'],
      maxLines: MAX_BATCH_MEMBERS,
      inDetail: false,
      fields: {
        member: field.relation({ label: ['会员', 'Member'], resource: 'member', required: true }),
        result: field.enum({
          label: ['执行结果', 'Result'],
          options: {
            pending: { label: ['待执行', 'Pending'], color: 'default' },
            succeeded: { label: ['成功', 'Succeeded'], color: 'green' },
            failed: { label: ['失败', 'Failed'], color: 'red' },
          },
          defaultValue: 'pending',
          serverManaged: true,
        }),
        // The message key and its values (JSON): shown in the reader's language.
        message: field.text({ label: ['说明', 'Message'], maxLength: 200, serverManaged: true }),
        messageValues: field.longText({ label: ['说明参数', 'Message values'], maxLength: 2000, serverManaged: true, inDetail: false }),
      },
    }),
  },
  titleField: 'number',
  numbering: { field: 'number', prefix: 'BO', digits: 8 },
  list: {
    columns: ['number', 'operation', 'selectionMode', 'memberCount', 'succeededCount', 'failedCount', 'state', 'auditedAt'],
    defaultSort: { field: 'number', order: 'desc' },
  },
  form: [
    { key: 'operation', title: ['操作内容', 'Operation'], fields: ['operation', ...PARAMETER_FIELDS, 'remark'] },
    {
      key: 'members',
      title: ['选择会员', 'Members'],
      fields: ['selectionMode', ...Object.keys(FILTER_FIELDS), SOURCE_FILE_FIELD, 'lines'],
    },
  ],
  detail: [
    // The run's counts are the detail screen's own progress card (live while it runs), not a section.
    {
      key: 'header',
      title: ['单据信息', 'Document'],
      fields: ['number', 'state', 'operation', ...PARAMETER_FIELDS, 'remark', 'auditedAt', 'finishedAt'],
    },
    {
      key: 'members',
      title: ['选择会员', 'Members'],
      fields: ['selectionMode', ...Object.keys(FILTER_FIELDS), SOURCE_FILE_FIELD, 'memberCount'],
    },
  ],
  states: {
    field: 'state',
    initial: 'INITIAL',
    editableIn: ['INITIAL'],
    deletableIn: ['INITIAL'],
    actions: {
      audit: {
        label: ['审核', 'Audit'],
        from: ['INITIAL'],
        to: 'RUNNING',
        confirm: [
          '审核后将在后台对单据中的每位会员执行一次操作，且不能再修改或删除。确定审核“{title}”吗？',
          'Once audited, the operation runs in the background on every member of the document, and the document can no longer be changed or deleted. Audit "{title}"?',
        ],
      },
      // The run's end, moved by the background job only (no route, no button).
      finish: { label: ['执行完成', 'Run finished'], from: ['RUNNING'], to: 'EFFECTED', server: true },
      fail: { label: ['执行失败', 'Run failed'], from: ['RUNNING'], to: 'FAILED', server: true },
    },
  },
  deletable: true,
  // What a grant creates over all its members; coupons count as value too: what each member's
  // coupons can take off (or, for a points coupon, the points they give); a level change, the
  // points of the target level's upgrade incentives (at most: a member already there gets none).
  creates: {
    values: [
      { kind: 'points', fields: ['levelPoints'], times: 'memberCount', when: forOperations('changeLevel') },
      { kind: 'points', fields: ['points'], times: 'memberCount', when: forOperations('grantPoints') },
      { kind: 'storedValue', fields: ['valuePrincipal', 'valueGift'], times: 'memberCount', when: forOperations('grantValue') },
      {
        kind: 'couponValue',
        fields: ['couponWorth'],
        times: 'memberCount',
        when: [forOperations('grantCoupon'), { field: 'couponGivesPoints', in: [false] }],
      },
      {
        kind: 'points',
        fields: ['couponPoints'],
        times: 'memberCount',
        when: [forOperations('grantCoupon'), { field: 'couponGivesPoints', in: [true] }],
      },
    ],
  },
});
