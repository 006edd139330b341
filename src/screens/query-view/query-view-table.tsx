import { Space, Table, Tag, Typography, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import { LIST_PARAMS } from '../generic/list-url-state';
import { useEffect, useRef, type ReactNode } from 'react';
import {
  MEASURE_DECIMALS,
  viewKeyColumns,
  type QueryColumn,
  type QueryMeasureKind,
  type QueryRowLink,
  type QueryViewDef,
} from '../../../resources/query-view';
import type { Translate } from '../../fields/field-kind';
import { DASH } from '../../fields/field-helpers';
import { EMPTY_DISPLAY, formatAmount, formatInteger, formatNumber } from '../../lib/format';
import { ACTIONS_COLUMN_KEY, pinKeyColumns, usePinsColumns } from '../generic/key-columns';
import { summaryOf } from '../declaration-index';
import { screenRoute, viewHref } from '../generic/resource-routes';
import type { ViewFilters, ViewRow } from './query-view-api';
import { RowAction } from './query-view-row-action';

/** Green and red dark enough to read on white (WCAG AA, 4.5:1), unlike antd's success / danger text. */
const SIGN_COLORS = { up: '#237804', down: '#cf1322' } as const;

/** A signed amount: `+12.50` in green, `-3.00` in red, a dash for nothing. */
export function SignedAmount(props: { readonly value: number; readonly format?: (value: number) => string }) {
  if (props.value === 0) return <>{DASH}</>;
  const text = `${props.value > 0 ? '+' : ''}${(props.format ?? formatAmount)(props.value)}`;
  return <Typography.Text style={{ color: props.value < 0 ? SIGN_COLORS.down : SIGN_COLORS.up }}>{text}</Typography.Text>;
}

/** A number of a column or measure as the screen shows it. */
export function formatMeasure(kind: QueryMeasureKind, value: number | null | undefined): string {
  if (kind === 'money') return formatAmount(value);
  if (kind === 'integer') return formatInteger(value);
  const text = formatNumber(value, { decimals: MEASURE_DECIMALS[kind] });
  return kind === 'percent' && text !== EMPTY_DISPLAY ? `${text}%` : text;
}

/** Column kinds shown as numbers (right-aligned, formatted like a measure). */
const NUMBER_COLUMNS: ReadonlySet<QueryColumn['kind']> = new Set(['money', 'integer', 'quantity']);

/** An enum code's label (its declared option), or the code itself. */
export function codeLabel(args: { t: Translate; view: QueryViewDef; column: string; code: string | null }): string {
  const { t, view, column, code } = args;
  if (code === null) return view.columns[column]?.none ? t(`res.${view.name}.${column}.none`) : DASH;
  return view.columns[column]?.options?.[code] ? t(`res.${view.name}.${column}.${code}`) : code;
}

/**
 * A cell linking to another list searched by the cell's text, when the row's `by` column names
 * one; to the record's detail instead when the row holds its id.
 */
function linkedCell(column: QueryColumn, row: ViewRow, text: string) {
  const name = column.link?.lists[String(row[column.link.by])];
  const resource = name ? summaryOf(name) : undefined;
  const screen = resource?.route.screens.list;
  if (!resource || !screen) return text;
  const id = column.link?.id ? row[column.link.id] : null;
  if (id !== null && id !== undefined && resource.route.screens.dtl) return <Link to={viewHref(resource, 'dtl', id)}>{text}</Link>;
  return <Link to={`${screenRoute(resource, screen)}?q=${encodeURIComponent(text)}`}>{text}</Link>;
}

/** Where a row link of the view goes for a row (`/score/score-query/score-query-dtl?memberId=7`, or filtered: `?filter={…}`). */
export function rowLinkHref(link: QueryRowLink, row: ViewRow): string {
  if (link.asFilter) return `/${link.to}?${LIST_PARAMS.filter}=${encodeURIComponent(JSON.stringify({ [link.param]: row[link.column] }))}`;
  return `/${link.to}?${link.param}=${encodeURIComponent(String(row[link.column] ?? ''))}`;
}

function cellOf(args: {
  t: Translate;
  view: QueryViewDef;
  name: string;
  column: QueryColumn;
  row: ViewRow;
  onDrill: (f: ViewFilters) => void;
}) {
  const { t, view, name, column, row } = args;
  const value = row[name];
  if (column.kind === 'enum') {
    const code = value === null ? null : String(value);
    const label = codeLabel({ t, view, column: name, code });
    const color = code === null ? undefined : column.options?.[code]?.color;
    return color ? <Tag color={color}>{label}</Tag> : label;
  }
  if (value === null || value === '') return DASH;
  if (column.kind === 'money' || column.kind === 'integer' || column.kind === 'quantity') {
    const kind = column.kind;
    return column.signed ? (
      <SignedAmount value={Number(value)} format={(v) => formatMeasure(kind, v)} />
    ) : (
      formatMeasure(kind, Number(value))
    );
  }
  const text = String(value);
  const opens = column.opens ? view.links?.[column.opens] : undefined;
  if (opens) return <Link to={rowLinkHref(opens, row)}>{text}</Link>;
  if (column.drill) {
    const { filter, column: from } = column.drill;
    return <DrillLink onDrill={() => args.onDrill({ [filter]: row[from] })}>{text}</DrillLink>;
  }
  return column.link ? linkedCell(column, row, text) : text;
}

/**
 * A text that lists the rows behind it (a drill-down), reached and pressed from the keyboard as a
 * button: an anchor without an address is skipped by Tab.
 */
export function DrillLink(props: { readonly onDrill: () => void; readonly children: ReactNode }) {
  return (
    <Typography.Link
      role="button"
      tabIndex={0}
      onClick={props.onDrill}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        props.onDrill();
      }}
    >
      {props.children}
    </Typography.Link>
  );
}

