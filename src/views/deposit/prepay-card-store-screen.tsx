/**
 * Prepaid card stock (deposit/prepay-card-store/prepay-card-store): how many cards each store
 * holds of each template, by state (made, in stock, sold, activated, frozen, used up, expired,
 * voided), filtered by store, template and card type, with a totals row. Every count opens the
 * card inquiry filtered to those cards (expired ones by their validity). The filters' choices
 * come from the stock itself, so a reader of the stock needs no store or template permission.
 */
import { App, Button, Empty, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { prepayCardResource } from '../../../resources/deposit/prepay-card.resource';
import { useErrorReporter } from '../../components/use-action';
import type { Translate } from '../../fields/field-kind';
import { formatInteger } from '../../lib/format';
import { screenRoute } from '../../screens/generic/resource-routes';
import { useTranslate } from '../../screens/generic/use-translate';
import { queryStock, type StockCounts, type StockFilters, type StockRow } from './cards/card-api';

/** The card types the stock filters on. */
type CardType = NonNullable<StockFilters['cardType']>[number];
const CARD_TYPES = ['IMPREST_CARD', 'OFFLINE_GIFT_CARD', 'ONLINE_GIFT_CARD', 'RECHARGEABLE_CARD'] as const satisfies readonly CardType[];

/** The card inquiry's filter of a count: which state(s) it counts. */
const COUNT_FILTERS: Record<keyof StockCounts, Record<string, unknown>> = {
  made: {},
  inStock: { state: ['IN_STOCK'] },
  sold: { soldAt: ['2000-01-01 00:00:00', null] },
  activated: { state: ['ACTIVATED'] },
  frozen: { state: ['FROZEN'] },
  usedUp: { state: ['USED_UP'] },
  expired: { state: ['ACTIVATED'], validTo: [null, 'yesterday'] },
  voided: { state: ['VOIDED'] },
};

const COUNT_KEYS = Object.keys(COUNT_FILTERS) as (keyof StockCounts)[];

function yesterday(): string {
  const day = new Date(Date.now() - 24 * 3600 * 1000);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/** The card inquiry showing the cards a count counts. */
function cardsHref(row: Pick<StockRow, 'storeId' | 'templateId'>, key: keyof StockCounts): string {
  const filter: Record<string, unknown> = { ...COUNT_FILTERS[key], template: row.templateId };
  if (row.storeId !== null) filter.store = row.storeId;
  if (Array.isArray(filter.validTo)) filter.validTo = [null, yesterday()];
  return `${screenRoute(prepayCardResource, 'prepay-card')}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
}

function columnsOf(t: Translate): ColumnsType<StockRow> {
  const dash = (value: string | null) => value ?? '-';
  return [
    { key: 'store', dataIndex: 'storeName', title: t('cards.stock.store'), width: 160, fixed: 'left', render: dash },
    { key: 'template', dataIndex: 'templateName', title: t('cards.stock.template'), width: 180, render: dash },
    {
      key: 'cardType',
      dataIndex: 'cardType',
      title: t('cards.stock.cardType'),
      width: 120,
      render: (type: string) => t(`res.prepay-card.cardType.${type}`),
    },
    ...COUNT_KEYS.map((key) => ({
      key,
      dataIndex: key,
      title: t(`cards.stock.${key}`),
      align: 'right' as const,
      width: 90,
      render: (value: number, row: StockRow) =>
        value > 0 ? <Link to={cardsHref(row, key)}>{formatInteger(value)}</Link> : formatInteger(value),
    })),
  ];
}

function Body() {
  const t = useTranslate();
  const report = useErrorReporter();
  const [filters, setFilters] = useState<StockFilters>({});
  const [draft, setDraft] = useState<StockFilters>({});
  const [rows, setRows] = useState<StockRow[]>([]);
  const [totals, setTotals] = useState<StockCounts | null>(null);
  const [choices, setChoices] = useState<StockRow[]>([]);
  const [loading, setLoading] = useState(false);

  const load = useCallback(
    async (next: StockFilters) => {
      setLoading(true);
      try {
        const answer = await queryStock(next);
        setRows(answer.records);
        setTotals(answer.totals);
        if (Object.keys(next).length === 0) setChoices(answer.records);
      } catch (error) {
        report(error);
      } finally {
        setLoading(false);
      }
    },
    [report],
  );
  useEffect(() => void load(filters), [filters, load]);

  const stores = useMemo(() => uniqueOptions(choices.map((row) => [row.storeId, row.storeName])), [choices]);
  const templates = useMemo(() => uniqueOptions(choices.map((row) => [row.templateId, row.templateName])), [choices]);
  const columns = useMemo(() => columnsOf(t), [t]);
  const clean = (value: StockFilters): StockFilters =>
    Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)));

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <PickOne
          label={t('cards.stock.store')}
          width={200}
          value={draft.storeId}
          options={stores}
          onChange={(storeId) => setDraft({ ...draft, storeId })}
        />
        <PickOne
          label={t('cards.stock.template')}
          width={220}
          value={draft.templateId}
          options={templates}
          onChange={(templateId) => setDraft({ ...draft, templateId })}
        />
        <Select
          aria-label={t('cards.stock.cardType')}
          placeholder={t('cards.stock.cardType')}
          mode="multiple"
          allowClear
          style={{ width: 260 }}
          value={draft.cardType ? [...draft.cardType] : []}
          options={CARD_TYPES.map((type) => ({ value: type, label: t(`res.prepay-card.cardType.${type}`) }))}
          onChange={(cardType: CardType[]) => setDraft({ ...draft, cardType })}
        />
        <Button type="primary" onClick={() => setFilters(clean(draft))}>
          {t('cards.stock.search')}
        </Button>
        <Button
          onClick={() => {
            setDraft({});
            setFilters({});
          }}
        >
          {t('cards.stock.reset')}
        </Button>
      </Space>
      <Table<StockRow>
        rowKey={(row) => `${row.storeId ?? 0}-${row.templateId}`}
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={<Typography.Text type="secondary">{t('cards.stock.empty')}</Typography.Text>} /> }}
        summary={() =>
          totals && rows.length > 0 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={3}>
                {t('cards.stock.total')}
              </Table.Summary.Cell>
              {COUNT_KEYS.map((key, i) => (
                <Table.Summary.Cell key={key} index={i + 3} align="right">
                  {formatInteger(totals[key])}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ) : null
        }
      />
    </>
  );
}

/** A searchable single choice of the filter bar, named by its placeholder. */
function PickOne(props: {
  label: string;
  width: number;
  value: number | undefined;
  options: { value: number; label: string }[];
  onChange: (value: number | undefined) => void;
}) {
  return (
    <Select
      aria-label={props.label}
      placeholder={props.label}
      allowClear
      showSearch
      optionFilterProp="label"
      style={{ width: props.width }}
      value={props.value}
      options={props.options}
      onChange={props.onChange}
    />
  );
}

/** Distinct `[id, name]` pairs as select options, by name. */
function uniqueOptions(pairs: readonly (readonly [number | null, string | null])[]): { value: number; label: string }[] {
  const seen = new Map<number, string>();
  for (const [id, name] of pairs) if (id !== null && !seen.has(id)) seen.set(id, name ?? `#${id}`);
  return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

/** The stock screen, inside its own antd App so its messages follow the theme. */
export default function PrepayCardStoreScreen() {
  return (
    <App component={false}>
      <Body />
    </App>
  );
}
