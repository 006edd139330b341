/**
 * The chips of a list that declares `list.stateCounts` (the coupon inquiry's 未生效 / 未使用 / 已使用
 * / 已过期 / 已作废): each names a shown state and how many records the list's current filters and
 * keyword hold in it (`POST /v1/<name>/counts`, the state filter aside, so every chip keeps its
 * number while one is chosen). Clicking a chip filters the list on its state, clicking the chosen
 * one again lets the filter go; the chosen chip is marked (and pressed, for screen readers).
 */
import type { HTMLAttributes, KeyboardEvent } from 'react';
import { Flex, Tag } from 'antd';
import type { ResourceDef } from '../../../resources/define';
import { optionKey } from '../../../resources/define';
import type { QueryFilters } from '../../../providers/data';
import { apiPost } from '../../../providers/http';
import { useLoadError } from '../../components/use-action';
import { useRemote } from '../../components/use-remote';
import { useTranslate } from './use-translate';

/** Props of {@link StateCounts}. */
export interface StateCountsProps {
  readonly resource: ResourceDef;
  /** The list's search; its state filter is left aside by the server. */
  readonly search: { readonly filters: QueryFilters; readonly keyword?: string };
  /** The list's current value of the state filter. */
  readonly chosen: unknown;
  /** Counts again when it changes (the list was reloaded, a record changed state). */
  readonly refreshKey?: unknown;
  /** Sets the state filter (undefined: no state filter). */
  readonly onChoose: (value: readonly string[] | undefined) => void;
}

/** The one state a filter value chooses, if it chooses exactly one. */
function chosenState(value: unknown): string | undefined {
  const values = Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value];
  return values.length === 1 ? String(values[0]) : undefined;
}

export function StateCounts(props: StateCountsProps) {
  const { resource } = props;
  const t = useTranslate();
  const field = resource.states!.field;
  const { [field]: _state, ...filters } = props.search.filters;
  const body = { filters, ...(props.search.keyword ? { keyword: props.search.keyword } : {}) };
  const counts = useRemote(
    () => apiPost<Record<string, number>>(`/v1/${resource.name}/counts`, { data: body }),
    JSON.stringify([body, props.refreshKey ?? null]),
  );
  useLoadError(counts.error);
  const chosen = chosenState(props.chosen);
  return (
    <Flex wrap gap={4} style={{ marginBottom: 12 }} data-testid="state-counts">
      {(resource.list.stateCounts ?? []).map((state) => (
        <Tag.CheckableTag
          key={state}
          checked={chosen === state}
          // A chip is a toggle button (aria-pressed needs the button role; axe refuses it on a span),
          // reachable and pressed from the keyboard like one.
          aria-pressed={chosen === state}
          data-testid={`state-count-${state}`}
          onChange={(checked) => props.onChoose(checked ? [state] : undefined)}
          {...toggleButton(() => props.onChoose(chosen === state ? undefined : [state]))}
        >
          {t(optionKey(resource.name, field, state))} <b>{counts.data ? (counts.data[state] ?? 0) : '–'}</b>
        </Tag.CheckableTag>
      ))}
    </Flex>
  );
}

/** The chip's span as a toggle button: the role that allows aria-pressed, and the keyboard of a button. */
function toggleButton(toggle: () => void): Pick<HTMLAttributes<HTMLSpanElement>, 'role' | 'tabIndex' | 'onKeyDown'> {
  return {
    role: 'button',
    tabIndex: 0,
    onKeyDown: (event: KeyboardEvent<HTMLSpanElement>) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      toggle();
    },
  };
}
