/**
 * The lines kind's tables (lines.kind.tsx), loaded the first time a document's lines are drawn:
 * the editor of a form (an editable table, one Form.Item per cell, the running totals and
 * amounts under it) and the read-only table of a detail (paged by the server past one page). A
 * list draws a lines field as its count and does not carry them.
 */
import { Button, Form, Table, Typography, type TableColumnsType } from 'antd';
import { cloneElement, isValidElement, useEffect, useState, type ReactNode } from 'react';
import { apiGet } from '../../../providers/http';
import { labelKey, type FieldKind, type LineField, type LinesAmounts, type LinesField } from '../../../resources/define';
import { isConditionalLineField, lineFieldApplies } from '../../../resources/field-rules';
import type { ApiRecord, FieldContext, InputOptions } from '../field-kind';
import { DASH, labelOf } from '../field-helpers';
import { lineRecord, type OptionRecord } from '../relation-titles';
import { linesAmount } from '../line-amounts';
import { lookUpId } from '../record-lookup';
import { decimalToString, sumDecimals } from '../../lib/decimal';
import { formatNumber } from '../../lib/format';
import { decimalsOf } from './number.kind';
import { countRule, lineContext, rowsOf, type SpecOf } from './lines.kind';

/** Lines per page on a detail. */
export const DETAIL_LINES_PAGE_SIZE = 10;

/** One page of `GET /v1/<name>/lines/:id`. */
interface LinesPage {
  readonly total: number;
  readonly records: ApiRecord[];
}

/**
 * The lines of a saved document longer than one page: every page is read from the server
 * (`GET /v1/<resource>/lines/:id?field=&page=&pageSize=`), so the total and the rows are the
 * stored ones however many there are. The lines `info` returned stand in for the first page
 * until it arrives; a failed read is reported by the HTTP layer and leaves the last page shown.
 */
function ServerPagedLines(props: {
  ctx: FieldContext<LinesField>;
  id: string | number;
  infoRows: readonly ApiRecord[];
  columns: TableColumnsType<ApiRecord>;
}) {
  const { ctx, id } = props;
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<{ page: number; rows: readonly ApiRecord[]; total: number }>({
    page: 1,
    rows: props.infoRows.slice(0, DETAIL_LINES_PAGE_SIZE),
    total: props.infoRows.length,
  });
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    setLoading(true);
    apiGet<LinesPage>(`/v1/${ctx.resource.name}/lines/${encodeURIComponent(String(id))}`, {
      params: { field: ctx.name, page, pageSize: DETAIL_LINES_PAGE_SIZE },
    })
      .then((answer) => {
        if (live) setShown({ page, rows: answer.records, total: answer.total });
      })
      .catch(() => undefined)
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [ctx.resource.name, ctx.name, id, page]);
  const offset = (shown.page - 1) * DETAIL_LINES_PAGE_SIZE;
  return (
    <Table
      size="small"
      loading={loading}
      scroll={{ x: 'max-content' }}
      pagination={{
        current: shown.page,
        total: shown.total,
        pageSize: DETAIL_LINES_PAGE_SIZE,
        size: 'small',
        showSizeChanger: false,
        showTotal: (total) => ctx.t('widget.total', { total }),
        onChange: setPage,
      }}
      rowKey={(row) => String(row.$index)}
      dataSource={shown.rows.map((row, index) => ({ ...row, $index: offset + index }))}
      columns={props.columns}
    />
  );
}

/**
 * Widths of the lines editor's inputs by kind (unless the field declares its own): a picker wide
 * enough to read a member's name, masked mobile and number; numbers narrow. A text input is as
 * wide as what it holds ({@link lineInputWidth}).
 */
const INPUT_WIDTHS: Partial<Record<FieldKind, number>> = {
  relation: 240,
  integer: 120,
  money: 140,
  decimal: 140,
  boolean: 80,
  enum: 150,
  date: 160,
  datetime: 200,
};
/** Width of the lines editor's remove column. */
const REMOVE_WIDTH = 80;
/** Pixels per character of a text input and its padding: room for the characters it takes, up to 20. */
const CHAR_WIDTH = 8;
const TEXT_PADDING = 24;
const TEXT_MIN_WIDTH = 120;
const TEXT_MAX_CHARS = 20;

