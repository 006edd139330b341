import { TreeSelect } from './deferred-controls';
import { useList, type BaseRecord } from '@refinedev/core';
import { useMemo } from 'react';
import type { FormItemA11yProps } from '../field-helpers';
import { AriaSafeSelect } from './aria-safe-select';
import { buildTree, subtreeIds, type TreeRow } from '../tree-build';

type Id = string | number;

/** Props of {@link TreeParentSelect}. */
export interface TreeParentSelectProps extends FormItemA11yProps {
  /** API name of the resource whose records form the tree (the field's own resource). */
  readonly resource: string;
  /** The field holding a record's parent id. */
  readonly parentField: string;
  /** The field that names a record. */
  readonly titleField: string;
  /** The record being edited: it and its descendants cannot be chosen as its parent. */
  readonly excludeId?: Id;
  readonly value?: Id | null;
  readonly onChange?: (value: Id | null) => void;
  readonly disabled?: boolean;
  readonly placeholder?: string;
  readonly 'aria-label'?: string;
  readonly style?: React.CSSProperties;
}

interface TreeOption {
  value: Id;
  title: string;
  disabled?: boolean;
  children?: TreeOption[];
}

/**
 * Picks a parent among the records of the same resource, shown as a tree. Trees of master data
 * are small (a few hundred nodes), so they load unpaged (the data provider bounds it).
 */
export function TreeParentSelect(props: TreeParentSelectProps) {
  const list = useList({ resource: props.resource, pagination: { mode: 'off' }, errorNotification: false });
  const records = list.data?.data;
  const treeData = useMemo(() => {
    const roots = buildTree(records ?? [], props.parentField);
    const blocked = props.excludeId === undefined ? new Set<string>() : subtreeIds(roots, props.excludeId);
    const convert = (node: TreeRow<BaseRecord>): TreeOption => ({
      value: node.id as Id,
      title: String(node[props.titleField] ?? node.id),
      disabled: blocked.has(String(node.id)),
      children: node.children?.map(convert),
    });
    return roots.map(convert);
  }, [records, props.parentField, props.titleField, props.excludeId]);

  return (
    <AriaSafeSelect aria-required={props['aria-required']}>
      <TreeSelect
        allowClear
        showSearch
        treeNodeFilterProp="title"
        treeDefaultExpandAll
        loading={list.isLoading}
        treeData={treeData}
        value={props.value ?? undefined}
        onChange={(next: Id | undefined) => props.onChange?.(next ?? null)}
        disabled={props.disabled}
        placeholder={props.placeholder}
        aria-label={props['aria-label']}
        id={props.id}
        aria-invalid={props['aria-invalid']}
        aria-describedby={props['aria-describedby']}
        style={props.style ?? { width: '100%' }}
      />
    </AriaSafeSelect>
  );
}
