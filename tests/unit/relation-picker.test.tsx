// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { render } from '../helpers/antd-styles';
import { setupServer } from 'msw/node';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { RESOURCES } from '../../resources/index';
import { batchOperateResource } from '../../resources/member/batch-operate.resource';
import { memberResource } from '../../resources/member/member.resource';
import { scoreAdjustResource } from '../../resources/score/score-adjust.resource';
import { Form } from 'antd';
import { LOCAL_KEYS } from '../../providers/storage-keys';
import { RelationSelect } from '../../src/fields/controls/relation-select';
import { fieldContext, specOf } from '../../src/fields/field-kinds';
import { api, englishI18n, installMatchMedia, ok } from '../helpers/generic-harness';

/**
 * Relation pickers and cells (issue "A console a new user can try", items 1, 3 and 4): an empty
 * picker says where its options come from and links there for a user who may open that list;
 * member options show their description; a cell names the related record from the record's
 * `_titles`, asking nothing, inside a document's lines too.
 */

vi.setConfig({ testTimeout: 60_000 });

const server = setupServer();
let i18n: I18n;

beforeAll(async () => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
  i18n = await englishI18n(RESOURCES);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

const t = (key: string, values?: Record<string, unknown>) => String(i18n.t(key, (values ?? {}) as never));

function openPicker(label: string) {
  const input = screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT')!;
  fireEvent.mouseDown(input);
}

describe('an empty relation picker', () => {
  it('names the related records and links to their list for a user who may open it', async () => {
    localStorage.setItem(LOCAL_KEYS.permission, JSON.stringify([{ resourceId: '积分/积分调整单', actions: ['单据查看'] }]));
    server.use(api.get('score-adjust-reason/options', () => ok([])));
    render(
      <I18nextProvider i18n={i18n}>
        <RelationSelect resource="score-adjust-reason" aria-label="Reason" />
      </I18nextProvider>,
    );
    openPicker('Reason');
    const empty = await screen.findByTestId('relation-empty');
    expect(empty.textContent).toContain('No Points adjustment reason to choose yet.');
    const link = await within(empty).findByRole('link', { name: 'Points adjustment reason' });
    expect(link.getAttribute('href')).toBe('/score/score-adjust/score-adjust-reason');
  });

  it('names them without a link for a user who may not open their list', async () => {
    server.use(api.get('score-adjust-reason/options', () => ok([])));
    render(
      <I18nextProvider i18n={i18n}>
        <RelationSelect resource="score-adjust-reason" aria-label="Reason" />
      </I18nextProvider>,
    );
    openPicker('Reason');
    const empty = await screen.findByTestId('relation-empty');
    expect(empty.textContent).toContain('Points adjustment reason');
    // Once the permission check has answered (the text stops being busy): still no link.
    await waitFor(() => expect(empty.getAttribute('aria-busy')).toBe('false'));
    expect(within(empty).queryByRole('link')).toBeNull();
  });
});

describe('the member picker', () => {
  it('shows each member with the masked mobile and number that tell namesakes apart', async () => {
    server.use(
      api.get('member/options', () =>
        ok([
          { id: 1, title: '孙浩然', description: '138****5678 · M000000001' },
          { id: 2, title: '孙浩然', description: '139****1234 · M000000002' },
        ]),
      ),
    );
    render(
      <I18nextProvider i18n={i18n}>
        <RelationSelect resource="member" aria-label="Member" />
      </I18nextProvider>,
    );
    openPicker('Member');
    expect(await screen.findByText('138****5678 · M000000001')).toBeTruthy();
    expect(screen.getByText('139****1234 · M000000002')).toBeTruthy();
    expect(screen.getAllByText('孙浩然')).toHaveLength(2);
  });
});

describe('a relation that may choose only some records', () => {
  it('asks the options of those only (the batch operation’s effective coupon templates)', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      api.get('coupon-template/options', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return ok([{ id: 3, title: '会员日券' }]);
      }),
    );
    const ctx = fieldContext({ resource: batchOperateResource, name: 'couponTemplate', t });
    render(
      <I18nextProvider i18n={i18n}>
        <Form>
          <Form.Item name="couponTemplate" label="Coupon template">
            {specOf('relation').input(ctx, {})}
          </Form.Item>
        </Form>
      </I18nextProvider>,
    );
    openPicker('Coupon template');
    expect(await screen.findByText('会员日券')).toBeTruthy();
    expect(asked[0].get('field')).toBe('state');
    expect(asked[0].getAll('in')).toEqual(['EFFECTIVE']);
  });
});

describe('a relation cell', () => {
  it("names the related record from the record's _titles without asking the server", async () => {
    const ctx = fieldContext({ resource: memberResource, name: 'level', t });
    const row = { id: 5, level: 3, _titles: { level: { '3': '金卡' } } };
    render(<div data-testid="cell">{specOf('relation').cell(ctx, row.level, row)}</div>);
    // No options handler is installed: a request would fail the test (onUnhandledRequest: 'error').
    await waitFor(() => expect(screen.getByTestId('cell').textContent).toBe('金卡'));
  });
});

describe('relation cells and pickers inside document lines', () => {
  const saved = {
    id: 9,
    lines: [{ member: 12, points: 5, reason: 4 }],
    _titles: { 'lines.member': { '12': '孙浩然' }, 'lines.reason': { '4': '促销补偿' } },
  };
  const linesContext = () => fieldContext({ resource: scoreAdjustResource, name: 'lines', t });

  it("name the lines' records from the document's _titles on the detail, asking nothing", async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <div data-testid="lines">{specOf('lines').display!(linesContext(), saved.lines, saved)}</div>
      </I18nextProvider>,
    );
    // No options handler is installed: a request would fail the test (onUnhandledRequest: 'error').
    const row = await waitFor(() => {
      const cells = [...screen.getByTestId('lines').querySelectorAll('tbody tr.ant-table-row td')].map((cell) => cell.textContent);
      expect(cells.slice(0, 3)).toEqual(['孙浩然', '5', '促销补偿']);
      return cells;
    });
    expect(row).not.toContain('12');
  });

  it("show the saved lines' records by name in the edit form's pickers, asking only for a reason's card", async () => {
    // The names come from the document; the reason's card (adds or deducts) is asked by id.
    const asked: string[] = [];
    server.use(
      api.get('score-adjust-reason/options', ({ request }) => {
        asked.push(new URL(request.url).search);
        return ok([{ id: 4, title: '改名前的原因', card: { direction: 'increase' } }]);
      }),
    );
    render(
      <I18nextProvider i18n={i18n}>
        <Form initialValues={{ lines: saved.lines }}>{specOf('lines').input(linesContext(), { record: saved })}</Form>
      </I18nextProvider>,
    );
    await waitFor(() => {
      const chosen = [...document.body.querySelectorAll('.ant-select-selection-item')].map((item) => item.textContent);
      expect(chosen).toEqual(['孙浩然', '促销补偿']);
    });
    await waitFor(() => expect(asked).toEqual(['?id=4']));
  });
});
