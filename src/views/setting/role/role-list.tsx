import { PlusOutlined } from '@ant-design/icons';
import { Button, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmLink } from '../../../components/confirm-link';
import { RowAction } from '../../../components/row-action';
import { SearchToolbar } from '../../../components/search-toolbar';
import { useAction } from '../../../components/use-action';
import { deleteRole, type RoleRow } from '../shared/authorization-api';

/** Props of {@link RoleList}. */
export interface RoleListProps {
  readonly roles: readonly RoleRow[] | undefined;
  readonly loading: boolean;
  readonly selectedId: number | undefined;
  readonly onSelect: (role: RoleRow) => void;
  readonly onSearch: (keyWord: string) => void;
  /** Opens the role form: empty for a new role. Absent for users who may not change roles. */
  readonly onEdit?: (role?: RoleRow) => void;
  /** Reloads after a deletion. */
  readonly onChanged: () => void;
}

/** The searchable list of roles; a row (or its radio) selects the role the detail shows. */
export function RoleList(props: RoleListProps) {
  const { t } = useTranslation();
  const run = useAction();
  const { onEdit } = props;

  const remove = async (role: RoleRow) => {
    if (await run(() => deleteRole(role.roleId), t('setting.common.deleted'))) props.onChanged();
  };

  const columns: TableColumnsType<RoleRow> = [
    { key: 'name', dataIndex: 'name', title: t('setting.role.field.name') },
    { key: 'remark', dataIndex: 'remark', title: t('setting.role.field.remark'), ellipsis: true },
    { key: 'userCount', dataIndex: 'userCount', title: t('setting.role.field.userCount'), align: 'right', width: 80 },
  ];
  if (onEdit) {
    columns.push({
      key: 'actions',
      title: t('setting.common.actions'),
      render: (_value, role) => (
        <span className="console-row-actions" onClick={(event) => event.stopPropagation()}>
          <RowAction onClick={() => onEdit(role)}>{t('setting.common.edit')}</RowAction>
          <ConfirmLink
            danger
            title={t('setting.role.deleteConfirm', { name: role.name })}
            description={t('setting.role.deleteHint')}
            onConfirm={() => remove(role)}
          >
            {t('setting.common.delete')}
          </ConfirmLink>
        </span>
      ),
    });
  }

  return (
    <>
      <SearchToolbar
        placeholder={t('setting.role.keywordPlaceholder')}
        searchText={t('setting.common.search')}
        onSearch={props.onSearch}
        actions={
          onEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => onEdit()}>
              {t('setting.role.create')}
            </Button>
          ) : null
        }
      />
      <Table<RoleRow>
        rowKey="roleId"
        size="small"
        columns={columns}
        dataSource={props.roles as RoleRow[] | undefined}
        loading={props.loading}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: props.selectedId === undefined ? [] : [props.selectedId],
          onChange: (_keys, rows) => rows[0] && props.onSelect(rows[0]),
          // Each radio is named by its role (axe-core: label).
          getCheckboxProps: (role) => ({ 'aria-label': role.name }) as { name?: string },
        }}
        onRow={(role) => ({ onClick: () => props.onSelect(role), style: { cursor: 'pointer' } })}
        pagination={{ showTotal: (total) => t('widget.total', { total }) }}
        locale={{ emptyText: t('setting.role.empty') }}
      />
    </>
  );
}
