/** Text kinds: `text` (one line, optional pattern) and `longText` (a text area). */
import { Input, Typography } from 'antd';
import type { LongTextField, TextField } from '../../../resources/define';
import type { FieldKindSpec } from '../field-kind';
import { DASH, isBlank, labelOf, lengthRules, requiredRules, textOrDash } from '../field-helpers';

/** Default longest text, as the declaration documents. */
export const TEXT_MAX_LENGTH = 100;
/** Default longest long text. */
export const LONG_TEXT_MAX_LENGTH = 2000;

// Empty text is sent as null, so clearing a field clears the column instead of storing ''.
function blankToNull(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? null : value;
}

export const textKind: FieldKindSpec<TextField> = {
  input: (ctx, options) => <Input allowClear maxLength={ctx.field.maxLength ?? TEXT_MAX_LENGTH} disabled={options.disabled} />,
  cell: (_ctx, value) => textOrDash(value),
  filter: (ctx) => <Input allowClear placeholder={labelOf(ctx)} aria-label={labelOf(ctx)} />,
  rules: (ctx) => {
    const rules = [
      ...requiredRules(ctx, 'string'),
      ...lengthRules(ctx, { min: ctx.field.minLength, max: ctx.field.maxLength ?? TEXT_MAX_LENGTH }),
    ];
    const pattern = ctx.field.pattern;
    if (pattern) rules.push({ pattern: new RegExp(pattern.regex), message: ctx.t(`${ctx.key}.pattern`) });
    return rules;
  },
  fromForm: (_ctx, value) => blankToNull(value),
};

export const longTextKind: FieldKindSpec<LongTextField> = {
  input: (ctx, options) => (
    <Input.TextArea rows={3} showCount maxLength={ctx.field.maxLength ?? LONG_TEXT_MAX_LENGTH} disabled={options.disabled} />
  ),
  cell: (_ctx, value) =>
    isBlank(value) ? (
      DASH
    ) : (
      <Typography.Text ellipsis={{ tooltip: String(value) }} style={{ maxWidth: 240 }}>
        {String(value)}
      </Typography.Text>
    ),
  display: (_ctx, value) => (isBlank(value) ? DASH : <span style={{ whiteSpace: 'pre-wrap' }}>{String(value)}</span>),
  filter: (ctx) => <Input allowClear placeholder={labelOf(ctx)} aria-label={labelOf(ctx)} />,
  rules: (ctx) => [...requiredRules(ctx, 'string'), ...lengthRules(ctx, { max: ctx.field.maxLength ?? LONG_TEXT_MAX_LENGTH })],
  fromForm: (_ctx, value) => blankToNull(value),
};
