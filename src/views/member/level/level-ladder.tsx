/**
 * The ladder of one level type: the levels from lowest to highest as steps (what it takes to
 * reach each), and a table of their rights with the actions this user may take on each level.
 * Columns, cells and actions are the generic ones of the level declaration.
 */
import { Button, Empty, Space, Steps, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import type { BaseRecord } from '@refinedev/core';
import { useNavigate } from 'react-router-dom';
import { listColumns } from '../../../../resources/define';
import { fieldApplies } from '../../../../resources/field-rules';
import { levelResource, type LevelType } from '../../../../resources/member/level.resource';
import type { ApiRecord, Translate } from '../../../fields/field-kind';
import { formatAmount, formatInteger } from '../../../lib/format';
import { fieldColumn } from '../../../screens/generic/list-screen';
import { RecordActions } from '../../../screens/generic/record-actions';
import { useRecordCommands } from '../../../screens/generic/record-commands';
import type { ResourcePermissions } from '../../../screens/generic/use-resource-permissions';
import { LEVEL_SCREENS, levelPath } from './level-routes';

/** What reaching a level takes, as the ladder's step description. */
function requirement(type: LevelType, level: ApiRecord, t: Translate): string {
  if (type === 'FREE') return t('level.manage.threshold', { value: formatInteger(level.growthThreshold as number) });
  if (type === 'PAID')
    return t('level.manage.price', { price: formatAmount(level.price as number), months: String(level.termMonths ?? '') });
  return t('level.manage.assigned');
}

/** Props of {@link LevelLadder}. */
export interface LevelLadderProps {
  readonly type: LevelType;
  readonly levels: readonly BaseRecord[];
  readonly loading: boolean;
  readonly permissions: ResourcePermissions;
  readonly t: Translate;
}

export function LevelLadder(props: LevelLadderProps) {
  const { type, levels, permissions, t } = props;
  const navigate = useNavigate();
  const commands = useRecordCommands();
  const screens = LEVEL_SCREENS[type];
  // The type is the tab's; the columns are the fields declared for it (`when` on levelType).
  const columns: ColumnsType<BaseRecord> = listColumns(levelResource)
    .filter(
      (name) =>
        name !== 'levelType' && fieldApplies({ resource: levelResource, name, valueOf: (field) => (field === 'levelType' ? type : null) }),
    )
    .map((name) => fieldColumn({ resource: levelResource, name, t }));
  columns.push({
    key: '$actions',
    title: t('screens.actions'),
    fixed: 'right',
    render: (_: unknown, record: BaseRecord) => (
      <Space size={0} wrap>
        {permissions.edit ? (
          <Button type="link" size="small" onClick={() => navigate(levelPath(screens.rights, { id: record.id }))}>
            {t('level.manage.rights')}
          </Button>
        ) : null}
        <RecordActions
          resource={levelResource}
          record={record as ApiRecord}
          permissions={permissions}
          commands={commands}
          variant="link"
          onOpen={(view, id) => navigate(levelPath(screens.add, view === 'edit' ? { id } : {}))}
        />
      </Space>
    ),
  });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {levels.length > 0 ? (
        <Steps
          size="small"
          progressDot
          current={levels.length - 1}
          className="level-ladder"
          items={levels.map((level) => ({
            key: String(level.id),
            title: String(level.name),
            description: requirement(type, level as ApiRecord, t),
          }))}
        />
      ) : null}
      <Table<BaseRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={[...levels]}
        loading={props.loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('level.manage.empty', { type: t(`res.level.levelType.${type}`) })} />
          ),
        }}
      />
    </Space>
  );
}
