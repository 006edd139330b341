/**
 * The role screen (setting/role/role): search, create, edit and delete roles on the left; the
 * selected role's permission tree (edit, save, copy from another role) and users on the right.
 * Below them the merchant's value approval rule (the amounts above which a second person must
 * audit value created by a document), which only who may configure roles changes: it is the
 * generic settings view of its declaration, edited in place.
 */
import { App, Col, Row } from 'antd';
import { valueApprovalSettingResource } from '../../../resources/setting/value-approval-setting.resource';
import { SettingsScreen } from '../../screens/generic/settings-screen';
import { useState } from 'react';
import { useLoadError } from '../../components/use-action';
import { useRemote } from '../../components/use-remote';
import { listRole, type RoleRow } from './shared/authorization-api';
import { useCanConfigure } from './shared/use-can-configure';
import { RoleDetail } from './role/role-detail';
import { RoleFormModal } from './role/role-form-modal';
import { RoleList } from './role/role-list';

/** The role form's state: closed, a new role, or editing one. */
type RoleForm = { readonly role?: RoleRow } | undefined;

function RoleScreenBody() {
  const canConfigure = useCanConfigure('role');
  const [keyWord, setKeyWord] = useState('');
  const [selectedId, setSelectedId] = useState<number>();
  const [form, setForm] = useState<RoleForm>();
  const roles = useRemote(() => listRole(keyWord), keyWord);
  useLoadError(roles.error);
  // The selection follows the list, so a renamed role shows its new name and a deleted one clears.
  const selected = roles.data?.find((role) => role.roleId === selectedId);

  return (
    <Row gutter={16}>
      <Col xs={24} xl={10}>
        <RoleList
          roles={roles.data}
          loading={roles.loading}
          selectedId={selected?.roleId}
          onSelect={(role) => setSelectedId(role.roleId)}
          onSearch={setKeyWord}
          onEdit={canConfigure ? (role) => setForm({ role }) : undefined}
          onChanged={roles.reload}
        />
      </Col>
      <Col xs={24} xl={14}>
        <RoleDetail role={selected} canConfigure={canConfigure} onChanged={roles.reload} />
      </Col>
      <Col span={24} style={{ marginTop: 16 }}>
        <SettingsScreen resource={valueApprovalSettingResource} />
      </Col>
      {form ? (
        <RoleFormModal
          role={form.role}
          onClose={() => setForm(undefined)}
          onDone={(created) => {
            roles.reload();
            // A new role opens at once, ready for its permissions.
            if (created?.roleId !== undefined) setSelectedId(created.roleId);
          }}
        />
      ) : null}
    </Row>
  );
}

/** The role screen, inside its own antd App so its messages and confirmations follow the theme. */
export default function RoleScreen() {
  return (
    <App component={false}>
      <RoleScreenBody />
    </App>
  );
}