/**
 * The width of a line field's column in the editor: declared, by kind, or for text the characters
 * it takes (a card number of 20 characters gets room for 20, a short code less). Every column has
 * one, so the table is as wide as its inputs need and scrolls inside itself when its card is
 * narrower: an input never shrinks to nothing (the sale bill's card number range did at 1280 px).
 */
export function lineInputWidth(field: LineField): number {
  if (field.width !== undefined) return field.width;
  const byKind = INPUT_WIDTHS[field.kind];
  if (byKind !== undefined) return byKind;
  const chars = field.kind === 'text' ? Math.min(field.maxLength ?? 100, TEXT_MAX_CHARS) : TEXT_MAX_CHARS;
  return Math.max(TEXT_MIN_WIDTH, chars * CHAR_WIDTH + TEXT_PADDING);
}

/**
 * The running totals under a lines editor (`LinesField.totals`): the number of lines and the sum
 * of each declared numeric field, exact, as the lines are typed.
 */
function LineTotals(props: { ctx: FieldContext<LinesField> }) {
  const { ctx } = props;
  const listPath = [...(ctx.siblings ?? []), ...(ctx.path ?? [ctx.name])];
  // The record holding the lines (the document's header), whose fields the amounts read.
  const headerPath = listPath.slice(0, -1);
  return (
    <Form.Item noStyle shouldUpdate>
      {(form) => {
        const rows = rowsOf(form.getFieldValue(listPath));
        return (
          <div className="console-line-totals" role="status" style={{ marginTop: 8, display: 'flex', gap: 24, flexWrap: 'wrap' }}>
            <strong>{ctx.t('screens.lines.totals')}</strong>
            <span>{ctx.t('screens.lines.count', { count: rows.length })}</span>
            {(ctx.field.totals ?? []).map((name) => {
              const sub = lineContext(ctx, name);
              const f = sub.field;
              const decimals = f.kind === 'integer' || f.kind === 'money' || f.kind === 'decimal' ? decimalsOf(f) : 0;
              const sum = decimalToString(
                sumDecimals(
                  rows.map((row) => row[name]),
                  decimals,
                ),
              );
              return (
                <span key={name} data-total={name}>
                  {labelOf(sub)}: <strong>{formatNumber(sum, { decimals })}</strong>
                </span>
              );
            })}
            {ctx.field.amounts ? (
              <LineAmounts
                ctx={ctx}
                amounts={ctx.field.amounts}
                rows={rows}
                deduction={form.getFieldValue([...headerPath, ctx.field.amounts.less?.field ?? ''])}
              />
            ) : null}
          </div>
        );
      }}
    </Form.Item>
  );
}

/** The cards of the records some lines name (`resource`'s picker cards), by id, as they arrive. */
function useRecordCards(resource: string | undefined, ids: readonly string[]): ReadonlyMap<string, OptionRecord> {
  const [cards, setCards] = useState<ReadonlyMap<string, OptionRecord>>(new Map());
  const key = ids.join(',');
  useEffect(() => {
    if (!resource) return;
    let live = true;
    const missing = key === '' ? [] : key.split(',').filter((id) => !cards.has(id));
    if (missing.length === 0) return;
    void Promise.all(missing.map((id) => lookUpId(resource, id))).then((found) => {
      if (!live) return;
      setCards((known) => new Map([...known, ...found.flatMap((record) => (record ? [[String(record.id), record] as const] : []))]));
    });
    return () => {
      live = false;
    };
    // `cards` is read for what is missing only; the ids' key decides when to ask.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resource, key]);
  return cards;
}

/**
 * The lines' amount as they are typed (`LinesField.amounts`): the header's total it previews
 * (the bill's price total), and what is left after its deduction (the amount paid), each named
 * by the header field's label; a note says when a number range counted every number in it.
 */
function LineAmounts(props: { ctx: FieldContext<LinesField>; amounts: LinesAmounts; rows: readonly ApiRecord[]; deduction: unknown }) {
  const { ctx, amounts, rows } = props;
  const { t } = ctx;
  const reference = ctx.field.fields[amounts.unit.reference];
  const ids = [
    ...new Set(
      rows
        .map((row) => row[amounts.unit.reference])
        .filter((id) => id !== null && id !== undefined && id !== '')
        .map(String),
    ),
  ];
  const cards = useRecordCards(reference?.kind === 'relation' ? reference.resource : undefined, ids);
  const amount = linesAmount({
    lines: ctx.field,
    amounts,
    rows,
    unitOf: (row) => cards.get(String(row[amounts.unit.reference]))?.card?.[amounts.unit.field],
    deduction: props.deduction,
  });
  const header = (name: string) => t(labelKey(ctx.resource.name, name));
  return (
    <>
      <span data-total={amounts.total}>
        {header(amounts.total)}: <strong>{formatNumber(decimalToString(amount.total), { decimals: 2 })}</strong>
      </span>
      {amounts.less && amount.left ? (
        <span data-total={amounts.less.into}>
          {header(amounts.less.into)}: <strong>{formatNumber(decimalToString(amount.left), { decimals: 2 })}</strong>
        </span>
      ) : null}
      {amount.byRange ? <Typography.Text type="secondary">{t('screens.lines.rangeCounted')}</Typography.Text> : null}
    </>
  );
}

function defaultsOf(field: LinesField): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(field.fields)) if (inner.defaultValue !== undefined) row[name] = inner.defaultValue;
  return row;
}