/**
 * The shown columns of a view (those hidden while a filter is set are left out then), sortable
 * ones sorting on the server (`sortable`: the table's pager sends the column's name), then the
 * rows' links and actions when the view declares any (`onChanged`: an action was done).
 */
export function viewColumns(args: {
  t: Translate;
  view: QueryViewDef;
  filters: ViewFilters;
  onDrill: (filters: ViewFilters) => void;
  onChanged?: () => void;
}): ColumnsType<ViewRow> {
  const { t, view, filters } = args;
  const columns: ColumnsType<ViewRow> = Object.entries(view.columns)
    .filter(([, c]) => !c.hidden && !(c.hiddenWhenFiltered && filters[c.hiddenWhenFiltered] !== undefined))
    .map(([name, column]) => ({
      key: name,
      title: t(`res.${view.name}.${name}`),
      width: column.width,
      sorter: column.sortable === true,
      align: NUMBER_COLUMNS.has(column.kind) ? ('right' as const) : undefined,
      render: (_: unknown, row: ViewRow) => cellOf({ ...args, name, column, row }),
    }));
  const links = Object.entries(view.links ?? {});
  const actions = Object.keys(view.actions ?? {});
  if (links.length === 0 && actions.length === 0) return columns;
  return [
    ...columns,
    {
      key: ACTIONS_COLUMN_KEY,
      title: t('screens.actions'),
      width: 110,
      render: (_: unknown, row: ViewRow) => (
        <Space size="small">
          {links.map(([name, link]) => (
            <Link key={name} to={rowLinkHref(link, row)}>
              {t(`res.${view.name}.link.${name}`)}
            </Link>
          ))}
          {actions.map((name) => (
            <RowAction key={name} t={t} view={view} name={name} row={row} onDone={() => args.onChanged?.()} />
          ))}
        </Space>
      ),
    },
  ];
}

/**
 * How far a text column may narrow below its declared width on a desk, where the rows fit the
 * card: names wrap onto a second line before the table scrolls, but a Chinese name (which may
 * break between any two characters) never shrinks to a column of single characters.
 */
const TEXT_NARROWEST = 0.6;

/**
 * The columns as a desk fits them in the card: times, numbers and codes on one line each (their
 * narrowest is their text), text columns no narrower than {@link TEXT_NARROWEST} of their declared
 * width; the declared widths are what the columns take when the card has the room.
 */
function fitColumns(view: QueryViewDef, columns: ColumnsType<ViewRow>): ColumnsType<ViewRow> {
  return columns.map((column) => {
    const declared = view.columns[String(column.key)];
    if (!declared) return column;
    if (declared.kind === 'text')
      return declared.width
        ? { ...column, onHeaderCell: () => ({ style: { minWidth: Math.round(declared.width! * TEXT_NARROWEST) } }) }
        : column;
    return { ...column, onCell: () => ({ style: { whiteSpace: 'nowrap' } }) };
  });
}

/** A view's rows as a table (the screen pages it on the server; a tab shows the latest). */
export function ViewTable(props: {
  readonly t: Translate;
  readonly view: QueryViewDef;
  readonly columns: ColumnsType<ViewRow>;
  readonly table: Pick<TableProps<ViewRow>, 'dataSource' | 'loading' | 'pagination' | 'onChange'>;
  readonly size?: TableProps<ViewRow>['size'];
}) {
  const { view } = props;
  const pin = usePinsColumns();
  // On a screen or in a drawer's tab: the row's identity, amounts and balance stay in sight.
  const shown = props.columns.map((column) => String(column.key));
  const columns = pinKeyColumns({ columns: pin ? fitColumns(view, props.columns) : props.columns, keys: viewKeyColumns(view, shown), pin });
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // antd draws the element that scrolls wide rows sideways; it takes the focus so the keyboard
    // can scroll it too, rows without a link included (axe scrollable-region-focusable).
    holder.current?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body').forEach((region) => {
      region.tabIndex = 0;
    });
  });
  return (
    <div ref={holder}>
      <Table<ViewRow>
        rowKey={(row) => String(row[view.key])}
        size={props.size ?? 'middle'}
        columns={columns}
        // On a desk the rows fit the card while their columns can narrow (fitColumns), and scroll
        // sideways inside the table beyond that; on a phone every row keeps one line per column and
        // the table scrolls. An empty table's headers scroll too (they ran past the card on a
        // phone); the scrolling element takes the focus (above), rows or none.
        scroll={{ x: pin ? true : 'max-content' }}
        tableLayout="auto"
        locale={{ emptyText: <Typography.Text type="secondary">{props.t(`res.${view.name}.empty`)}</Typography.Text> }}
        {...props.table}
      />
    </div>
  );
}
