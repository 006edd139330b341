import { Select, Spin, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { apiGet } from '../../../providers/http';
import type { PickableRecords, RelationFigures, ResourceDef } from '../../../resources/define';
import { useDeclaration } from '../../screens/declaration-index';
import type { FormItemA11yProps } from '../field-helpers';
import { AriaSafeSelect } from './aria-safe-select';
import { useOptionTitles } from '../option-titles';
import { relationIds, type KnownOption, type OptionRecord } from '../relation-titles';
import { RelationEmpty } from './relation-empty';
import { RecordCard, type CardSpecOf } from './record-card';
import { RecordFiguresLine } from './record-figures';
import { lookUpId, rememberOptions } from '../record-lookup';
import type { Translate } from '../field-kind';

/** Milliseconds of typing pause before the options are asked for. */
export const SEARCH_DELAY_MS = 300;

type Id = string | number;

/** Props of {@link RelationSelect}. */
export interface RelationSelectProps extends FormItemA11yProps {
  /** API name of the referenced resource: options come from `GET /v1/<resource>/options?keyword=`. */
  readonly resource: string;
  /** Several records may be chosen. */
  readonly multiple?: boolean;
  /** Only these records are offered (the relation's `pickable`); chosen ones keep their titles. */
  readonly pickable?: PickableRecords;
  /** Chosen id(s) (antd Form.Item supplies it). */
  readonly value?: Id | Id[] | null;
  /** Receives the chosen id(s). */
  readonly onChange?: (value: Id | Id[] | null) => void;
  /** Records already chosen, with their titles when known; the others' titles are fetched. */
  readonly known?: readonly KnownOption[];
  readonly disabled?: boolean;
  readonly placeholder?: string;
  readonly 'aria-label'?: string;
  readonly style?: React.CSSProperties;
  /**
   * Show the chosen record's card under the select (when its resource declares one) and tell
   * `onChosen` which record the user chose (a reference's `fills`).
   */
  readonly card?: {
    readonly specOf: CardSpecOf;
    readonly t: Translate;
    readonly onChosen?: (record: OptionRecord) => void;
    /** The chosen record's figures from another list (an adjustment line's member's balance). */
    readonly figures?: RelationFigures;
  };
}

/** The card's enum values of an option, as their labels (`已激活`, `扣减`), joined by ' · '. */
function cardChoices(args: { target: ResourceDef | undefined; record: OptionRecord; t: Translate }): string {
  const { target } = args;
  if (!target || !args.record.card) return '';
  return (target.picker?.card ?? [])
    .filter((name) => target.fields[name]?.kind === 'enum' && typeof args.record.card?.[name] === 'string')
    .map((name) => args.t(`res.${target.name}.${name}.${String(args.record.card?.[name])}`))
    .join(' · ');
}

/** The chosen record with its card, read from what the picker answered or asked for by id. */
function useChosenRecord(resource: string, id: Id | undefined): OptionRecord | null {
  const [record, setRecord] = useState<OptionRecord | null>(null);
  useEffect(() => {
    let live = true;
    if (id === undefined) {
      setRecord(null);
      return;
    }
    void lookUpId(resource, id).then((found) => {
      if (live) setRecord(found);
    });
    return () => {
      live = false;
    };
  }, [resource, id]);
  return record !== null && String(record.id) === String(id) ? record : null;
}

/**
 * A select of records of another resource with remote search: the first list loads when the
 * dropdown opens, then every typing pause asks the server again. Answers of superseded searches
 * are dropped, so a slow early answer never replaces a later one.
 */
export function RelationSelect(props: RelationSelectProps) {
  // The chosen record's card needs the target's declaration (loaded on first use).
  const target = useDeclaration(props.card === undefined ? undefined : props.resource);
  const [found, setFound] = useState<OptionRecord[]>([]);
  const [loading, setLoading] = useState(false);
  // The keyword of the last answer: an empty answer to no keyword means there is nothing to pick.
  const [answered, setAnswered] = useState<string | null>(null);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  useEffect(() => () => clearTimeout(timer.current), []);

  const load = (keyword: string): void => {
    const mine = ++seq.current;
    setLoading(true);
    const only = props.pickable ? { field: props.pickable.field, in: [...props.pickable.in] } : {};
    apiGet<OptionRecord[]>(`/v1/${props.resource}/options`, { params: { keyword, ...only } }).then(
      (records) => {
        if (mine !== seq.current) return;
        setFound(Array.isArray(records) ? records : []);
        if (Array.isArray(records)) rememberOptions(props.resource, records);
        setAnswered(keyword);
        setLoading(false);
      },
      () => {
        // The http client has told the user; the select just stops spinning.
        if (mine === seq.current) setLoading(false);
      },
    );
  };

  const search = (keyword: string): void => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => load(keyword.trim()), SEARCH_DELAY_MS);
  };

  // Chosen records stay listed, by name, whatever the current search found.
  const chosen = relationIds(props.value);
  const withCard = props.card !== undefined && !props.multiple && (target?.picker?.card?.length ?? 0) > 0;
  const chosenRecord = useChosenRecord(props.resource, withCard ? chosen[0] : undefined);
  const titles = useOptionTitles(props.resource, chosen, props.known);
  const options = useMemo(() => {
    const byId = new Map<string, OptionRecord>();
    for (const id of chosen) byId.set(String(id), { id, title: titles?.get(String(id)) ?? String(id) });
    for (const record of found) byId.set(String(record.id), record);
    // A description (a member's masked mobile and number) tells records of one title apart; the
    // card's choices (a card's state, whether a reason adds or deducts) are read before choosing.
    return [...byId.values()].map((record) => {
      const states = props.card ? cardChoices({ target, record, t: props.card.t }) : '';
      const description = [record.description, states].filter(Boolean).join(' · ');
      return {
        value: record.id,
        label: description ? (
          <span>
            <span className="console-option-title">{record.title}</span> <Typography.Text type="secondary">{description}</Typography.Text>
          </span>
        ) : (
          record.title
        ),
      };
    });
    // `chosen` is rebuilt every render; its ids are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosen.join(','), titles, found, target]);

  const choose = (next: Id | Id[] | null): void => {
    props.onChange?.(next);
    const onChosen = props.card?.onChosen;
    if (!onChosen || next === null || Array.isArray(next)) return;
    void lookUpId(props.resource, next).then((record) => {
      if (record) onChosen(record);
    });
  };

  const select = (
    <AriaSafeSelect aria-required={props['aria-required']}>
      <Select
        showSearch
        allowClear
        mode={props.multiple ? 'multiple' : undefined}
        filterOption={false}
        // As wide as the options need: a member's masked mobile and number are read in full.
        popupMatchSelectWidth={false}
        value={props.value ?? undefined}
        onChange={(next) => choose((next as Id | Id[] | undefined) ?? null)}
        onSearch={search}
        onOpenChange={(open) => {
          if (open && found.length === 0) load('');
        }}
        notFoundContent={loading ? <Spin size="small" /> : answered === '' ? <RelationEmpty resource={props.resource} /> : undefined}
        options={options}
        disabled={props.disabled}
        placeholder={props.placeholder}
        aria-label={props['aria-label']}
        id={props.id}
        aria-invalid={props['aria-invalid']}
        aria-describedby={props['aria-describedby']}
        style={props.style}
      />
    </AriaSafeSelect>
  );
  const figures = props.card?.figures && !props.multiple ? props.card.figures : undefined;
  if ((!withCard && !figures) || !props.card) return select;
  return (
    <>
      {select}
      {withCard && chosenRecord ? (
        <RecordCard resource={props.resource} record={chosenRecord} specOf={props.card.specOf} t={props.card.t} />
      ) : null}
      {figures ? <RecordFiguresLine figures={figures} id={chosen[0]} t={props.card.t} specOf={props.card.specOf} /> : null}
    </>
  );
}
