/**
 * The `secret` kind: a write-only credential. The server answers a mask (`••••1234`) or null,
 * never the secret; the form shows the mask in a password input, sends it back unchanged (the
 * server then keeps the stored secret), sends what the user types instead, and null when the
 * user empties it (clearing the secret).
 */
import { Input } from 'antd';
import type { SecretField } from '../../../resources/define';
import type { FieldKindSpec } from '../field-kind';
import { lengthRules, requiredRules, textOrDash } from '../field-helpers';

/** Default longest secret, as the declaration documents. */
export const SECRET_MAX_LENGTH = 500;

export const secretKind: FieldKindSpec<SecretField> = {
  input: (ctx, options) => (
    <Input.Password
      autoComplete="new-password"
      visibilityToggle={false}
      maxLength={ctx.field.maxLength ?? SECRET_MAX_LENGTH}
      disabled={options.disabled}
    />
  ),
  cell: (_ctx, value) => textOrDash(value),
  rules: (ctx) => [...requiredRules(ctx, 'string'), ...lengthRules(ctx, { max: ctx.field.maxLength ?? SECRET_MAX_LENGTH })],
  fromForm: (_ctx, value) => (typeof value === 'string' && value.trim() === '' ? null : value),
};
