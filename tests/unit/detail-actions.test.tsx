// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { i18n as I18n } from 'i18next';
import { RESOURCES } from '../../resources/index';
import { defineResource, field } from '../../resources/define';
import { DetailActionBar } from '../../src/screens/generic/detail-actions';
import { RecordFormPage } from '../../src/screens/generic/record-pages';
import type { DomainManifest } from '../../src/screens/manifest';
import { api, buttonsNamed, englishI18n, gadget, gadgetResource, installMatchMedia, ok, renderAt } from '../helpers/generic-harness';
import { ResourceList } from '../../src/screens/generic/list-screen';

/**
 * Tasks one click away (issue 25, item 2): a domain's detail action is a link to another add form
 * filled from the record shown (`?values=`), and an add form opened with values starts from them
 * over its declared defaults; a list whose domain gives its own way to create (a menu of kinds)
 * shows that one only.
 */

vi.setConfig({ testTimeout: 60_000 });

const server = setupServer();
let i18n: I18n;

const routed = defineResource({
  ...gadgetResource,
  name: 'routed',
  route: {
    group: 'deposit',
    entry: 'prepay-card-tpl',
    screens: { list: 'prepay-card-tpl', add: 'prepay-card-tpl-edit', dtl: 'prepay-card-tpl-dtl' },
  },
  fields: {
    name: field.text({ label: ['名称', 'Name'], required: true }),
    qty: field.integer({ label: ['数量', 'Quantity'], defaultValue: 1 }),
    remark: field.text({ label: ['备注', 'Remarks'], defaultValue: 'none' }),
  },
  states: undefined,
  list: { defaultSort: { field: 'name', order: 'asc' } },
});

beforeAll(async () => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
  i18n = await englishI18n([...RESOURCES, routed]);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

describe('an add form opened with values', () => {
  it('starts from them, the other fields from their defaults', async () => {
    const values = encodeURIComponent(JSON.stringify({ name: 'From a member', qty: 3 }));
    renderAt({
      path: `/deposit/prepay-card-tpl/prepay-card-tpl-edit?values=${values}`,
      i18n,
      screen: <RecordFormPage resource={routed} />,
      resources: [routed],
    });
    const form = (await screen.findByText('Save')).closest('form')!;
    await waitFor(() => expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('From a member'));
    expect((within(form).getByLabelText('Quantity') as HTMLInputElement).value).toBe('3');
    expect((within(form).getByLabelText('Remarks') as HTMLInputElement).value).toBe('none');
  });
});

describe('a detail action', () => {
  it('links to the add form it opens, filled from the record, and follows it inside the console', async () => {
    const manifest: DomainManifest = {
      domain: 'test',
      detailActions: {
        gadget: [
          {
            key: 'adjustPoints',
            title: 'member.action.adjustPoints',
            opens: 'score-adjust',
            values: (r) => ({ lines: [{ member: r.id }] }),
          },
        ],
      },
    };
    renderAt({
      path: '/datum/store/store?view=dtl&id=7',
      i18n,
      screen: <DetailActionBar resource={gadgetResource} record={{ id: 7, name: 'Seven' }} />,
      manifests: [manifest],
    });
    const link = await screen.findByRole('link', { name: 'Adjust points' });
    const href = link.getAttribute('href')!;
    expect(href.startsWith('/score/score-adjust/score-adjust-add?')).toBe(true);
    expect(JSON.parse(new URLSearchParams(href.split('?')[1]).get('values')!)).toEqual({ lines: [{ member: 7 }] });
    fireEvent.click(link);
    expect(screen.getByTestId('location').textContent).toBe(href);
  });
});

describe('a list whose domain gives its own way to create', () => {
  it('shows that one, not the generic Add beside it', async () => {
    server.use(api.post('gadget/query', () => ok({ total: 1, records: [gadget()] })));
    const kinds: DomainManifest = {
      domain: 'test',
      toolbarItems: { gadget: [{ key: 'kinds', replacesNew: true, render: () => <button type="button">New by kind</button> }] },
    };
    const { container } = renderAt({
      path: '/datum/store/store',
      i18n,
      screen: <ResourceList resource={gadgetResource} />,
      manifests: [kinds],
    });
    await screen.findByText('New by kind');
    expect(buttonsNamed(container, 'Add')).toHaveLength(0);
  });

  it('keeps the generic Add otherwise', async () => {
    server.use(api.post('gadget/query', () => ok({ total: 1, records: [gadget()] })));
    const { container } = renderAt({ path: '/datum/store/store', i18n, screen: <ResourceList resource={gadgetResource} /> });
    await waitFor(() => expect(buttonsNamed(container, 'Add')).toHaveLength(1));
  });
});
