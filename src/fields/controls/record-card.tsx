import { Form, Space, Typography } from 'antd';
import { useCallback } from 'react';
import { labelKey, type FieldDef, type RecordFills, type ResourceDef } from '../../../resources/define';
import { useDeclaration } from '../../screens/declaration-index';
import type { FieldContext, FieldKindSpec, Translate } from '../field-kind';
import type { OptionRecord } from '../relation-titles';

/** Looks up the spec of a kind (the registry, passed in to avoid an import cycle). */
export type CardSpecOf = (kind: FieldDef['kind']) => FieldKindSpec;

/** Props of {@link RecordCard}. */
export interface RecordCardProps {
  /** API name of the record's resource; its `picker.card` lists the fields shown. */
  readonly resource: string;
  readonly record: OptionRecord;
  readonly specOf: CardSpecOf;
  readonly t: Translate;
}

/**
 * What a form shows of a record it refers to, before the save: its name and description (a
 * member's masked mobile and number) and its card's fields with their labels, each as its kind
 * shows it on a detail (a state as its localised tag, money, dates, a holder's name).
 */
export function RecordCard(props: RecordCardProps) {
  // Its fields show once its declaration has loaded (at once when it is the screen's own).
  const target = useDeclaration(props.resource);
  const card = props.record.card ?? {};
  const shown = (target?.picker?.card ?? []).filter((name) => target?.fields[name] !== undefined);
  return (
    <div
      className="console-record-card"
      role="note"
      aria-label={props.t('screens.lookup.card', { name: props.record.title })}
      style={{ fontSize: 12, lineHeight: '18px', marginTop: 4 }}
    >
      <Space size={[12, 0]} wrap>
        <Typography.Text strong>{props.record.title}</Typography.Text>
        {props.record.description ? <Typography.Text type="secondary">{props.record.description}</Typography.Text> : null}
        {target
          ? shown.map((name) => (
              <span key={name} data-card-field={name}>
                <CardFieldValue resource={target} name={name} record={card} specOf={props.specOf} t={props.t} />
              </span>
            ))
          : null}
      </Space>
    </div>
  );
}

/** One field of a record shown on a card: its label, then its value as its kind shows it on a detail. */
export function CardFieldValue(props: {
  readonly resource: ResourceDef;
  readonly name: string;
  readonly record: Readonly<Record<string, unknown>>;
  readonly specOf: CardSpecOf;
  readonly t: Translate;
}) {
  const { resource, name, record } = props;
  const field = resource.fields[name];
  const ctx: FieldContext = { resource, name, field, key: labelKey(resource.name, name), t: props.t };
  const spec = props.specOf(field.kind);
  return (
    <>
      <Typography.Text type="secondary">{props.t(ctx.key)}: </Typography.Text>
      {(spec.display ?? spec.cell)(ctx, record[name], record)}
    </>
  );
}

/**
 * Fills the siblings a reference declares (`fills`) from a chosen record's card: the same line's
 * fields for a line (`siblings` is its path in the form), the header's otherwise. Outside a form
 * (a filter) it does nothing.
 */
export function useRecordFills(fills: RecordFills | undefined, siblings: readonly (string | number)[] | undefined) {
  const form = Form.useFormInstance();
  const path = siblings ?? [];
  const key = path.join('.');
  return useCallback(
    (record: OptionRecord | null) => {
      if (!fills || !record?.card || !form) return;
      for (const [target, source] of Object.entries(fills)) {
        const value = record.card[source];
        if (value !== undefined && value !== null) form.setFieldValue([...path, target], value);
      }
    },
    // `key` stands for the path.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fills, form, key],
  );
}
