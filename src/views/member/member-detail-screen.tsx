/**
 * The member detail (slot override of member/{standard,dqsh,marketcenter}-member/dtl?id=): the
 * member's name, number and state with the actions this user may take (edit, freeze, unfreeze,
 * cancel: each asks its reason), then tabs: profile (the petrol / fleet fields when sysConfig
 * showMemberExtendDetail is on, or for petrol members), level and growth, points, tags and the
 * state history with its reasons, then the related lists the member declaration names
 * (`detail.related`: the latest coupons and cards, each with a link to the full list filtered on
 * the member) and the tabs domains declare for the member in their manifests (stored value).
 * Every read goes through the view the screen belongs to, so a marketing centre's screen never
 * shows another centre's member.
 */
import { App, Card, Flex, Result, Skeleton, Space, Tabs, Typography } from 'antd';
import { useOne, type BaseRecord } from '@refinedev/core';
import type { ComponentType } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ResourceDef } from '../../../resources/define';
import { dqshMemberResource, marketcenterMemberResource, memberResource } from '../../../resources/member/member.resource';
import { storedSysConfig } from '../../../providers/access-control';
import type { ApiRecord } from '../../fields/field-kind';
import { errorText } from '../../screens/generic/call-errors';
import { RecordActions } from '../../screens/generic/record-actions';
import { useRecordCommands } from '../../screens/generic/record-commands';
import { StateTag } from '../../screens/generic/record-detail';
import { ID_PARAM, viewLocation, type GenericView } from '../../screens/generic/resource-routes';
import { StateHistory } from '../../screens/generic/state-history';
import { useRelatedTabs } from '../../screens/generic/related-lists';
import { tabsOfRecord, useDetailTabs } from '../../screens/generic/screen-slots';
import { DetailActionBar } from '../../screens/generic/detail-actions';
import { useResourcePermissions } from '../../screens/generic/use-resource-permissions';
import { useTranslate } from '../../screens/generic/use-translate';
import { GrowthTab } from './detail/growth-tab';
import { PointsTab } from './detail/points-tab';
import { ProfileTab } from './detail/profile-tab';
import { TagsTab } from './detail/tags-tab';

/** The query parameter of the open tab (`?id=7&tab=points`): a reload or a link opens the same tab. */
export const TAB_PARAM = 'tab';

function MemberDetail(props: { readonly resource: ResourceDef; readonly id: string }) {
  const { resource, id } = props;
  const t = useTranslate();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const permissions = useResourcePermissions(resource);
  const commands = useRecordCommands();
  const one = useOne<BaseRecord>({ resource: resource.name, id, errorNotification: false });
  const domainTabs = useDetailTabs(resource);
  const related = useRelatedTabs(resource, one.data?.data as ApiRecord | undefined);
  if (one.isLoading) return <Skeleton active />;
  if (one.isError || !one.data?.data) return <Result status="warning" title={one.error ? errorText(one.error) : t('screens.notFound')} />;
  const record = one.data.data as ApiRecord;
  const open = (view: GenericView, recordId?: string | number) => navigate(viewLocation(resource, view, recordId));
  const refreshKey = String(record.version ?? '');
  const items = [
    {
      key: 'profile',
      label: t('member.detail.tab.profile'),
      children: <ProfileTab resource={resource} record={record} t={t} showExtended={storedSysConfig().showMemberExtendDetail === true} />,
    },
    {
      key: 'growth',
      label: t('member.detail.tab.growth'),
      children: <GrowthTab resource={resource.name} id={id} t={t} refreshKey={refreshKey} />,
    },
    { key: 'points', label: t('member.detail.tab.points'), children: <PointsTab memberId={Number(record.id)} t={t} /> },
    { key: 'tags', label: t('member.detail.tab.tags'), children: <TagsTab resource={resource} record={record} t={t} /> },
    {
      key: 'history',
      label: t('member.detail.tab.history'),
      children: <StateHistory resource={resource} id={id} refreshKey={refreshKey} />,
    },
    ...related,
    ...tabsOfRecord(domainTabs, record).map((tab) => ({
      key: tab.key,
      label: t(tab.title),
      children: tab.render({ resource: resource.name, record, t }),
    })),
  ];
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space size="middle" wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {String(record.name ?? '')}
          </Typography.Title>
          <Typography.Text type="secondary" copyable>
            {String(record.memberNumber ?? '')}
          </Typography.Text>
          <span data-testid="member-state">
            <StateTag resource={resource} record={record} t={t} />
          </span>
        </Space>
        <Space wrap>
          <DetailActionBar resource={resource} record={record} />
          <RecordActions
            resource={resource}
            record={record}
            permissions={permissions}
            commands={commands}
            variant="button"
            onOpen={open}
            onDeleted={() => open('list')}
          />
        </Space>
      </Flex>
      {/* A tab renders when first chosen: the points ledger and the history load only if looked at. */}
      <Tabs
        items={items}
        activeKey={items.some((item) => item.key === params.get(TAB_PARAM)) ? params.get(TAB_PARAM)! : items[0].key}
        onChange={(key) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.set(TAB_PARAM, key);
              return next;
            },
            { replace: true },
          )
        }
      />
    </Space>
  );
}

function screenFor(resource: ResourceDef): ComponentType {
  function Screen() {
    const [params] = useSearchParams();
    const t = useTranslate();
    const id = params.get(ID_PARAM);
    return (
      <App component={false}>
        <Card>{id === null ? t('screens.notFound') : <MemberDetail key={id} resource={resource} id={id} />}</Card>
      </App>
    );
  }
  Screen.displayName = `MemberDetail(${resource.name})`;
  return Screen;
}

/** member/standard-member/dtl. */
export const StandardMemberDetailScreen = screenFor(memberResource);
/** member/dqsh-member/dtl. */
export const DqshMemberDetailScreen = screenFor(dqshMemberResource);
/** member/marketcenter-member/dtl. */
export const MarketcenterMemberDetailScreen = screenFor(marketcenterMemberResource);
