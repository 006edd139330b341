import { Card, Col, Row, Statistic, Table, Typography } from 'antd';
import type { QueryViewDef } from '../../../resources/query-view';
import type { Translate } from '../../fields/field-kind';
import { DASH } from '../../fields/field-helpers';
import { codeLabel, formatMeasure } from './query-view-table';
import type { ViewFilters, ViewGroup, ViewPage } from './query-view-api';

/** A group's name: an enum code by its label, a store by its name, a day as it is. */
function groupName(args: { t: Translate; view: QueryViewDef; dimension: string; group: ViewGroup }): string {
  const { t, view, dimension, group } = args;
  if (view.dimensions?.[dimension]?.kind === 'enum') return codeLabel({ t, view, column: dimension, code: group.key });
  return group.title ?? group.key ?? DASH;
}

/** The measures' statistics over the whole filter (the totals row), each with its definition on hover. */
export function ViewTotals(props: {
  readonly t: Translate;
  readonly view: QueryViewDef;
  readonly page: ViewPage | undefined;
  readonly loading: boolean;
}) {
  const { t, view, page } = props;
  const p = `res.${view.name}.measure`;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {Object.entries(view.measures).map(([name, m]) => (
        <Col key={name} xs={12} md={8} xl={4}>
          <Card size="small" loading={props.loading && !page}>
            <Statistic
              title={<span title={m.help ? t(`${p}.${name}.help`) : undefined}>{t(`${p}.${name}`)}</span>}
              value={formatMeasure(m.kind, page?.totals[name] ?? 0)}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** The grouped totals, one table per dimension; a group's name lists the rows behind it. */
export function ViewGroups(props: {
  readonly t: Translate;
  readonly view: QueryViewDef;
  readonly page: ViewPage | undefined;
  readonly loading: boolean;
  readonly onDrill: (filters: ViewFilters) => void;
}) {
  const { t, view } = props;
  const groups = view.groups ?? [];
  if (groups.length === 0) return null;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {groups.map((dimension) => (
        <Col key={dimension} xs={24} xl={24 / Math.min(groups.length, 2)}>
          <Card size="small" title={t(`res.${view.name}.dimension.${dimension}`)}>
            <Table<ViewGroup>
              rowKey={(g) => String(g.key)}
              size="small"
              pagination={false}
              loading={props.loading}
              dataSource={[...(props.page?.groups[dimension] ?? [])]}
              columns={[
                {
                  key: 'name',
                  title: t(`res.${view.name}.dimension.${dimension}`),
                  render: (_: unknown, group) => {
                    const name = groupName({ t, view, dimension, group });
                    const drill = group.drill;
                    return drill ? <Typography.Link onClick={() => props.onDrill(drill)}>{name}</Typography.Link> : name;
                  },
                },
                ...Object.entries(view.measures).map(([name, m]) => ({
                  key: name,
                  title: t(`res.${view.name}.measure.${name}`),
                  align: 'right' as const,
                  render: (_: unknown, group: ViewGroup) => formatMeasure(m.kind, Number(group[name] ?? 0)),
                })),
              ]}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
