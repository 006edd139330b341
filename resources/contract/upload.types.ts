import type { FileField, ResourceDef } from '../define';

/**
 * The wire of uploads for `file` fields (server/modules/uploads, src/fields/kinds/file.kind.tsx).
 *
 * - `POST /v1/<resource>/upload?field=<path>&fileName=<name>`: the file's bytes as the body (any
 *   content type but JSON), or JSON `{ fileName, content }` with the bytes in base64; answers
 *   an {@link UploadView}. Needs the resource's write grant.
 * - `GET /v1/<resource>/upload/<id>`: the {@link UploadView} (the resource's read grants).
 * - `GET /v1/<resource>/upload/<id>/content`: the bytes; an image inline with its type, anything
 *   else as an `application/octet-stream` attachment; always `X-Content-Type-Options: nosniff`.
 */

/** An upload as the client sees it. */
export interface UploadView {
  /** What a `file` field keeps (the upload's id, as text). */
  readonly id: string;
  readonly fileName: string;
  /** The sniffed image type, or the type the client named. */
  readonly contentType: string;
  /** Bytes. */
  readonly size: number;
  /** The bytes are a PNG, JPEG, GIF or WebP image: the content can be shown in an `<img>`. */
  readonly image: boolean;
}

/** Default largest upload of a `file` field, in MiB (FileField.maxSizeMb). */
export const DEFAULT_UPLOAD_MAX_MB = 5;

/** The image types an upload can be previewed as (recognised by their magic bytes). */
export const PREVIEW_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

const IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.gif', '.webp'];

/** The accept list of a field, lower-cased, without blanks. */
export function acceptList(f: Pick<FileField, 'accept'>): string[] {
  return (f.accept ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item !== '');
}

/** True when the field accepts images only (`image/*`, `image/png`, `.jpg` …): it shows thumbnails. */
export function acceptsImagesOnly(f: Pick<FileField, 'accept'>): boolean {
  const list = acceptList(f);
  return list.length > 0 && list.every((item) => item.startsWith('image/') || IMAGE_EXTENSIONS.includes(item));
}

/**
 * The paths of a resource's `file` fields, as the upload route's `field` names them: `image`
 * for a field of the record, `<lines>.<field>` for a field of its lines.
 */
export function fileFieldPaths(resource: ResourceDef): { path: string; field: FileField }[] {
  const out: { path: string; field: FileField }[] = [];
  for (const [name, f] of Object.entries(resource.fields)) {
    if (f.kind === 'file') out.push({ path: name, field: f });
    if (f.kind === 'lines') {
      for (const [inner, lf] of Object.entries(f.fields)) if (lf.kind === 'file') out.push({ path: `${name}.${inner}`, field: lf });
    }
  }
  return out;
}
