// @vitest-environment jsdom
/**
 * The value approval rule on the generic detail (src/screens/generic/record-approval.tsx): the
 * server's `approval` disables the Audit action for a maker when a second person is required,
 * with the reason, and shows the value created against the threshold; a second person, or a
 * record within its threshold, keeps the action.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { i18n as I18n } from 'i18next';
import type { ResourceDef } from '../../resources/define';
import { RecordDetail } from '../../src/screens/generic/record-detail';
import { approvalBlock } from '../../src/screens/generic/record-approval';
import { api, buttonNamed, englishI18n, gadget, gadgetResource, installMatchMedia, ok, renderAt } from '../helpers/generic-harness';

vi.setConfig({ testTimeout: 120_000 });

/** The gadget creating stored value from its price, as a value-creating document declares it. */
const valuedGadget: ResourceDef = { ...gadgetResource, creates: { values: [{ kind: 'storedValue', fields: ['price'] }] } };

const approval = (over: { required: boolean; mayApprove: boolean }) => ({
  action: 'audit',
  values: [{ kind: 'storedValue', amount: 1234.5, threshold: 1000, above: over.required }],
  required: over.required,
  makers: [7],
  mayApprove: over.mayApprove,
});

const server = setupServer();
let i18n: I18n;

beforeAll(async () => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
  i18n = await englishI18n([valuedGadget]);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

function renderDetail(record: Record<string, unknown>) {
  server.use(api.get('gadget/info/1', () => ok(record)));
  return renderAt({
    path: '/datum/store/store',
    i18n,
    resources: [valuedGadget],
    screen: (
      <RecordDetail
        resource={valuedGadget}
        id={1}
        columns={1}
        permissions={{ show: true, create: false, edit: false, delete: false, export: false, import: false, actions: { audit: true } }}
        onOpen={() => undefined}
        onDeleted={() => undefined}
      />
    ),
  });
}

describe('approvalBlock', () => {
  it('blocks only the value action of a maker when a second person is required', () => {
    expect(approvalBlock({ approval: approval({ required: true, mayApprove: false }) }, 'audit')).toBe('approval.needsSecond');
    expect(approvalBlock({ approval: approval({ required: true, mayApprove: false }) }, 'reopen')).toBeUndefined();
    expect(approvalBlock({ approval: approval({ required: true, mayApprove: true }) }, 'audit')).toBeUndefined();
    expect(approvalBlock({}, 'audit')).toBeUndefined();
  });
});

describe('the detail of a value-creating record', () => {
  it('disables Audit for its maker above the threshold, saying why, and shows the value against the threshold', async () => {
    renderDetail(gadget({ approval: approval({ required: true, mayApprove: false }) }));
    const panel = await screen.findByTestId('value-approval');
    expect(within(panel).getByText('stored value: 1234.50 (approval threshold 1000.00)')).toBeTruthy();
    expect(within(panel).getByText('Needs a second person: you created or changed its amounts')).toBeTruthy();
    const auditButton = buttonNamed(document.body, 'Audit');
    expect(auditButton.disabled).toBe(true);
    const reason = document.getElementById(auditButton.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('Needs a second person: you created or changed its amounts');
  });

  it("names a coupon grant's value in yuan, as the other kinds (coupons count as value)", async () => {
    const coupons = { kind: 'couponValue', amount: 11000, threshold: 10000, above: true };
    renderDetail(gadget({ approval: { ...approval({ required: true, mayApprove: false }), values: [coupons] } }));
    const panel = await screen.findByTestId('value-approval');
    expect(within(panel).getByText('coupon value: 11000.00 (approval threshold 10000.00)')).toBeTruthy();
    expect(buttonNamed(document.body, 'Audit').disabled).toBe(true);
  });

  it('keeps Audit for a second person', async () => {
    renderDetail(gadget({ approval: approval({ required: true, mayApprove: true }) }));
    const panel = await screen.findByTestId('value-approval');
    expect(within(panel).getByText('Above the threshold: someone who neither made nor changed its amounts must audit it')).toBeTruthy();
    expect(buttonNamed(document.body, 'Audit').disabled).toBe(false);
  });

  it('keeps Audit for the maker within the threshold', async () => {
    renderDetail(gadget({ approval: approval({ required: false, mayApprove: true }) }));
    expect(within(await screen.findByTestId('value-approval')).getByText('Within the threshold: anyone allowed may audit it')).toBeTruthy();
    expect(buttonNamed(document.body, 'Audit').disabled).toBe(false);
  });

  it('shows no panel once the value is applied', async () => {
    renderDetail(gadget({ state: 'EFFECTED', approval: approval({ required: true, mayApprove: false }) }));
    await screen.findAllByText('Widget A');
    expect(screen.queryByTestId('value-approval')).toBeNull();
  });
});
