// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { render } from '../helpers/antd-styles';
import { Form, type FormInstance } from 'antd';
import { setupServer } from 'msw/node';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { defineResource, field, type FileField } from '../../resources/define';
import type { FieldContext } from '../../src/fields/field-kind';
import { fieldContext, specOf } from '../../src/fields/field-kinds';
import { api, englishI18n, fail, installMatchMedia, ok } from '../helpers/generic-harness';

vi.setConfig({ testTimeout: 60_000 });

/**
 * The upload input of `file` fields (src/fields/kinds/file.kind.tsx) against MSW: the picked
 * file goes to `POST /v1/<resource>/upload?field=…&fileName=…` as the body, the answered id
 * becomes the field's value and the image shows as a thumbnail; the server's refusal shows
 * under the input; an existing file that is not an image shows its name and a download link.
 */

const album = defineResource({
  name: 'album',
  table: 'albums',
  title: ['相册', 'Album'],
  route: { group: 'datum', entry: 'store', screens: { list: 'store' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    name: field.text({ label: ['名称', 'Name'], required: true }),
    cover: field.file({ label: ['封面', 'Cover'], accept: 'image/*', maxSizeMb: 2 }),
    manual: field.file({ label: ['说明书', 'Manual'], accept: '.pdf' }),
  },
  titleField: 'name',
  list: { defaultSort: { field: 'name', order: 'asc' } },
});

const server = setupServer();
let i18n: I18n;

beforeAll(async () => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
  i18n = await englishI18n([album]);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

const t = (key: string, values?: Record<string, unknown>) => String(i18n.t(key, (values ?? {}) as never));

/** The field's input inside a real antd Form; answers the form to read its values. */
function renderField(name: 'cover' | 'manual', initial: Record<string, unknown> = {}) {
  const ctx = fieldContext({ resource: album, name, t }) as FieldContext<FileField>;
  let form: FormInstance | undefined;
  function Harness() {
    const [instance] = Form.useForm();
    form = instance;
    return (
      <Form form={instance} initialValues={initial}>
        <Form.Item name={name} label={t(ctx.key)}>
          {specOf('file').input(ctx as never, {})}
        </Form.Item>
      </Form>
    );
  }
  const view = render(
    <I18nextProvider i18n={i18n}>
      <Harness />
    </I18nextProvider>,
  );
  // The upload control loads on first use (src/fields/controls/deferred-controls.tsx): wait for it.
  const fileInput = () =>
    waitFor(() => {
      const input = view.container.querySelector('input[type="file"]');
      if (!input) throw new Error('the upload control is not drawn yet');
      return input as HTMLInputElement;
    });
  return { ...view, form: () => form!, fileInput };
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('the upload input of a file field', () => {
  it('uploads the picked file and keeps the answered id, showing the image', async () => {
    const seen: { field: string | null; fileName: string | null; type: string | null; bytes: number[] }[] = [];
    server.use(
      api.post('album/upload', async ({ request }) => {
        const url = new URL(request.url);
        seen.push({
          field: url.searchParams.get('field'),
          fileName: url.searchParams.get('fileName'),
          type: request.headers.get('content-type'),
          bytes: [...new Uint8Array(await request.arrayBuffer())],
        });
        return ok({ id: '41', fileName: 'cover.png', contentType: 'image/png', size: PNG.length, image: true });
      }),
    );
    const view = renderField('cover');
    expect(screen.getByText('image/*, up to 2 MB')).toBeTruthy();
    expect((await view.fileInput()).accept).toBe('image/*');
    fireEvent.change(await view.fileInput(), { target: { files: [new File([PNG], 'cover.png', { type: 'image/png' })] } });
    await waitFor(() => expect(view.form().getFieldValue('cover')).toBe('41'));
    expect(seen).toEqual([{ field: 'cover', fileName: 'cover.png', type: 'image/png', bytes: [...PNG] }]);
    const image = await screen.findByAltText('Preview of Cover');
    expect(image.getAttribute('src')).toMatch(/\/loyalty\/v1\/album\/upload\/41\/content$/);
    expect(screen.getByRole('button', { name: /Replace the file/ })).toBeTruthy();
    // Removing the file clears the field.
    fireEvent.click(screen.getByRole('button', { name: /Remove the file/ }));
    await waitFor(() => expect(view.form().getFieldValue('cover')).toBeNull());
  });

  it("shows the server's refusal under the input and keeps the value", async () => {
    server.use(
      api.post('album/upload', () =>
        fail({
          status: 400,
          code: 4000,
          msg: 'Invalid input',
          fields: [{ field: 'cover', msg: 'Cover: the file is not an image (PNG, JPEG, GIF or WebP)' }],
        }),
      ),
    );
    const view = renderField('cover');
    fireEvent.change(await view.fileInput(), { target: { files: [new File(['<html>'], 'cat.png', { type: 'image/png' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe('Cover: the file is not an image (PNG, JPEG, GIF or WebP)');
    expect(view.form().getFieldValue('cover')).toBeUndefined();
  });

  it('shows the name and a download link of a stored file that is not an image', async () => {
    server.use(
      api.get('album/upload/7', () => ok({ id: '7', fileName: 'manual.pdf', contentType: 'application/pdf', size: 10, image: false })),
    );
    renderField('manual', { manual: '7' });
    const link = await screen.findByRole('link', { name: 'manual.pdf' });
    expect(link.getAttribute('href')).toMatch(/\/loyalty\/v1\/album\/upload\/7\/content$/);
  });

  it('shows a thumbnail in list cells and details of an image field, a link otherwise', () => {
    const cover = fieldContext({ resource: album, name: 'cover', t });
    const manual = fieldContext({ resource: album, name: 'manual', t });
    render(
      <>
        <div data-testid="cover">{specOf('file').display!(cover as never, '41', {})}</div>
        <div data-testid="manual">{specOf('file').cell(manual as never, '7', {})}</div>
        <div data-testid="empty">{specOf('file').cell(manual as never, null, {})}</div>
      </>,
    );
    expect(screen.getByTestId('cover').querySelector('img')?.getAttribute('src')).toMatch(/\/album\/upload\/41\/content$/);
    expect(screen.getByTestId('manual').textContent).toBe('Download');
    expect(screen.getByTestId('empty').textContent).toBe('-');
  });
});
