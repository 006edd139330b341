/**
 * A customer group's members on its detail (issue 29 item 2): the members its conditions select
 * now, newest first, a page at a time (`POST /v1/customer-group/members`), each member number a
 * link to the member's detail. The total is the group's last exact count; before the first count
 * the pager goes on while pages come back full. The file of every member is the Export button
 * beside the count.
 */
import { Alert, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { typedPost } from '../../../providers/http';
import type { ApiData } from '../../../resources/contract/api.types';
import { labelKey } from '../../../resources/define';
import { memberResource } from '../../../resources/member/member.resource';
import { useRemote } from '../../components/use-remote';
import type { Translate } from '../../fields/field-kind';
import { viewHref } from '../../screens/generic/resource-routes';

type MembersPage = ApiData<'post', '/v1/customer-group/members'>;

const PAGE_SIZE = 20;

/** Props of {@link GroupMembersTab}. */
export interface GroupMembersTabProps {
  readonly groupId: number;
  readonly t: Translate;
}

export function GroupMembersTab(props: GroupMembersTabProps) {
  const { groupId, t } = props;
  const [page, setPage] = useState(1);
  const members = useRemote<MembersPage>(
    () => typedPost('/v1/customer-group/members', { params: { id: groupId }, data: { page, pageSize: PAGE_SIZE } }),
    `${groupId}:${page}`,
  );
  const records = members.data?.records ?? [];
  const counted = members.data?.total ?? null;
  // Not counted yet: one more page while this one is full.
  const total = counted ?? (page - 1) * PAGE_SIZE + records.length + (records.length === PAGE_SIZE ? 1 : 0);
  if (members.error) return <Alert type="error" showIcon message={t('audience.members.failed')} />;
  return (
    <div data-testid="group-members">
      {counted === null && <Typography.Paragraph type="secondary">{t('audience.builder.notCounted')}</Typography.Paragraph>}
      <Table
        size="small"
        rowKey="id"
        loading={members.loading}
        dataSource={records}
        locale={{ emptyText: t('audience.members.empty') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total, showSizeChanger: false, onChange: setPage }}
        columns={[
          {
            key: 'memberNumber',
            title: t(labelKey(memberResource.name, 'memberNumber')),
            render: (_value, row) => <Link to={viewHref(memberResource, 'dtl', row.id)}>{row.memberNumber}</Link>,
          },
          { key: 'name', dataIndex: 'name', title: t(labelKey(memberResource.name, 'name')) },
          { key: 'mobile', dataIndex: 'mobile', title: t(labelKey(memberResource.name, 'mobile')) },
        ]}
      />
    </div>
  );
}