/**
 * Moves the focus to the first input of the line just added (the last row of the editor's
 * table), once React has drawn it: the user types on at once.
 */
function focusLastLine(addButton: HTMLElement): void {
  // The editor's table sits beside the button (with the running totals, when declared).
  const editor = addButton.parentElement;
  requestAnimationFrame(() => {
    const rows = editor?.querySelectorAll(':scope > .ant-table-wrapper tbody tr.ant-table-row');
    const last = rows?.[rows.length - 1];
    last?.querySelector<HTMLElement>('input:not([disabled]):not([type=hidden]), textarea:not([disabled])')?.focus();
  });
}

/**
 * A line's input named by its column's label: a cell has no label of its own (the header names
 * the column), so an input without an accessible name gets the column's (axe's `label`).
 */
function labelled(input: ReactNode, label: string): ReactNode {
  if (!isValidElement<{ 'aria-label'?: string }>(input) || input.props['aria-label'] !== undefined) return input;
  return cloneElement(input, { 'aria-label': label });
}

const columnsOf = (ctx: FieldContext<LinesField>) => Object.keys(ctx.field.fields).map((name) => lineContext(ctx, name));
// The editor draws what a person types: a column the server fills on save (a line's count, its
// subtotals) would be an empty input until then, and took the room the inputs need (the sale
// bill's lines ran past their card at 1280 px). The detail's table shows those columns.
const inputColumnsOf = (ctx: FieldContext<LinesField>) => columnsOf(ctx).filter((sub) => !sub.field.serverManaged);

// A line's cells read the names the document carries for its lines (`_titles['<lines>.<field>']`).
function readColumns(ctx: FieldContext<LinesField>, specOf: SpecOf, document: ApiRecord | undefined): TableColumnsType<ApiRecord> {
  return columnsOf(ctx).map((sub) => ({
    key: sub.name,
    title: labelOf(sub),
    align: specOf(sub.field.kind).align,
    render: (_: unknown, row: ApiRecord) => {
      const spec = specOf(sub.field.kind);
      return (spec.display ?? spec.cell)(sub, row[sub.name], lineRecord(row, document, ctx.name));
    },
  }));
}

/** What the editor and the read-only table are given: the lines field and the registry of its fields' kinds. */
interface LinesProps {
  readonly ctx: FieldContext<LinesField>;
  readonly specOf: SpecOf;
}

