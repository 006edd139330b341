/**
 * The `file` kind. A file field keeps the id of an upload (resources/contract/upload.types.ts):
 * the form uploads with antd's Upload to `POST /v1/<resource>/upload?field=<path>` and keeps the
 * answered id; an image shows as a thumbnail, anything else as its name with a download link.
 * List cells and details show a thumbnail for fields that take images only, else a link.
 * The server decides what is accepted (type, size, real image bytes) and says why not, naming
 * the field; the input shows that message under itself.
 */
import { useEffect, useState } from 'react';
import { Button, Space, Typography, type UploadProps } from 'antd';
import { Upload } from '../controls/deferred-controls';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { FileField } from '../../../resources/define';
import { DEFAULT_UPLOAD_MAX_MB, acceptsImagesOnly, type UploadView } from '../../../resources/contract/upload.types';
import { apiGet, apiPost, isApiError, serviceUrl } from '../../../providers/http';
import type { FieldContext, FieldKindSpec, Translate } from '../field-kind';
import { DASH, isBlank, labelOf, requiredRules } from '../field-helpers';

/** The field's path as the upload route names it: `image`, or `<lines>.<field>` inside lines. */
export function uploadPathOf(ctx: FieldContext<FileField>): string {
  const prefix = `res.${ctx.resource.name}.`;
  return ctx.key.startsWith(prefix) ? ctx.key.slice(prefix.length) : ctx.name;
}

/** Where an upload's bytes are served (with the session cookie, so `<img>` and links work). */
export function uploadContentUrl(resource: string, id: string): string {
  return `${serviceUrl()}/v1/${resource}/upload/${encodeURIComponent(id)}/content`;
}

/** The type sent with the bytes: the file's own, except JSON (the route reads JSON as the base64 form). */
function bodyType(file: File): string {
  return file.type && !file.type.includes('json') ? file.type : 'application/octet-stream';
}

/** A thumbnail (images) or a download link (anything else) of one upload. */
export function UploadPreview(props: {
  readonly resource: string;
  readonly id: string;
  readonly image: boolean;
  readonly name?: string;
  readonly label: string;
  readonly size: number;
  readonly t: Translate;
}) {
  const url = uploadContentUrl(props.resource, props.id);
  if (props.image) {
    return (
      <a href={url} target="_blank" rel="noreferrer">
        <img
          src={url}
          alt={props.t('uploads.preview', { label: props.label })}
          style={{ maxWidth: props.size, maxHeight: props.size, objectFit: 'contain', display: 'block' }}
        />
      </a>
    );
  }
  return (
    <a href={url} download={props.name ?? true}>
      {props.name ?? props.t('uploads.download')}
    </a>
  );
}

/** Props of {@link FileUploadInput}; `value` and `onChange` come from the Form.Item. */
export interface FileUploadInputProps {
  readonly ctx: FieldContext<FileField>;
  readonly value?: string | null;
  readonly onChange?: (value: string | null) => void;
  readonly disabled?: boolean;
}

/** The form control of a file field: the current file (thumbnail or name) and an upload button. */
export function FileUploadInput(props: FileUploadInputProps) {
  const { ctx, value } = props;
  const { t } = ctx;
  const resource = ctx.resource.name;
  const [info, setInfo] = useState<UploadView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = isBlank(value) ? null : String(value);

  // A record opened for editing names its file by id only: its name and kind come from the server.
  useEffect(() => {
    if (id === null || info?.id === id) return;
    let live = true;
    apiGet<UploadView>(`/v1/${resource}/upload/${encodeURIComponent(id)}`, { silent: true })
      .then((view) => live && setInfo(view))
      .catch(() => live && setInfo(null));
    return () => {
      live = false;
    };
  }, [id, info?.id, resource]);

  const customRequest: UploadProps['customRequest'] = (options) => {
    const file = options.file as File;
    setBusy(true);
    setError(null);
    apiPost<UploadView>(`/v1/${resource}/upload`, {
      params: { field: uploadPathOf(ctx), fileName: file.name },
      data: file,
      headers: { 'Content-Type': bodyType(file) },
      silent: true,
    })
      .then((view) => {
        setInfo(view);
        props.onChange?.(view.id);
        options.onSuccess?.(view);
      })
      .catch((failure: unknown) => {
        setError(isApiError(failure) ? (failure.fields[0]?.msg ?? failure.message) : String(failure));
        options.onError?.(failure as Error);
      })
      .finally(() => setBusy(false));
  };

  const max = ctx.field.maxSizeMb ?? DEFAULT_UPLOAD_MAX_MB;
  const label = labelOf(ctx);
  const current = id !== null && info?.id === id ? info : null;
  return (
    <Space direction="vertical" size={4}>
      {id !== null ? (
        <UploadPreview
          resource={resource}
          id={id}
          image={current?.image ?? acceptsImagesOnly(ctx.field)}
          name={current?.fileName}
          label={label}
          size={120}
          t={t}
        />
      ) : null}
      <Space>
        <Upload
          accept={ctx.field.accept}
          showUploadList={false}
          maxCount={1}
          disabled={props.disabled || busy}
          customRequest={customRequest}
        >
          <Button icon={<UploadOutlined />} loading={busy} disabled={props.disabled}>
            {t(id === null ? 'uploads.select' : 'uploads.replace')}
          </Button>
        </Upload>
        {id !== null && !props.disabled ? (
          <Button icon={<DeleteOutlined />} onClick={() => props.onChange?.(null)}>
            {t('uploads.remove')}
          </Button>
        ) : null}
      </Space>
      <Typography.Text type="secondary">
        {ctx.field.accept ? t('uploads.limitsTyped', { accept: ctx.field.accept, max }) : t('uploads.limits', { max })}
      </Typography.Text>
      {error ? (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

function shown(ctx: FieldContext<FileField>, value: unknown, size: number) {
  if (isBlank(value)) return DASH;
  return (
    <UploadPreview
      resource={ctx.resource.name}
      id={String(value)}
      image={acceptsImagesOnly(ctx.field)}
      label={labelOf(ctx)}
      size={size}
      t={ctx.t}
    />
  );
}

export const fileKind: FieldKindSpec<FileField> = {
  input: (ctx, options) => <FileUploadInput ctx={ctx} disabled={options.disabled} />,
  cell: (ctx, value) => shown(ctx, value, 40),
  display: (ctx, value) => shown(ctx, value, 160),
  rules: (ctx) => requiredRules(ctx),
};
