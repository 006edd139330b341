/**
 * What the audited adjustment documents share (积分调整单, 储值调整单, 预付卡调整单 …): a numbered
 * header with a store and remarks, lines that each cite a reason from a small reason master, and
 * the life cycle INITIAL 未审核 -> EFFECTED 已审核 by one `audit` whose server hook posts every
 * line to a ledger exactly once (server/modules/document-audit/). A declaration spreads these
 * pieces and adds its own totals and line fields:
 *
 * ```ts
 * fields: { ...auditedDocument.header(), totalPoints, lineCount, ...auditedDocument.trail(), lines },
 * numbering: { field: 'number', prefix: 'SA', digits: 8 },
 * states: auditedDocument.states(['审核后…确定审核“{title}”吗？', 'Once audited, … Audit "{title}"?']),
 * ```
 *
 * and its reason master is one call of {@link defineReasonMaster}. Each piece returns exactly the
 * fields the documents used to spell out, so moving a declaration onto them changes nothing
 * derived from it (table, API, screens, messages).
 */
import {
  defineResource,
  field,
  type LineField,
  type ResourceAccess,
  type ResourceRoute,
  type ResourceStates,
  type Section,
} from './define';
import { preset } from './field-presets';
import type { Bilingual } from './messages/bilingual';

/** The state an audited document is drafted in, and the one its audit moves it to. */
export const DOCUMENT_DRAFT = 'INITIAL';
export const DOCUMENT_AUDITED = 'EFFECTED';

export const auditedDocument = {
  /**
   * The head of the header: the number (`numbering` draws it; declare it on the resource) and
   * the store the document is made for (optional, filtered by equality).
   */
  header(storeLabel: Bilingual = ['调整门店', 'Store']) {
    return {
      number: preset.documentNumber(),
      store: field.relation({ label: storeLabel, resource: 'store', filter: 'eq', width: 160 }),
    };
  },

  /**
   * The adjustment lines: the document's own fields (whose balance, by how much), then the reason
   * from its reason master (`reasonResource`) and a line remark; 1 to 500 lines.
   */
  adjustmentLines<const F extends Readonly<Record<string, LineField>>>(args: { readonly reasonResource: string; readonly fields: F }) {
    return field.lines({
      label: ['调整明细', 'Adjustment lines'],
      required: true,
      minLines: 1,
      maxLines: 500,
      fields: {
        ...args.fields,
        reason: field.relation({ label: ['调整原因', 'Reason'], resource: args.reasonResource, required: true }),
        remark: field.text({ label: ['行备注', 'Line remark'], maxLength: 200 }),
      },
    });
  },

  /** The tail of the header: the state (moved by `audit` only), when it was audited, and remarks. */
  trail() {
    return {
      state: field.enum({
        label: ['状态', 'Status'],
        options: {
          INITIAL: { label: ['未审核', 'Not audited'], color: 'orange' },
          EFFECTED: { label: ['已审核', 'Audited'], color: 'green' },
        },
        defaultValue: DOCUMENT_DRAFT,
        serverManaged: true,
        filter: 'eq',
        width: 100,
      }),
      auditedAt: preset.auditedAt(),
      remark: preset.remark(),
    };
  },

  /**
   * The life cycle: editable and deletable while not audited; `audit` (with `confirm`, where
   * `{title}` is the document number) makes it final.
   */
  states(confirm: Bilingual): ResourceStates {
    return {
      field: 'state',
      initial: DOCUMENT_DRAFT,
      editableIn: [DOCUMENT_DRAFT],
      deletableIn: [DOCUMENT_DRAFT],
      actions: {
        audit: { label: ['审核', 'Audit'], from: [DOCUMENT_DRAFT], to: DOCUMENT_AUDITED, confirm },
      },
    };
  },

  /** The list: number, store, `totals` (also summed in the totals row), state, audit time; newest first. */
  list(totals: readonly string[]) {
    return {
      columns: ['number', 'store', ...totals, 'state', 'auditedAt'],
      defaultSort: { field: 'number', order: 'desc' },
      totals,
    } as const;
  },

  /**
   * The form and detail sections: the header (store and remarks on the form; number, state,
   * store, `totals`, audit time and remarks on the detail) and the lines.
   */
  sections(args: { readonly totals: readonly string[]; readonly linesTitle: Bilingual }): {
    form: readonly Section[];
    detail: readonly Section[];
  } {
    const header: Bilingual = ['单据信息', 'Document'];
    const lines: Section = { key: 'lines', title: args.linesTitle, fields: ['lines'] };
    return {
      form: [{ key: 'header', title: header, fields: ['store', 'remark'] }, lines],
      detail: [{ key: 'header', title: header, fields: ['number', 'state', 'store', ...args.totals, 'auditedAt', 'remark'] }, lines],
    };
  },
} as const;

/** Which way a line citing a reason may move its value. */
export const REASON_DIRECTIONS = ['increase', 'decrease', 'both'] as const;
export type ReasonDirection = (typeof REASON_DIRECTIONS)[number];

/**
 * A reason master of adjustment lines (积分调整原因, 储值调整原因 …): code, unique name, the
 * direction lines citing it may move their value (`directionHelp` says what moves), enabled,
 * remarks. A reason cited by a document cannot be deleted (the engine's safe deletes), only
 * disabled; the document's hooks refuse a disabled one on new or edited lines
 * (server/modules/document-audit/reason-checks.ts).
 */
export function defineReasonMaster<const N extends string, const Route extends ResourceRoute>(args: {
  readonly name: N;
  readonly table: string;
  readonly title: Bilingual;
  readonly route: Route;
  readonly access: ResourceAccess;
  readonly directionHelp: Bilingual;
}) {
  return defineResource({
    name: args.name,
    table: args.table,
    title: args.title,
    route: args.route,
    access: args.access,
    scope: 'tenant',
    fields: {
      code: field.text({
        label: ['原因编码', 'Reason code'],
        required: true,
        unique: true,
        maxLength: 32,
        pattern: {
          regex: '^[A-Za-z0-9_-]{1,32}$',
          message: ['编码只能包含字母、数字、下划线和短横线', 'Use letters, digits, underscores and dashes only'],
        },
        searchable: true,
        filter: 'prefix',
        sortable: true,
        readOnlyAfterCreate: true,
        width: 140,
      }),
      name: preset.uniqueName(['原因名称', 'Reason name']),
      direction: field.enum({
        label: ['调整方向', 'Direction'],
        help: args.directionHelp,
        required: true,
        options: {
          increase: { label: ['增加', 'Increase'], color: 'green' },
          decrease: { label: ['扣减', 'Decrease'], color: 'red' },
          both: { label: ['增加或扣减', 'Either'], color: 'blue' },
        },
        defaultValue: 'both',
        filter: 'eq',
        width: 120,
      }),
      enabled: preset.enabledFlag(),
      remark: preset.remark(),
    },
    titleField: 'name',
    // The picker of a document line tells whether a reason adds or deducts.
    picker: { card: ['direction'] },
    list: { columns: ['code', 'name', 'direction', 'enabled'], defaultSort: { field: 'code', order: 'asc' } },
  });
}
