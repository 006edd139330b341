import { Select, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { findStores, type StoreName } from './points-api';

/** Milliseconds of typing pause before stores are asked for. */
const SEARCH_DELAY_MS = 300;

/** Props of {@link StoreSelect}. */
export interface StoreSelectProps {
  readonly value?: number | null;
  readonly onChange?: (value: number | null) => void;
  readonly placeholder?: string;
  readonly style?: React.CSSProperties;
}

/**
 * A store picker for the points screens. It searches through the points module's store lookup,
 * so a reader of the ledger can filter by store without holding the store master's permission.
 * Answers of superseded searches are dropped.
 */
export function StoreSelect(props: StoreSelectProps) {
  const [found, setFound] = useState<StoreName[]>([]);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  const load = (keyword: string) => {
    const mine = ++seq.current;
    setLoading(true);
    findStores({ keyword })
      .then(
        (stores) => {
          if (mine === seq.current) setFound(stores);
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
      onChange={(next: number | undefined) => props.onChange?.(next ?? null)}
      onSearch={(keyword) => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => load(keyword.trim()), SEARCH_DELAY_MS);
      }}
      onOpenChange={(open) => {
        if (open && found.length === 0) load('');
      }}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      options={found.map((store) => ({ value: store.id, label: store.title }))}
      placeholder={props.placeholder}
      aria-label={props.placeholder}
      style={props.style}
    />
  );
}
