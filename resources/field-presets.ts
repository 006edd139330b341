/**
 * Named builders for field shapes that many declarations share (a unique code, a name, a phone
 * number, a remark, an on/off state …). Each returns exactly the field the declarations used to
 * spell out, so a preset changes nothing derived from it (table, indexes, API, screens); what
 * differs per resource (a label, a width, a length) is passed in `overrides`, which are spread
 * last and so win over the preset.
 *
 * Use a preset only where the field is the preset's shape; a field that differs in meaning (a code
 * that is not sortable, a mobile with another pattern) stays written out with `field.*`.
 */
import {
  field,
  type BooleanField,
  type DateTimeField,
  type EnumField,
  type FieldDef,
  type LongTextField,
  type RelationField,
  type TextField,
} from './define';
import type { Bilingual } from './messages/bilingual';

/** What a preset lets a declaration change: any option of the field except its kind. */
export type PresetOverrides<F extends FieldDef> = Partial<Omit<F, 'kind'>>;

export const preset = {
  /**
   * A record's code (门店编码, 品牌编码 …): required, unique per tenant, at most 32 characters,
   * searched and filtered by prefix, sortable, and fixed once the record is created.
   * Pass the list column's `width` in `overrides`.
   */
  code(label: Bilingual, overrides?: PresetOverrides<TextField>): TextField {
    return field.text({
      label,
      required: true,
      unique: true,
      maxLength: 32,
      searchable: true,
      filter: 'prefix',
      sortable: true,
      readOnlyAfterCreate: true,
      ...overrides,
    });
  },

  /**
   * A record's name (its title field): required, at most 60 characters unless `maxLength` is
   * overridden, searched, filtered by substring and sortable. Not unique: see {@link preset.uniqueName}.
   */
  name(label: Bilingual, overrides?: PresetOverrides<TextField>): TextField {
    return field.text({
      label,
      required: true,
      maxLength: 60,
      searchable: true,
      filter: 'contains',
      sortable: true,
      ...overrides,
    });
  },

  /** {@link preset.name} that is also unique per tenant (no two brands, channels … share a name). */
  uniqueName(label: Bilingual, overrides?: PresetOverrides<TextField>): TextField {
    return field.text({
      label,
      required: true,
      unique: true,
      maxLength: 60,
      searchable: true,
      filter: 'contains',
      sortable: true,
      ...overrides,
    });
  },

  /**
   * A landline or mobile phone number, optional: 5 to 20 digits, spaces, `+`, `-` and brackets,
   * shown in a 140-pixel column.
   */
  phone(label: Bilingual, overrides?: PresetOverrides<TextField>): TextField {
    return field.text({
      label,
      maxLength: 20,
      pattern: { regex: '^[0-9+\\-() ]{5,20}$', message: ['请输入正确的电话号码', 'Enter a valid phone number'] },
      width: 140,
      ...overrides,
    });
  },

  /** Free remarks (备注), at most 500 characters; a long text, so not a list column. */
  remark(overrides?: PresetOverrides<LongTextField>): LongTextField {
    return field.longText({ label: ['备注', 'Remarks'], maxLength: 500, ...overrides });
  },

  /** A plain on/off switch (是否启用) a user sets, enabled by default and filterable. */
  enabledFlag(overrides?: PresetOverrides<BooleanField>): BooleanField {
    return field.boolean({ label: ['是否启用', 'Enabled'], defaultValue: true, filter: 'eq', width: 100, ...overrides });
  },

  /**
   * The state field of the on/off life cycle (ENABLED / DISABLED), moved only by the state
   * actions of `enabledStates()` (resources/member/enabled-state.ts), never written by a client.
   */
  enabledState(overrides?: PresetOverrides<EnumField>): EnumField {
    return field.enum({
      label: ['状态', 'Status'],
      options: {
        ENABLED: { label: ['已启用', 'Enabled'], color: 'green' },
        DISABLED: { label: ['已停用', 'Disabled'], color: 'default' },
      },
      defaultValue: 'ENABLED',
      serverManaged: true,
      filter: 'eq',
      width: 100,
      ...overrides,
    });
  },

  /**
   * The state field of a published window (a marketing theme, a pay-to-join rule): stored
   * INITAIL 未发布 -> PUBLISHED -> STOPED, shown UNSTART / PROCESSING / STOPED by the window
   * ({@link PUBLISHED_TIMELINE}); moved only by its actions, never written by a client.
   */
  publishedState(overrides?: PresetOverrides<EnumField>): EnumField {
    return field.enum({
      label: ['状态', 'Status'],
      options: {
        INITAIL: { label: ['未发布', 'Not published'], color: 'default' },
        PUBLISHED: { label: ['已发布', 'Published'], color: 'blue' },
        UNSTART: { label: ['未开始', 'Not started'], color: 'cyan' },
        PROCESSING: { label: ['进行中', 'Live'], color: 'green' },
        STOPED: { label: ['已结束', 'Ended'], color: 'red' },
      },
      defaultValue: 'INITAIL',
      serverManaged: true,
      filter: 'in',
      sortable: true,
      width: 100,
      ...overrides,
    });
  },

  /**
   * A document's bill number (单号, e.g. `SA00000001`): drawn by the server on saveNew (declare the
   * resource's `numbering` on it), required and unique, so its unique index also serves its
   * order; searched and filtered by prefix, sortable.
   */
  documentNumber(overrides?: PresetOverrides<TextField> & { readonly required?: true }): TextField & { readonly required: true } {
    return field.text({
      label: ['单号', 'Document number'],
      required: true,
      unique: true,
      maxLength: 20,
      serverManaged: true,
      searchable: true,
      filter: 'prefix',
      sortable: true,
      width: 150,
      ...overrides,
    });
  },

  /** When a document was audited (审核时间): stamped by the server, filtered by range, sortable. */
  auditedAt(overrides?: PresetOverrides<DateTimeField>): DateTimeField {
    return field.datetime({
      label: ['审核时间', 'Audited at'],
      serverManaged: true,
      filter: 'range',
      sortable: true,
      width: 170,
      ...overrides,
    });
  },

  /** The marketing centre a record belongs to (所属营销中心), optional, filtered by equality. */
  marketingCenter(overrides?: PresetOverrides<RelationField>): RelationField {
    return field.relation({ label: ['所属营销中心', 'Marketing centre'], resource: 'marketing-center', filter: 'eq', ...overrides });
  },

  /**
   * The window of a life cycle that follows time (`states.timeline`: an activity's, a marketing
   * theme's): its start (inclusive) and end (exclusive), both required, filtered by range and
   * sortable, in 170-pixel columns.
   */
  timeWindow(): { beginTime: DateTimeField & { readonly required: true }; endTime: DateTimeField & { readonly required: true } } {
    return {
      beginTime: field.datetime({ label: ['开始时间', 'Starts'], required: true, filter: 'range', sortable: true, width: 170 }),
      endTime: field.datetime({
        label: ['结束时间', 'Ends'],
        help: ['不含该时刻本身', 'The end moment itself is not included'],
        required: true,
        filter: 'range',
        sortable: true,
        width: 170,
      }),
    };
  },

  /**
   * The goods, categories and brands a goods scope lists (a coupon template's, an activity's),
   * shown while the scope field `scopeField` is INCLUDE or EXCLUDE; not list columns.
   */
  listedGoods(scopeField: string): Record<'goods' | 'categories' | 'brands', RelationField> {
    const listed = (label: Bilingual, resource: string): RelationField =>
      field.relation({ label, resource, multiple: true, when: { field: scopeField, in: ['INCLUDE', 'EXCLUDE'] }, inList: false });
    return {
      goods: listed(['商品', 'Goods listed'], 'product'),
      categories: listed(['品类', 'Categories listed'], 'catogory'),
      brands: listed(['品牌', 'Brands listed'], 'brand'),
    };
  },
} as const;

/** The timeline of {@link preset.publishedState} over {@link preset.timeWindow}: published records follow their window. */
export const PUBLISHED_TIMELINE = {
  window: { start: 'beginTime', end: 'endTime' },
  during: 'PUBLISHED',
  before: 'UNSTART',
  inside: 'PROCESSING',
  after: 'STOPED',
} as const;
