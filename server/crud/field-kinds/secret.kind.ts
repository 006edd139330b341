import { text } from 'drizzle-orm/pg-core';
import type { SecretField } from '../../../resources/define';
import { snakeCase } from '../naming';
import { SECRET_MASK, maskSecret, sealSecret } from '../secret-box';
import type { ServerFieldKind } from './field-kind';
import { DEFAULT_MAX_LENGTH, fail, finishColumn, ok } from './kind-helpers';
import { coerceText } from './text.kind';

const isMask = (value: unknown) => typeof value === 'string' && value.startsWith(SECRET_MASK);

/**
 * A write-only credential: a `text` column holding the AES-256-GCM sealed value (secret-box.ts),
 * answered as its mask (`••••1234`) or null. A modify that sends the mask back (the form does)
 * keeps the stored value; a create never takes a mask for a secret. No default, filter, sort,
 * list column or sheet column.
 */
export const secretKind: ServerFieldKind<SecretField> = {
  filterable: false,
  columns: ({ name, f }) => ({ [name]: finishColumn(text(snakeCase(name)), { f, fallback: undefined }) }),
  columnDefault: () => undefined,
  coerce: ({ f, value }) => {
    if (isMask(value)) return fail('validation.type');
    const checked = coerceText(value, { max: f.maxLength ?? DEFAULT_MAX_LENGTH.secret, pattern: f.pattern?.regex });
    return checked.ok ? ok(sealSecret(checked.value as string)) : checked;
  },
  keepsStored: isMask,
  bodySchema: (f) => ({
    type: 'string',
    maxLength: f.maxLength ?? DEFAULT_MAX_LENGTH.secret,
    description: `${f.label[1]} (write-only; on modify, leave it out or send the mask back to keep it, null to clear it)`,
  }),
  answerSchema: (f) => ({
    type: 'string',
    description: `${f.label[1]} (masked: ${SECRET_MASK} and the last 4 characters of a secret of 12 or more)`,
  }),
  serialize: ({ value }) => maskSecret(String(value)),
  // A new secret is always a change: sealed values never compare equal.
  same: () => false,
};
