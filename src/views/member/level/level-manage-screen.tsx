/**
 * Level management (member/level/level-manage): the three kinds of level side by side as tabs —
 * the free ladder reached by growth value, the special levels staff assign, the paid levels
 * members buy — each with its ladder, its rights and what the user may do with them (add, set
 * up, edit, edit rights, disable, delete), plus the way to rename levels and, for free levels,
 * to the evaluation rules. The open tab is in the url (`?type=PAID`).
 */
import { Alert, App, Button, Card, Space, Tabs } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LEVEL_TYPES, levelResource, type LevelType } from '../../../../resources/member/level.resource';
import type { Translate } from '../../../fields/field-kind';
import { useResourcePermissions, type ResourcePermissions } from '../../../screens/generic/use-resource-permissions';
import { useTranslate } from '../../../screens/generic/use-translate';
import { LevelLadder } from './level-ladder';
import { LEVEL_MANAGE, LEVEL_SCREENS, TYPE_PARAM, levelPath, levelTypeOf } from './level-routes';
import { useLevels } from './use-levels';

function Toolbar(props: { type: LevelType; empty: boolean; permissions: ResourcePermissions; t: Translate }) {
  const { type, permissions, t } = props;
  const navigate = useNavigate();
  const screens = LEVEL_SCREENS[type];
  const typeName = t(`res.level.levelType.${type}`);
  return (
    <Space wrap>
      {permissions.create ? (
        <Button type="primary" onClick={() => navigate(levelPath(props.empty ? screens.init : screens.add))}>
          {t(props.empty ? 'level.manage.setUp' : 'level.manage.add', { type: typeName })}
        </Button>
      ) : null}
      {permissions.edit && !props.empty ? (
        <Button onClick={() => navigate(levelPath('level-name-modify'))}>{t('level.manage.rename')}</Button>
      ) : null}
      {type === 'FREE' ? <Button onClick={() => navigate(levelPath('level-valuate-rule'))}>{t('level.manage.evaluation')}</Button> : null}
    </Space>
  );
}

function Body() {
  const t = useTranslate();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const permissions = useResourcePermissions(levelResource);
  const { levels, loading } = useLevels();
  const active = levelTypeOf(params.get(TYPE_PARAM));
  const ofType = (type: LevelType): BaseRecord[] => levels.filter((level) => level.levelType === type);

  return (
    <Card>
      <Tabs
        activeKey={active}
        onChange={(key) => navigate(levelPath(LEVEL_MANAGE, { type: key as LevelType }), { replace: true })}
        items={LEVEL_TYPES.map((type) => ({
          key: type,
          label: `${t(`res.level.levelType.${type}`)} (${ofType(type).length})`,
          children: (
            <Space direction="vertical" size="middle" style={{ width: '100%' }}>
              <Alert type="info" showIcon message={t(`level.manage.intro.${type}`)} />
              <Toolbar type={type} empty={!loading && ofType(type).length === 0} permissions={permissions} t={t} />
              <LevelLadder type={type} levels={ofType(type)} loading={loading} permissions={permissions} t={t} />
            </Space>
          ),
        }))}
      />
    </Card>
  );
}

/** The level management screen, inside its own antd App so its messages follow the theme. */
export default function LevelManageScreen() {
  return (
    <App component={false}>
      <Body />
    </App>
  );
}
