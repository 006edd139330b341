/** Text kinds: `text` (one line, optional pattern) and `longText` (a text area). */
import { Input, Typography } from 'antd';
import type { LongTextField, TextField } from '../../../resources/define';
import type { FieldContext, FieldKindSpec } from '../field-kind';
import { DASH, isBlank, labelOf, lengthRules, requiredRules, textOrDash } from '../field-helpers';
import { LookupInput } from '../controls/lookup-input';
import type { CardSpecOf } from '../controls/record-card';
import { lookUpTitle, lookupText, refusedState } from '../record-lookup';

/** Default longest text, as the declaration documents. */
export const TEXT_MAX_LENGTH = 100;
/** Default longest long text. */
export const LONG_TEXT_MAX_LENGTH = 2000;

// Empty text is sent as null, so clearing a field clears the column instead of storing ''.
function blankToNull(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? null : value;
}

/**
 * The rule of a text that names a record (`lookup`): the record must exist, and be pickable, for
 * the caller now; the message names the text and, when refused, the record's state.
 */
function lookupRule(ctx: FieldContext<TextField>) {
  const lookup = ctx.field.lookup!;
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const text = lookupText(value, lookup.upperCase);
      if (text === '') return;
      const label = labelOf(ctx);
      const record = await lookUpTitle(lookup.resource, text);
      if (!record) throw new Error(ctx.t('screens.lookup.notFound', { label, value: text }));
      const refused = refusedState(record, lookup.pickable);
      if (refused !== null) {
        const state = ctx.t(`res.${lookup.resource}.${lookup.pickable!.field}.${refused}`);
        throw new Error(ctx.t('screens.lookup.notPickable', { label, value: text, state }));
      }
    },
  };
}

/** The text kinds over a registry of kinds (a looked-up record's card shows its fields by kind). */
export function createTextKind(specOf: CardSpecOf): FieldKindSpec<TextField> {
  return {
    ...plainTextKind,
    input: (ctx, options) =>
      ctx.field.lookup ? (
        <LookupInput
          lookup={ctx.field.lookup}
          fills={ctx.field.fills}
          siblings={ctx.siblings}
          maxLength={ctx.field.maxLength ?? TEXT_MAX_LENGTH}
          disabled={options.disabled}
          specOf={specOf}
          t={ctx.t}
        />
      ) : (
        plainTextKind.input(ctx, options)
      ),
    rules: (ctx) => (ctx.field.lookup ? [...plainTextKind.rules(ctx), lookupRule(ctx)] : plainTextKind.rules(ctx)),
  };
}

const plainTextKind: FieldKindSpec<TextField> = {
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
