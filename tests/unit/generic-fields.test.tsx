// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { render } from '../helpers/antd-styles';
import { Form } from 'antd';
import { setupServer } from 'msw/node';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { defineResource, field, type FieldKind } from '../../resources/define';
import { FIELD_KINDS, fieldContext, formToBody, recordToForm, specOf } from '../../src/fields/field-kinds';
import { RelationSelect } from '../../src/fields/controls/relation-select';
import { api, buttonNamed, englishI18n, installMatchMedia, ok } from '../helpers/generic-harness';

vi.setConfig({ testTimeout: 60_000 });

const everything = defineResource({
  name: 'everything',
  table: 'everythings',
  title: ['全部', 'Everything'],
  route: { group: 'datum', entry: 'channel', screens: { list: 'channel' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    text: field.text({ label: ['文本', 'Text'] }),
    longText: field.longText({ label: ['长文本', 'Long text'] }),
    integer: field.integer({ label: ['整数', 'Integer'] }),
    money: field.money({ label: ['金额', 'Money'] }),
    decimal: field.decimal({ label: ['小数', 'Decimal'], decimals: 3 }),
    boolean: field.boolean({ label: ['布尔', 'Boolean'] }),
    enum: field.enum({ label: ['枚举', 'Enum'], multiple: true, options: { A: { label: ['甲', 'Alpha'] }, B: { label: ['乙', 'Beta'] } } }),
    date: field.date({ label: ['日期', 'Date'] }),
    datetime: field.datetime({ label: ['时间', 'Datetime'] }),
    dateRange: field.dateRange({ label: ['期间', 'Period'] }),
    time: field.time({ label: ['钟点', 'Time'] }),
    weekdays: field.weekdays({ label: ['星期', 'Weekdays'] }),
    relation: field.relation({ label: ['门店', 'Store'], resource: 'store', multiple: true }),
    tree: field.tree({ label: ['上级', 'Parent'] }),
    file: field.file({ label: ['文件', 'File'] }),
    lines: field.lines({
      label: ['明细', 'Lines'],
      minLines: 1,
      fields: { sku: field.text({ label: ['商品', 'SKU'], required: true }), points: field.integer({ label: ['积分', 'Points'], min: 1 }) },
    }),
    object: field.object({
      label: ['规则', 'Rule'],
      fields: {
        since: field.date({ label: ['起始', 'Since'] }),
        tiers: field.lines({ label: ['档位', 'Tiers'], fields: { points: field.integer({ label: ['积分', 'Points'] }) } }),
      },
    }),
    secret: field.secret({ label: ['密钥', 'Secret'] }),
  },
  titleField: 'text',
  list: { defaultSort: { field: 'text', order: 'asc' } },
});

const record = {
  id: 1,
  text: 'hello',
  longText: 'a\nb',
  integer: 1234567,
  money: 12,
  decimal: 1.5,
  boolean: false,
  enum: ['A', 'B'],
  date: '2024-05-01',
  datetime: '2024-05-01 08:09:10',
  dateRange: ['2024-05-01', '2024-05-31'],
  time: '09:30',
  weekdays: [3, 1],
  relation: [7, 8],
  relationTitle: ['North store', 'South store'],
  tree: 4,
  treeTitle: 'Root',
  file: 'f-123',
  lines: [
    { sku: 'X', points: 5 },
    { sku: 'Y', points: 6 },
  ],
  object: { since: '2024-06-01', tiers: [{ points: 9 }] },
  secret: '••••WXYZ',
};

const server = setupServer();
let i18n: I18n;

beforeAll(async () => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
  i18n = await englishI18n([everything]);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

const tOf = (instance: I18n) => (key: string, values?: Record<string, unknown>) => String(instance.t(key, (values ?? {}) as never));
const t = (key: string, values?: Record<string, unknown>) => tOf(i18n)(key, values);

describe('field kinds', () => {
  it('has a spec for every field kind', () => {
    const kinds = Object.values(everything.fields).map((f) => f.kind);
    expect(Object.keys(FIELD_KINDS).sort()).toEqual([...new Set<FieldKind>(kinds)].sort());
  });

  it('says what an empty value means where the declaration does, and a dash elsewhere', async () => {
    const scoped = defineResource({
      ...everything,
      name: 'scoped',
      fields: {
        ...everything.fields,
        relation: field.relation({ label: ['门店', 'Stores'], resource: 'store', multiple: true, emptyMeans: ['全部门店', 'All stores'] }),
        object: field.object({
          label: ['规则', 'Rule'],
          fields: {
            cap: field.integer({ label: ['上限', 'Cap'], emptyMeans: ['不限', 'Unlimited'] }),
            since: field.date({ label: ['起始', 'Since'] }),
          },
        }),
      },
    });
    const scopedI18n = await englishI18n([scoped]);
    const shown = (name: string, value: unknown, on: 'cell' | 'display') => {
      const ctx = fieldContext({ resource: scoped, name, t: tOf(scopedI18n) });
      const spec = specOf(ctx.field.kind);
      render(
        <I18nextProvider i18n={scopedI18n}>
          <div data-testid={`${name}-${on}`}>{(on === 'cell' ? spec.cell : spec.display!)(ctx, value, { id: 1, [name]: value })}</div>
        </I18nextProvider>,
      );
      return screen.getByTestId(`${name}-${on}`).textContent;
    };
    expect(shown('relation', [], 'cell')).toBe('All stores');
    expect(shown('relation', null, 'display')).toBe('All stores');
    expect(shown('text', null, 'cell')).toBe('-');
    // Inside an object: the member's own words, the dash for one that declares none (the
    // members' table loads on its first drawing).
    shown('object', { cap: null, since: null }, 'display');
    await waitFor(() => expect(screen.getByTestId('object-display').textContent).toContain('Unlimited'));
    expect(screen.getByTestId('object-display').textContent).toContain('-');
  });

  it('formats every kind in a list cell', async () => {
    const cells = Object.keys(everything.fields).map((name) => {
      const ctx = fieldContext({ resource: everything, name, t });
      return (
        <div key={name} data-testid={name}>
          {specOf(ctx.field.kind).cell(ctx, record[name as keyof typeof record], record)}
        </div>
      );
    });
    render(<>{cells}</>);
    const text = (name: string) => screen.getByTestId(name).textContent;
    expect(text('integer')).toBe('1,234,567');
    expect(text('money')).toBe('12.00');
    expect(text('decimal')).toBe('1.500');
    expect(text('boolean')).toBe('No');
    expect(text('enum')).toBe('AlphaBeta');
    expect(text('date')).toBe('2024-05-01');
    expect(text('datetime')).toBe('2024-05-01 08:09:10');
    expect(text('dateRange')).toBe('2024-05-01 ~ 2024-05-31');
    expect(text('time')).toBe('09:30');
    expect(text('weekdays')).toBe('Monday, Wednesday');
    expect(text('relation')).toBe('North storeSouth store');
    expect(text('tree')).toBe('Root');
    // A file field that takes any type links to the download (an image-only field shows a thumbnail).
    expect(text('file')).toBe('Download');
    expect(text('lines')).toBe('2 lines');
    expect(text('secret')).toBe('••••WXYZ');
    // An object's members' table loads on its first drawing.
    await waitFor(() => expect(text('object')).toContain('2024-06-01'));
  });

  it('fetches the titles of referenced records once per page', async () => {
    const asked: string[] = [];
    server.use(
      api.get('store/options', ({ request }) => {
        asked.push(new URL(request.url).search);
        return ok([
          { id: 71, title: 'North store' },
          { id: 72, title: 'South store' },
        ]);
      }),
    );
    const ctx = fieldContext({ resource: everything, name: 'relation', t });
    const rows = [
      { id: 1, relation: [71] },
      { id: 2, relation: [71, 72] },
    ];
    render(
      <>
        {rows.map((row) => (
          <div key={row.id} data-testid={`row-${row.id}`}>
            {specOf('relation').cell(ctx, row.relation, row)}
          </div>
        ))}
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('row-2').textContent).toBe('North storeSouth store'));
    expect(screen.getByTestId('row-1').textContent).toBe('North store');
    expect(asked).toEqual(['?id=71&id=72']);
  });

  it('round-trips a record through the form values to the API body', () => {
    const values = recordToForm({ resource: everything, record, t });
    const body = formToBody({ resource: everything, values, names: Object.keys(everything.fields), t });
    expect(body).toMatchObject({
      text: 'hello',
      integer: 1234567,
      money: 12,
      boolean: false,
      enum: ['A', 'B'],
      date: '2024-05-01',
      datetime: '2024-05-01 08:09:10',
      dateRange: ['2024-05-01', '2024-05-31'],
      time: '09:30',
      weekdays: [1, 3],
      relation: [7, 8],
      tree: 4,
      file: 'f-123',
      lines: [
        { sku: 'X', points: 5 },
        { sku: 'Y', points: 6 },
      ],
      // Members go through their own kinds (the date becomes dayjs in the form and text again).
      object: { since: '2024-06-01', tiers: [{ points: 9 }] },
      secret: '••••WXYZ',
    });
  });

  it('edits lines as a table: add, validate each cell, remove', async () => {
    const ctx = fieldContext({ resource: everything, name: 'lines', t });
    let submitted: unknown;
    render(
      <I18nextProvider i18n={i18n}>
        <Form
          name="lines-test"
          onFinish={(values) => {
            submitted = values;
          }}
        >
          {specOf('lines').input(ctx, {})}
          <button type="submit">Submit</button>
        </Form>
      </I18nextProvider>,
    );
    // The editor loads when first drawn: the label and a spinner until it is there.
    expect(screen.getByText('Lines')).toBeTruthy();
    await screen.findByRole('button', { name: 'Add line' });
    fireEvent.click(buttonNamed(document.body, 'Submit'));
    expect(await screen.findByText('Lines: at least 1 line')).toBeTruthy();
    fireEvent.click(buttonNamed(document.body, 'Add line'));
    fireEvent.click(buttonNamed(document.body, 'Submit'));
    expect(await screen.findByText('SKU is required')).toBeTruthy();
    const row = document.querySelector('.ant-table-tbody tr.ant-table-row') as HTMLElement;
    fireEvent.change(within(row).getAllByRole('textbox')[0], { target: { value: 'SKU-1' } });
    fireEvent.change(within(row).getAllByRole('textbox')[1], { target: { value: '3' } });
    fireEvent.click(buttonNamed(document.body, 'Submit'));
    await waitFor(() => expect(submitted).toEqual({ lines: [{ sku: 'SKU-1', points: '3' }] }));
    fireEvent.click(buttonNamed(row, 'Remove'));
    await waitFor(() => expect(document.querySelectorAll('.ant-table-tbody tr.ant-table-row')).toHaveLength(0));
  });

  it("reads the pages of a long document's lines from the server on the detail", async () => {
    const asked: string[] = [];
    server.use(
      api.get('everything/lines/9', ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(query.toString());
        const page = Number(query.get('page'));
        return ok({ total: 23, records: Array.from({ length: page === 3 ? 3 : 10 }, (_, i) => ({ sku: `S${page}-${i}`, points: page })) });
      }),
    );
    const ctx = fieldContext({ resource: everything, name: 'lines', t });
    // What info returned: more than one page, stale beside the server's 23 lines.
    const lines = Array.from({ length: 12 }, (_, i) => ({ sku: `INFO-${i}`, points: 1 }));
    render(<I18nextProvider i18n={i18n}>{specOf('lines').display?.(ctx, lines, { id: 9, lines })}</I18nextProvider>);
    expect(await screen.findByText('S1-0')).toBeTruthy();
    expect(screen.queryByText('INFO-0')).toBeNull();
    expect(document.body.textContent).toContain(t('widget.total', { total: 23 }));
    fireEvent.click(document.querySelector('.ant-pagination-item-3') as HTMLElement);
    expect(await screen.findByText('S3-2')).toBeTruthy();
    expect(document.querySelectorAll('.ant-table-tbody tr.ant-table-row')).toHaveLength(3);
    expect(asked).toEqual(['field=lines&page=1&pageSize=10', 'field=lines&page=3&pageSize=10']);
  });

  it("pages a short document's lines without asking the server", () => {
    const ctx = fieldContext({ resource: everything, name: 'lines', t });
    const lines = Array.from({ length: 10 }, (_, i) => ({ sku: `ONLY-${i}`, points: 1 }));
    render(<I18nextProvider i18n={i18n}>{specOf('lines').display?.(ctx, lines, { id: 9, lines })}</I18nextProvider>);
    expect(document.querySelectorAll('.ant-table-tbody tr.ant-table-row')).toHaveLength(10);
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });

  it('searches relation options on the server while typing', async () => {
    const asked: string[] = [];
    server.use(
      api.get('store/options', ({ request }) => {
        const keyword = new URL(request.url).searchParams.get('keyword') ?? '';
        asked.push(keyword);
        return ok([{ id: 1, title: `Store ${keyword || 'all'}` }]);
      }),
    );
    render(<RelationSelect resource="store" aria-label="Store" known={[{ id: 9, title: 'Chosen store' }]} value={9} />);
    expect(screen.getByText('Chosen store')).toBeTruthy();
    const input = screen.getAllByLabelText('Store').find((element) => element.tagName === 'INPUT')!;
    fireEvent.mouseDown(input);
    await waitFor(() => expect(asked).toEqual(['']));
    expect(await screen.findByText('Store all')).toBeTruthy();
    vi.useFakeTimers();
    try {
      fireEvent.change(input, { target: { value: 'nor' } });
      await act(async () => {
        vi.advanceTimersByTime(400);
      });
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(asked).toEqual(['', 'nor']));
    expect(await screen.findByText('Store nor')).toBeTruthy();
  });
});
