import { QuestionCircleOutlined } from '@ant-design/icons';
import { Card, Col, Row, Statistic, Table, Tooltip, Typography } from 'antd';
import type { QueryViewDef } from '../../../resources/query-view';
import type { Translate } from '../../fields/field-kind';
import { DASH } from '../../fields/field-helpers';
import { codeLabel, DrillLink, formatMeasure } from './query-view-table';
import type { ViewFilters, ViewGroup, ViewPage } from './query-view-api';

/** A group's name: an enum code by its label, a store by its name, a day as it is. */
function groupName(args: { t: Translate; view: QueryViewDef; dimension: string; group: ViewGroup }): string {
  const { t, view, dimension, group } = args;
  const kind = view.dimensions?.[dimension]?.kind;
  if (kind === 'enum') return codeLabel({ t, view, column: dimension, code: group.key });
  if (kind === 'store' && group.key === null) return t('queryView.noStore');
  return group.title ?? group.key ?? DASH;
}

/**
 * A measure's name with its one-line definition behind a help mark (hover or keyboard focus). A
 * long name ("Member share of transactions") wraps between its words where its box is narrow (a
 * statistic's card, a grouped total's header); the mark stays on the line of the last word.
 */
export function MeasureTitle(props: { readonly t: Translate; readonly view: QueryViewDef; readonly measure: string }) {
  const { t, view, measure } = props;
  const key = `res.${view.name}.measure.${measure}`;
  const label = t(key);
  if (!view.measures[measure]?.help) return <>{label}</>;
  const help = t(`${key}.help`);
  const cut = label.lastIndexOf(' ') + 1;
  return (
    <span>
      {label.slice(0, cut)}
      <span style={{ whiteSpace: 'nowrap' }}>
        {label.slice(cut)}{' '}
        <Tooltip title={help}>
          <QuestionCircleOutlined tabIndex={0} role="img" aria-label={help} style={{ color: 'rgba(0, 0, 0, 0.65)' }} />
        </Tooltip>
      </span>
    </span>
  );
}

/** When the figures were read, as the screen's header says it. */
export function AsOf(props: { readonly t: Translate; readonly page: ViewPage | undefined }) {
  if (!props.page?.asOf) return null;
  return (
    <Typography.Text type="secondary" data-testid="query-view-as-of">
      {props.t('queryView.asOf', { time: props.page.asOf })}
    </Typography.Text>
  );
}

/** The measures' statistics over the whole filter (the totals row), each with its definition on hover. */
export function ViewTotals(props: {
  readonly t: Translate;
  readonly view: QueryViewDef;
  readonly page: ViewPage | undefined;
  readonly loading: boolean;
}) {
  const { t, view, page } = props;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {Object.entries(view.measures).map(([name, m]) => (
        <Col key={name} xs={12} md={8} xl={4}>
          <Card size="small" loading={props.loading && !page}>
            <Statistic title={<MeasureTitle t={t} view={view} measure={name} />} value={formatMeasure(m.kind, page?.totals[name] ?? 0)} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/**
 * A grouped total's names and figures keep one line each ("2026-11-30", "2,383.000" broke inside
 * themselves when eleven figures shared the card); the headers wrap between words instead, and
 * what still does not fit scrolls inside the card.
 */
const ONE_LINE = { whiteSpace: 'nowrap' } as const;

/** Groups shown per page of a grouped total (a year by day is 365 of them). */
const GROUPS_PER_PAGE = 10;

/**
 * The grouped totals, one table per dimension with the grand total at its foot; a group's name
 * lists the rows behind it.
 */
export function ViewGroups(props: {
  readonly t: Translate;
  readonly view: QueryViewDef;
  readonly page: ViewPage | undefined;
  readonly loading: boolean;
  readonly onDrill: (filters: ViewFilters) => void;
}) {
  const { t, view, page } = props;
  const groups = view.groups ?? [];
  const measures = Object.entries(view.measures);
  if (groups.length === 0) return null;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {groups.map((dimension) => (
        // Side by side while their figures fit half the width; a report of many figures stacks them.
        <Col key={dimension} xs={24} xl={measures.length > 4 ? 24 : 24 / Math.min(groups.length, 2)}>
          <Card size="small" title={t(`res.${view.name}.dimension.${dimension}`)}>
            {/* A narrow window scrolls the figures inside the card, never the page; the region
                takes the focus so the keyboard can scroll it too (axe scrollable-region-focusable). */}
            <div role="region" aria-label={t(`res.${view.name}.dimension.${dimension}`)} tabIndex={0} style={{ overflowX: 'auto' }}>
              <Table<ViewGroup>
                rowKey={(g) => String(g.key)}
                size="small"
                pagination={{ pageSize: GROUPS_PER_PAGE, hideOnSinglePage: true, size: 'small', showSizeChanger: false }}
                loading={props.loading}
                dataSource={[...(page?.groups[dimension] ?? [])]}
                summary={() =>
                  page ? (
                    <Table.Summary.Row>
                      <Table.Summary.Cell index={0}>
                        <Typography.Text strong style={ONE_LINE}>
                          {t('queryView.total')}
                        </Typography.Text>
                      </Table.Summary.Cell>
                      {measures.map(([name, m], i) => (
                        <Table.Summary.Cell key={name} index={i + 1} align="right">
                          <Typography.Text strong style={ONE_LINE}>
                            {formatMeasure(m.kind, page.totals[name] ?? 0)}
                          </Typography.Text>
                        </Table.Summary.Cell>
                      ))}
                    </Table.Summary.Row>
                  ) : null
                }
                columns={[
                  {
                    key: 'name',
                    title: t(`res.${view.name}.dimension.${dimension}`),
                    onCell: () => ({ style: ONE_LINE }),
                    render: (_: unknown, group) => {
                      const name = groupName({ t, view, dimension, group });
                      const drill = group.drill;
                      return drill ? <DrillLink onDrill={() => props.onDrill(drill)}>{name}</DrillLink> : name;
                    },
                  },
                  ...measures.map(([name, m]) => ({
                    key: name,
                    title: <MeasureTitle t={t} view={view} measure={name} />,
                    align: 'right' as const,
                    onCell: () => ({ style: ONE_LINE }),
                    render: (_: unknown, group: ViewGroup) => formatMeasure(m.kind, Number(group[name] ?? 0)),
                  })),
                ]}
              />
            </div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
