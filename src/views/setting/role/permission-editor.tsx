import { Button, Empty, Flex, Input, Space, Spin, Tag, Tree } from 'antd';
import type { TreeProps } from 'antd';
import { useEffect, useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction, useLoadError } from '../../../components/use-action';
import { useRemote } from '../../../components/use-remote';
import { getRolePermission, getTree, saveRolePermissions, type RoleRow } from '../shared/authorization-api';
import { CopyPermissionsModal } from './copy-permissions-modal';
import { hasBuiltScreen } from './built-screens';
import {
  buildPermissionTree,
  checkedKeysOf,
  permissionsOf,
  sameChecks,
  searchPermissionTree,
  unbuiltResourceKeys,
} from './permission-tree-model';

/**
 * The permissions of one role as a checkable tree: each resource lists its actions as leaves, so
 * checking a resource checks all its actions. Maintainers save the checked set (replacing the
 * role's permissions) or copy another role's permissions. A search box narrows the tree to the
 * resources and actions whose names contain the words (checks made while searching keep the
 * hidden ones); the toolbar with Save stays in view while the tree scrolls; resources whose
 * screens this console does not have yet are marked. Mount with `key={roleId}`.
 */
export function PermissionEditor(props: { readonly role: RoleRow; readonly canConfigure: boolean }) {
  const { t } = useTranslation();
  const { role, canConfigure } = props;
  const run = useAction();
  const tree = useRemote(getTree, 'tree');
  const granted = useRemote(() => getRolePermission(role.roleId), String(role.roleId));
  useLoadError(tree.error ?? granted.error);
  const model = useMemo(() => buildPermissionTree(tree.data ?? []), [tree.data]);
  const loaded = useMemo(() => checkedKeysOf(granted.data ?? [], model), [granted.data, model]);
  const [checked, setChecked] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [saving, setSaving] = useState(false);
  const [copying, setCopying] = useState(false);
  const [keyword, setKeyword] = useState('');
  const unbuilt = useMemo(() => unbuiltResourceKeys(tree.data ?? [], hasBuiltScreen), [tree.data]);
  const searched = useMemo(() => searchPermissionTree(model.treeData, keyword), [model.treeData, keyword]);
  useEffect(() => {
    if (keyword.trim()) setExpanded(searched.expandedKeys);
  }, [searched, keyword]);

  useEffect(() => setChecked(loaded), [loaded]);
  useEffect(() => setExpanded([...model.resourceKeys]), [model]);

  const dirty = !sameChecks(checked, loaded, model);
  const onCheck: TreeProps['onCheck'] = (keys) => {
    const list = Array.isArray(keys) ? keys : keys.checked;
    setChecked(list.map(String).filter((key) => model.actions.has(key)));
  };
  const save = async () => {
    setSaving(true);
    const ok = await run(() => saveRolePermissions(role.roleId, permissionsOf(checked, model)), t('setting.common.saved'));
    setSaving(false);
    if (ok) granted.reload();
  };

  const loading = tree.loading || granted.loading;
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} className="console-sticky-toolbar" style={{ marginBottom: 12 }}>
        <Space wrap>
          <Input.Search
            allowClear
            size="small"
            placeholder={t('setting.role.searchPermissions')}
            aria-label={t('setting.role.searchPermissions')}
            onChange={(event) => setKeyword(event.target.value)}
            onSearch={setKeyword}
            style={{ width: 200 }}
          />
          <Button size="small" onClick={() => setExpanded([...model.resourceKeys])}>
            {t('setting.role.expandAll')}
          </Button>
          <Button size="small" onClick={() => setExpanded([])}>
            {t('setting.role.collapseAll')}
          </Button>
          {dirty ? <Tag color="warning">{t('setting.role.unsaved')}</Tag> : null}
        </Space>
        {canConfigure ? (
          <Space>
            <Button onClick={() => setCopying(true)}>{t('setting.role.copyPermissions')}</Button>
            <Button type="primary" loading={saving} disabled={loading || !dirty} onClick={() => void save()}>
              {t('setting.role.savePermissions')}
            </Button>
          </Space>
        ) : null}
      </Flex>
      <Spin spinning={loading}>
        {!loading && model.treeData.length === 0 ? (
          <Empty description={t('setting.role.emptyTree')} />
        ) : (
          <Tree
            checkable
            selectable={false}
            disabled={!canConfigure}
            treeData={searched.treeData}
            titleRender={(node) =>
              unbuilt.has(String(node.key)) ? (
                <span>
                  {String(node.title)} <Tag>{t('setting.role.notBuilt')}</Tag>
                </span>
              ) : (
                String(node.title)
              )
            }
            checkedKeys={checked}
            onCheck={onCheck}
            expandedKeys={expanded}
            onExpand={setExpanded}
          />
        )}
      </Spin>
      {copying ? <CopyPermissionsModal role={role} onClose={() => setCopying(false)} onDone={granted.reload} /> : null}
    </>
  );
}
