import { Descriptions, Flex, Result, Skeleton, Space, Tabs, Typography } from 'antd';
import { useOne, type BaseRecord } from '@refinedev/core';
import { detailSections, type EnumField, type ResourceDef } from '../../../resources/define';
import { fieldApplies, sectionApplies } from '../../../resources/field-rules';
import type { ApiRecord, FieldContext, Translate } from '../../fields/field-kind';
import { fieldContext, specFor } from '../../fields/field-kinds';
import { enumTag } from '../../fields/kinds/choice.kind';
import { DATE_TIME_FORMAT, serializeDate, type DateInput } from '../../../providers/dates';
import { DASH, textOrDash } from '../../fields/field-helpers';
import { errorText } from './call-errors';
import { RecordActions } from './record-actions';
import { useRecordCommands } from './record-commands';
import { ApprovalPanel } from './record-approval';
import { DetailActionBar } from './detail-actions';
import { personName, recordStateOf, recordTitle } from './record-state';
import type { GenericView } from './resource-routes';
import { useRelatedTabs } from './related-lists';
import { tabsOfRecord, useDetailTabs } from './screen-slots';
import { StateHistory } from './state-history';
import type { ResourcePermissions } from './use-resource-permissions';
import { useTranslate } from './use-translate';

/** Props of {@link RecordDetail}. */
export interface RecordDetailProps {
  readonly resource: ResourceDef;
  readonly id: string | number;
  readonly permissions: ResourcePermissions;
  /** One column (a drawer) or two (a page). */
  readonly columns: 1 | 2;
  readonly onOpen: (view: GenericView, id: string | number, record?: ApiRecord) => void;
  readonly onDeleted: () => void;
}

const WIDE_KINDS = ['longText', 'lines'];

// Implicit columns every record carries, shown last when the server sends them.
const SYSTEM_ROWS: readonly { name: string; date: boolean }[] = [
  { name: 'createdAt', date: true },
  { name: 'createdBy', date: false },
  { name: 'updatedAt', date: true },
  { name: 'updatedBy', date: false },
];

/** The state tag of a record, from its state field's declared display mapping. */
export function StateTag(props: { resource: ResourceDef; record: ApiRecord; t: Translate }) {
  const state = recordStateOf(props.resource, props.record);
  if (!props.resource.states || state === undefined) return null;
  const ctx = fieldContext({ resource: props.resource, name: props.resource.states.field, t: props.t }) as FieldContext<EnumField>;
  return enumTag(ctx, state);
}

/**
 * The declared detail sections of a record (each field shown by its kind), then the system
 * information; used by the detail screen and by a settings object's screen. Fields and sections
 * that do not apply to the record (`when`) are left out, as are sections left empty.
 */
export function DetailSections(props: {
  readonly resource: ResourceDef;
  readonly record: ApiRecord;
  readonly columns: 1 | 2;
  /** Show the system information (default true; a settings object not saved yet has none). */
  readonly system?: boolean;
}) {
  const { resource, record } = props;
  const t = useTranslate();
  const valueOf = (name: string) => record[name];
  const sections = detailSections(resource)
    .filter((section) => sectionApplies({ resource, section, valueOf }))
    .map((section) => ({
      key: section.key,
      title: t(`res.${resource.name}.section.${section.key}`),
      items: section.fields
        .filter((name) => resource.fields[name] && fieldApplies({ resource, name, valueOf }))
        .map((name) => {
          const ctx = fieldContext({ resource, name, t });
          const spec = specFor(ctx.field);
          return {
            key: name,
            label: t(ctx.key),
            span: WIDE_KINDS.includes(ctx.field.kind) ? props.columns : 1,
            children: (spec.display ?? spec.cell)(ctx, record[name], record),
          };
        }),
    }))
    .filter((section) => section.items.length > 0);
  const system = (props.system === false ? [] : SYSTEM_ROWS)
    .filter((row) => record[row.name] !== undefined)
    .map((row) => ({
      key: row.name,
      label: t(`screens.field.${row.name}`),
      children: row.date
        ? (serializeDate(record[row.name] as DateInput, DATE_TIME_FORMAT) ?? DASH)
        : textOrDash(personName(record, row.name)),
    }));
  if (system.length > 0)
    sections.push({ key: '$system', title: t('screens.section.system'), items: system.map((item) => ({ ...item, span: 1 })) });
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      {sections.map((section) => (
        <Descriptions key={section.key} title={section.title} bordered size="small" column={props.columns} items={section.items} />
      ))}
    </Space>
  );
}

/**
 * The detail of one record: its title and state tag, the actions this user may do now, what it
 * creates against the value approval thresholds (when it creates value), and the declared detail
 * sections, then the system information.
 */
export function RecordDetail(props: RecordDetailProps) {
  const { resource } = props;
  const t = useTranslate();
  // A detail opened without an id (a bookmark cut short) asks for nothing and says so.
  const hasId = props.id !== '';
  const one = useOne<BaseRecord>({ resource: resource.name, id: props.id, errorNotification: false, queryOptions: { enabled: hasId } });
  const domainTabs = useDetailTabs(resource);
  const related = useRelatedTabs(resource, one.data?.data as ApiRecord | undefined);
  const commands = useRecordCommands();
  if (!hasId) return <Result status="warning" title={t('screens.notFound')} />;
  if (one.isLoading) return <Skeleton active />;
  if (one.isError || !one.data?.data) return <Result status="warning" title={one.error ? errorText(one.error) : t('screens.notFound')} />;
  const record = one.data.data as ApiRecord;
  const tabs = tabsOfRecord(domainTabs, record);
  // A life cycle whose actions take a reason (freeze, unfreeze …) shows who changed it and why.
  const history = Object.values(resource.states?.actions ?? {}).some((action) => action.reason !== undefined);

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {recordTitle(resource, record)}
          </Typography.Title>
          <StateTag resource={resource} record={record} t={t} />
        </Space>
        <Space wrap>
          <DetailActionBar resource={resource} record={record} />
          <RecordActions
            resource={resource}
            record={record}
            permissions={props.permissions}
            commands={commands}
            variant="button"
            onOpen={props.onOpen}
            onDeleted={props.onDeleted}
          />
        </Space>
      </Flex>
      <ApprovalPanel resource={resource} record={record} t={t} />
      {tabs.length === 0 && related.length === 0 && !history ? (
        <DetailSections resource={resource} record={record} columns={props.columns} />
      ) : (
        <Tabs
          items={[
            {
              key: '$details',
              label: t('screens.tab.details'),
              children: <DetailSections resource={resource} record={record} columns={props.columns} />,
            },
            ...related,
            ...tabs.map((tab) => ({ key: tab.key, label: t(tab.title), children: tab.render({ resource: resource.name, record, t }) })),
            ...(history
              ? [
                  {
                    key: '$history',
                    label: t('screens.history.title'),
                    children: <StateHistory resource={resource} id={props.id} refreshKey={String(record.version ?? '')} />,
                  },
                ]
              : []),
          ]}
        />
      )}
    </Space>
  );
}
