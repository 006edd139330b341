/**
 * The related lists of a detail (`detail.related`, resources/define.ts): for each, a tab with the
 * latest records of another list that point at this record, in a small table of that list's own
 * columns, and a link to the whole list filtered on the record (the filter in its url, as the
 * list's own filter bar puts it). A tab is offered only to users who may read that list.
 */
import { Button, Flex, Skeleton, Table, Typography } from 'antd';
import { useCan, useCanWithoutCache, useList, type BaseRecord } from '@refinedev/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { keyColumns, listColumns, relatedLists, type RelatedList, type ResourceDef } from '../../../resources/define';
import type { ApiRecord, Translate } from '../../fields/field-kind';
import { pinKeyColumns, usePinsColumns } from './key-columns';
import { fieldColumn } from './list-screen';
import { summaryOf, useDeclaration, type ResourceSummary } from '../declaration-index';
import { LIST_PARAMS } from './list-url-state';
import { refineResourceOf, viewHref } from './resource-routes';
import { useTranslate } from './use-translate';

/** Rows a related list shows unless it declares its `limit`. */
export const RELATED_LIMIT = 10;
const DEFAULT_COLUMNS = 6;

/** The list a related list reads, with what it declares resolved. */
interface ResolvedRelated {
  readonly related: RelatedList;
  readonly list: ResourceDef;
  readonly columns: readonly string[];
}

function resolve(related: RelatedList, list: ResourceDef): ResolvedRelated {
  const columns =
    related.columns ??
    listColumns(list)
      .filter((name) => name !== related.field)
      .slice(0, DEFAULT_COLUMNS);
  return { related, list, columns };
}

/** The url of X's list filtered on this record. */
export function relatedListHref(list: Pick<ResourceDef, 'name' | 'route'>, filters: Readonly<Record<string, unknown>>): string {
  return `${viewHref(list, 'list')}?${LIST_PARAMS.filter}=${encodeURIComponent(JSON.stringify(filters))}`;
}

function RelatedTable(props: { readonly resolved: ResolvedRelated; readonly value: unknown; readonly t: Translate }) {
  const { resolved, value, t } = props;
  const { related, list } = resolved;
  const navigate = useNavigate();
  const filters = { [related.field]: value };
  const recent = useList<BaseRecord>({
    resource: list.name,
    pagination: { mode: 'server', current: 1, pageSize: related.limit ?? RELATED_LIMIT },
    sorters: [{ field: list.list.defaultSort.field, order: list.list.defaultSort.order }],
    filters: [{ field: related.field, operator: 'eq', value }],
    errorNotification: false,
  });
  const total = recent.data?.total;
  const pin = usePinsColumns();
  // In a drawer as on a page: the record's identity, state and amount stay in sight.
  const columns = pinKeyColumns({
    columns: resolved.columns.map((name) => fieldColumn({ resource: list, name, t })),
    keys: keyColumns(list, resolved.columns),
    pin,
  });
  return (
    <Flex vertical gap={8} data-testid={`related-${related.key}`}>
      <Table<BaseRecord>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={recent.data?.data}
        loading={recent.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('screens.related.empty') }}
      />
      <Flex justify="flex-end">
        {list.route.screens.list === undefined ? (
          // X has no list of its own (who holds a tag): how many there are, without a link.
          <Typography.Text type="secondary" data-testid={`related-${related.key}-count`}>
            {t('screens.related.latestOf', { shown: recent.data?.data.length ?? 0, total: total ?? '' })}
          </Typography.Text>
        ) : (
          <Button type="link" onClick={() => navigate(relatedListHref(list, filters))} data-testid={`related-${related.key}-all`}>
            {t('screens.related.all', { total: total ?? '' })}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}

/** A related list's table, once X's declaration has loaded (with the detail, or on the tab's first showing). */
function RelatedTab(props: { readonly related: RelatedList; readonly value: unknown; readonly t: Translate }) {
  const list = useDeclaration(props.related.resource);
  if (!list) return <Skeleton active />;
  return <RelatedTable resolved={resolve(props.related, list)} value={props.value} t={props.t} />;
}

/** X's summary: a unit test holds every declaration to names that exist (tests/unit/related-lists.test.tsx). */
function summaryOfList(related: RelatedList): ResourceSummary {
  const list = summaryOf(related.resource);
  if (!list) throw new Error(`related list ${related.key}: no list ${related.resource}`);
  return list;
}

/** A tab of a detail: its key, title and body. */
export interface DetailTabItem {
  readonly key: string;
  readonly label: ReactNode;
  readonly children: ReactNode;
}

/**
 * The tabs of the related lists of `resource`'s detail for `record`, those this user may read.
 * The declaration fixes the list of related lists, so the permission hooks run in the same order
 * on every render.
 */
export function useRelatedTabs(resource: ResourceDef, record: ApiRecord | undefined): DetailTabItem[] {
  const t = useTranslate();
  const { can: provider } = useCanWithoutCache();
  const resolved = relatedLists(resource).map((related) => ({ related, list: summaryOfList(related) }));
  const readable = resolved.map(({ list }) => {
    // eslint-disable-next-line react-hooks/rules-of-hooks
    const answer = useCan({ resource: list.name, action: 'list', params: { resource: refineResourceOf(list) as never } });
    return provider === undefined || answer.data?.can === true;
  });
  if (!record) return [];
  return resolved
    .filter((_, i) => readable[i])
    .map((entry) => ({
      key: `$related-${entry.related.key}`,
      label: entry.related.title ? t(`res.${resource.name}.related.${entry.related.key}`) : t(`res.${entry.list.name}`),
      children: <RelatedTab related={entry.related} value={record[entry.related.from ?? 'id']} t={t} />,
    }));
}
