/**
 * The `file` kind. A file field stores the id of a stored file. There is no upload endpoint yet,
 * so the input degrades to a text box for the id of an already uploaded file and says so; when
 * the files service exists, an antd Upload that keeps the returned id replaces FileIdInput here
 * and nothing else changes.
 */
import { Input, Typography } from 'antd';
import type { ChangeEvent } from 'react';
import type { FileField } from '../../../resources/define';
import { LOCAL_KEYS } from '../../../providers/storage-keys';
import type { FieldKindSpec, Translate } from '../field-kind';
import { DASH, isBlank, requiredRules } from '../field-helpers';

/** Props of {@link FileIdInput}. */
export interface FileIdInputProps {
  readonly value?: string | null;
  readonly onChange?: (value: string | null) => void;
  readonly disabled?: boolean;
  readonly t: Translate;
}

/** A text box for a stored file's id, with a note that uploading is not available yet. */
export function FileIdInput(props: FileIdInputProps) {
  return (
    <>
      <Input
        allowClear
        value={props.value ?? ''}
        disabled={props.disabled}
        placeholder={props.t('screens.file.idPlaceholder')}
        onChange={(event: ChangeEvent<HTMLInputElement>) => props.onChange?.(event.target.value === '' ? null : event.target.value)}
      />
      <Typography.Text type="secondary">{props.t('screens.file.uploadUnavailable')}</Typography.Text>
    </>
  );
}

// Files are served under the base url the login stored (§3 `fileBaseUrl`).
function fileUrl(id: string): string | undefined {
  const base = typeof localStorage === 'undefined' ? null : localStorage.getItem(LOCAL_KEYS.fileBaseUrl);
  return base ? `${base.replace(/\/$/, '')}/${encodeURIComponent(id)}` : undefined;
}

function fileLink(value: unknown) {
  if (isBlank(value)) return DASH;
  const id = String(value);
  const url = fileUrl(id);
  return url ? (
    <a href={url} target="_blank" rel="noreferrer">
      {id}
    </a>
  ) : (
    id
  );
}

export const fileKind: FieldKindSpec<FileField> = {
  input: (ctx, options) => <FileIdInput t={ctx.t} disabled={options.disabled} />,
  cell: (_ctx, value) => fileLink(value),
  rules: (ctx) => requiredRules(ctx),
};
