import { Input } from 'antd';
import { useEffect, useState } from 'react';
import type { RecordFills, TextLookup } from '../../../resources/define';
import type { FormItemA11yProps } from '../field-helpers';
import type { Translate } from '../field-kind';
import { lookUpTitle, lookupText, refusedState } from '../record-lookup';
import type { OptionRecord } from '../relation-titles';
import { RecordCard, useRecordFills, type CardSpecOf } from './record-card';

/** Milliseconds of typing pause before a typed text is looked up (a scanner types faster). */
export const LOOKUP_DELAY_MS = 250;

/** Props of {@link LookupInput}. */
export interface LookupInputProps extends FormItemA11yProps {
  readonly lookup: TextLookup;
  readonly fills?: RecordFills;
  /** Where the field's siblings are in the form (`FieldContext.siblings`). */
  readonly siblings?: readonly (string | number)[];
  readonly maxLength?: number;
  readonly specOf: CardSpecOf;
  readonly t: Translate;
  readonly value?: string | null;
  readonly onChange?: (value: string) => void;
  readonly disabled?: boolean;
}

/**
 * A text that names a record of another resource (a coupon's code on a write-off line): as it is
 * typed or scanned, the record it names is looked up and its card shown under the input, and the
 * declared siblings are filled from it (the line's discount from the coupon's face value). An
 * unknown or unusable text gets its error from the field's rule (text.kind.tsx), on the line,
 * before any save.
 */
export function LookupInput(props: LookupInputProps) {
  const text = lookupText(props.value, props.lookup.upperCase);
  const [record, setRecord] = useState<OptionRecord | null>(null);
  const [typed, setTyped] = useState(false);
  const fill = useRecordFills(props.fills, props.siblings);
  useEffect(() => {
    let live = true;
    if (text === '') {
      setRecord(null);
      return;
    }
    const timer = setTimeout(() => {
      void lookUpTitle(props.lookup.resource, text).then((found) => {
        if (!live) return;
        setRecord(found);
        // Defaults come from a record the user has just named, never over a saved line's values.
        if (typed && found && refusedState(found, props.lookup.pickable) === null) fill(found);
      });
    }, LOOKUP_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `fill` and `typed` are read when the answer comes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.lookup.resource, text]);
  return (
    <>
      <Input
        allowClear
        maxLength={props.maxLength}
        disabled={props.disabled}
        value={props.value ?? ''}
        onChange={(event) => {
          setTyped(true);
          const next = event.target.value;
          props.onChange?.(props.lookup.upperCase ? next.toUpperCase() : next);
        }}
        id={props.id}
        aria-invalid={props['aria-invalid']}
        aria-required={props['aria-required']}
        aria-describedby={props['aria-describedby']}
      />
      {record && record.title === text ? (
        <RecordCard resource={props.lookup.resource} record={record} specOf={props.specOf} t={props.t} />
      ) : null}
    </>
  );
}
