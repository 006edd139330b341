import type { ResourceDef } from '../../../resources/define';
import { PREVIEW_IMAGE_TYPES } from '../../../resources/contract/upload.types';
import { answers, objectOf, type JsonSchema } from '../../http/openapi.schemas';
import { operationIdOf, resourceTags } from '../../crud/crud.openapi';

/**
 * The OpenAPI description of the upload routes of a resource with `file` fields
 * (uploads.routes.ts): operation ids `<resource camelCase>.upload`, `.uploadInfo`,
 * `.uploadContent`, the resource's menu group as tag.
 */

/** An upload as resources/contract/upload.types.ts `UploadView` describes it. */
export const uploadSchema: JsonSchema = objectOf(
  {
    id: { type: 'string', pattern: '^[1-9][0-9]*$', description: "The upload's id: what the record's `file` field keeps" },
    fileName: { type: 'string' },
    contentType: { type: 'string', description: 'The sniffed image type, or the type the client named' },
    size: { type: 'integer', minimum: 1, description: 'Bytes' },
    image: { type: 'boolean', description: 'A PNG, JPEG, GIF or WebP image (by its bytes): /content shows it inline' },
  },
  { description: 'An uploaded file' },
);

/**
 * The body of an upload: the bytes themselves (any content type but JSON; the type is checked
 * against the field's `accept`), or JSON `{ fileName, content }` with the bytes in base64.
 */
export const uploadBody: JsonSchema = {
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['content'],
        additionalProperties: false,
        properties: {
          fileName: { type: 'string', maxLength: 200, description: 'Name of the uploaded file' },
          contentType: { type: 'string', maxLength: 200, description: 'Type of the file (else from its name and bytes)' },
          content: { type: 'string', pattern: '^[A-Za-z0-9+/]*={0,2}$', description: 'The file, base64' },
        },
      },
    },
    // contentEncoding, not `type: string`: Fastify checks this schema against the Buffer it parsed.
    'application/octet-stream': { schema: { contentEncoding: 'binary', description: 'The file itself (or with its own type)' } },
  },
};

/** A 200 answer that is the file's bytes rather than the JSON envelope. */
const contentAnswer: JsonSchema = {
  description: 'The bytes: an image inline with its type, anything else as an application/octet-stream attachment',
  content: Object.fromEntries(
    [...PREVIEW_IMAGE_TYPES, 'application/octet-stream'].map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
  ),
};

export function uploadDocs(resource: ResourceDef) {
  const tags = resourceTags(resource);
  const title = resource.title[1];
  return {
    upload: {
      operationId: operationIdOf(resource, 'upload'),
      summary: `Upload a file for a file field of ${title}`,
      tags,
      response: answers(uploadSchema),
    },
    info: {
      operationId: operationIdOf(resource, 'uploadInfo'),
      summary: `One file uploaded for ${title}`,
      tags,
      response: answers(uploadSchema, 'notFound'),
    },
    content: {
      operationId: operationIdOf(resource, 'uploadContent'),
      summary: `The bytes of a file uploaded for ${title} (an image previews inline)`,
      tags,
      response: { ...answers({}, 'notFound'), 200: contentAnswer },
    },
  };
}
