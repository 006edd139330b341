import { Select, Spin } from 'antd';
import { useEffect, useRef, useState, type CSSProperties } from 'react';

/** Milliseconds of typing pause before options are asked for. */
const SEARCH_DELAY_MS = 300;

/** An option a lookup answers. */
export interface LookupOption {
  readonly id: number;
  readonly title: string;
}

/** Props of {@link LookupSelect}. */
export interface LookupSelectProps {
  /** Options matching a keyword ('' = the first ones). */
  readonly find: (keyword: string) => Promise<readonly LookupOption[]>;
  readonly value?: number | string | null;
  readonly onChange?: (value: number | string | null) => void;
  /** A first option for "none" (entries at no store), with its value and label. */
  readonly none?: { readonly value: string; readonly label: string };
  readonly placeholder?: string;
  /** The picker's accessible name (its filter's label); default the placeholder. */
  readonly label?: string;
  readonly style?: CSSProperties;
}

/**
 * A searchable picker over a module's own lookup route (the stores of a ledger, for readers who
 * do not hold the store master's permission): asks `find` after a pause in typing and when first
 * opened; answers of superseded searches are dropped.
 */
export function LookupSelect(props: LookupSelectProps) {
  const [found, setFound] = useState<readonly LookupOption[]>([]);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  const load = (keyword: string) => {
    const mine = ++seq.current;
    setLoading(true);
    props
      .find(keyword)
      .then(
        (options) => {
          if (mine === seq.current) setFound(options);
        },
        () => undefined,
      )
      .finally(() => {
        if (mine === seq.current) setLoading(false);
      });
  };

  return (
    <Select
      showSearch
      allowClear
      filterOption={false}
      value={props.value ?? undefined}
      onChange={(next: number | string | undefined) => props.onChange?.(next ?? null)}
      onSearch={(keyword) => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => load(keyword.trim()), SEARCH_DELAY_MS);
      }}
      onOpenChange={(open) => {
        if (open && found.length === 0) load('');
      }}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      options={[
        ...(props.none ? [{ value: props.none.value, label: props.none.label }] : []),
        ...found.map((option) => ({ value: option.id, label: option.title })),
      ]}
      placeholder={props.placeholder}
      aria-label={props.label ?? props.placeholder}
      style={props.style}
    />
  );
}