/** The lines of a form: an editable table, Add under it, the running totals when declared. */
export function LinesEditor(props: LinesProps & { readonly options: InputOptions }) {
  const { ctx, specOf, options } = props;
  // The pickers of the lines name the records the saved lines point at without asking.
  const lineTitles = lineRecord({}, options.record, ctx.name);
  const editorWidth = inputColumnsOf(ctx).reduce((sum, sub) => sum + lineInputWidth(sub.field), REMOVE_WIDTH);
  return (
    <Form.Item label={labelOf(ctx)} required={ctx.field.required || (ctx.field.minLines ?? 0) > 0}>
      <Form.List name={ctx.path ? [...ctx.path] : ctx.name} rules={[countRule(ctx)]}>
        {(rows, { add, remove }, { errors }) => (
          <>
            <Table
              size="small"
              pagination={false}
              // Every column has its width (lineInputWidth): a card wider than their sum shares
              // the rest out, a narrower one scrolls the table inside itself. Without lines the
              // headers share the card's width: an empty region that scrolls would be one the
              // keyboard cannot reach (axe's scrollable-region-focusable).
              tableLayout={rows.length > 0 ? 'fixed' : 'auto'}
              scroll={rows.length > 0 ? { x: editorWidth } : undefined}
              rowKey="key"
              dataSource={rows}
              columns={[
                ...inputColumnsOf(ctx).map((sub) => {
                  const spec = specOf(sub.field.kind);
                  return {
                    key: sub.name,
                    title: labelOf(sub),
                    width: rows.length > 0 ? lineInputWidth(sub.field) : undefined,
                    render: (_: unknown, row: (typeof rows)[number]) => {
                      const cell = spec.ownsFormItem ? (
                        spec.input(lineContext(ctx, sub.name, row.name), { disabled: options.disabled, record: lineTitles })
                      ) : (
                        <Form.Item
                          name={[row.name, sub.name]}
                          rules={spec.rules(sub)}
                          valuePropName={spec.valuePropName}
                          style={{ marginBottom: 0 }}
                        >
                          {labelled(
                            spec.input(
                              { ...sub, siblings: lineContext(ctx, sub.name, row.name).siblings },
                              { disabled: options.disabled, record: lineTitles },
                            ),
                            labelOf(sub),
                          )}
                        </Form.Item>
                      );
                      if (!isConditionalLineField(sub.field)) return cell;
                      // Only in the lines the field applies to, decided on the line's own values.
                      return (
                        <Form.Item noStyle shouldUpdate>
                          {(form) =>
                            lineFieldApplies({
                              lines: ctx.field,
                              name: sub.name,
                              valueOf: (field) => form.getFieldValue([ctx.name, row.name, field]),
                            })
                              ? cell
                              : null
                          }
                        </Form.Item>
                      );
                    },
                  };
                }),
                {
                  key: '$remove',
                  width: REMOVE_WIDTH,
                  // Remove stays at hand while the inputs scroll.
                  fixed: rows.length > 0 ? ('right' as const) : undefined,
                  render: (_: unknown, row: (typeof rows)[number]) => (
                    <Button type="link" size="small" danger disabled={options.disabled} onClick={() => remove(row.name)}>
                      {ctx.t('screens.lines.remove')}
                    </Button>
                  ),
                },
              ]}
            />
            <Button
              type="dashed"
              block
              disabled={options.disabled}
              onClick={(event) => {
                add(defaultsOf(ctx.field));
                focusLastLine(event.currentTarget);
              }}
              style={{ marginTop: 8 }}
            >
              {ctx.t('screens.lines.add')}
            </Button>
            {ctx.field.totals || ctx.field.amounts ? <LineTotals ctx={ctx} /> : null}
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}

/** The lines of a detail, read-only. */
export function LinesTable(props: LinesProps & { readonly value: unknown; readonly record?: ApiRecord }) {
  const { ctx, specOf, value, record } = props;
  const rows = rowsOf(value);
  if (rows.length === 0) return DASH;
  // A saved document longer than one page reads its pages from the server (it may carry
  // thousands of lines); lines inside an object, or of an unsaved record, are paged here.
  const id = record?.id;
  const served = ctx.resource.fields[ctx.name] === ctx.field && (typeof id === 'number' || typeof id === 'string');
  if (served && rows.length > DETAIL_LINES_PAGE_SIZE)
    return (
      <ServerPagedLines key={`${String(id)}:${ctx.name}`} ctx={ctx} id={id} infoRows={rows} columns={readColumns(ctx, specOf, record)} />
    );
  return (
    <Table
      size="small"
      // As wide as its cells need, scrolling inside the detail (a drawer's lines kept their amounts
      // out of sight past the drawer's edge).
      scroll={{ x: 'max-content' }}
      pagination={
        rows.length > DETAIL_LINES_PAGE_SIZE
          ? {
              pageSize: DETAIL_LINES_PAGE_SIZE,
              size: 'small',
              showSizeChanger: false,
              showTotal: (total) => ctx.t('widget.total', { total }),
            }
          : false
      }
      rowKey={(row) => String(row.$index)}
      dataSource={rows.map((row, index) => ({ ...row, $index: index }))}
      columns={readColumns(ctx, specOf, record)}
    />
  );
}
