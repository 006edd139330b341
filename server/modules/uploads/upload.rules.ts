import type { FileField } from '../../../resources/define';
import { DEFAULT_UPLOAD_MAX_MB, acceptList } from '../../../resources/contract/upload.types';

/**
 * What an upload for one `file` field must be: not empty, within the field's `maxSizeMb`, of a
 * type its `accept` names, and, when it claims to be an image (by its type or its name's
 * extension) or the field takes images, really an image by its first bytes. Pure: the route
 * (uploads.routes.ts) reads the request, this decides.
 */

/** The image types recognised by their magic bytes. */
export function sniffImage(bytes: Buffer): string | null {
  const starts = (...values: number[]) => values.every((v, i) => bytes[i] === v);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'image/gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

/** `.png` of `photo.PNG`; empty without an extension. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot).toLowerCase();
}

const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp', '.bmp', '.svg', '.ico', '.tif', '.tiff', '.avif', '.heic']);
const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

/** A claimed content type without parameters, lower-cased; null when it is no type at all. */
export function plainType(contentType: string | undefined): string | null {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  return MIME.test(type) ? type : null;
}

/** True when the type or the name matches one entry of the accept list (`image/*`, `.xlsx`, `application/pdf`). */
export function accepted(args: { list: readonly string[]; type: string; extension: string }): boolean {
  if (args.list.length === 0) return true;
  return args.list.some((item) => {
    if (item.startsWith('.')) return item === args.extension;
    if (item.endsWith('/*')) return args.type.startsWith(item.slice(0, -1));
    return item === args.type;
  });
}

export type UploadVerdict =
  | { readonly ok: true; readonly contentType: string; readonly image: boolean }
  | { readonly ok: false; readonly key: string; readonly values?: Record<string, string | number> };

/** Largest upload of a field in bytes. */
export const maxBytesOf = (f: Pick<FileField, 'maxSizeMb'>) => Math.floor((f.maxSizeMb ?? DEFAULT_UPLOAD_MAX_MB) * 1024 * 1024);

/** The decision on one upload (see the file comment). */
export function judgeUpload(args: { f: FileField; bytes: Buffer; fileName: string; claimedType: string | undefined }): UploadVerdict {
  const { f, bytes } = args;
  if (bytes.length === 0) return { ok: false, key: 'uploads.error.empty' };
  if (bytes.length > maxBytesOf(f))
    return { ok: false, key: 'uploads.error.tooLarge', values: { max: f.maxSizeMb ?? DEFAULT_UPLOAD_MAX_MB } };
  const sniffed = sniffImage(bytes);
  const claimed = plainType(args.claimedType);
  const extension = extensionOf(args.fileName);
  const list = acceptList(f);
  const claimsImage = (claimed?.startsWith('image/') ?? false) || IMAGE_EXTENSIONS.has(extension);
  // An "image" whose bytes are none of the previewable kinds (a script renamed .png, an SVG,
  // which can carry scripts) is refused: it would never be served as an image.
  if (claimsImage && !sniffed) return { ok: false, key: 'uploads.error.notImage' };
  const type = sniffed ?? (claimed && claimed !== 'application/octet-stream' ? claimed : 'application/octet-stream');
  if (!accepted({ list, type, extension })) return { ok: false, key: 'uploads.error.type', values: { accept: list.join(', ') } };
  return { ok: true, contentType: type, image: sniffed !== null };
}
