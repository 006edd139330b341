/**
 * The set-up wizards (free-level-init, special-level-init, pay-level-rights-init): the generic
 * level form of one type as antd Steps (basic information, then benefits, then — for paid
 * levels — where it applies), saved at the last step. After each save the wizard offers the next
 * level, the evaluation rules (free levels) or the way back; the ladder built so far is shown
 * below, so a merchant sets up a whole ladder in one sitting.
 */
import { Alert, Button, Card, Result, Space } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import { useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';
import { levelResource, type LevelType } from '../../../../resources/member/level.resource';
import { RecordForm } from '../../../screens/generic/record-form';
import { useResourcePermissions } from '../../../screens/generic/use-resource-permissions';
import { useTranslate } from '../../../screens/generic/use-translate';
import { LevelLadder } from './level-ladder';
import { LEVEL_SCREENS, levelPath } from './level-routes';
import { levelLayout, levelScreenTitleKey, memoScreen, useBackToLevels } from './level-screen-parts';
import { useLevels } from './use-levels';

function LevelInit(props: { type: LevelType }) {
  const { type } = props;
  const t = useTranslate();
  const navigate = useNavigate();
  const back = useBackToLevels(type);
  const permissions = useResourcePermissions(levelResource);
  const { levels, loading, reload } = useLevels(type);
  const [saved, setSaved] = useState<BaseRecord>();
  const [round, setRound] = useState(0);

  const another = () => {
    setSaved(undefined);
    setRound(round + 1);
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t(levelScreenTitleKey(LEVEL_SCREENS[type].init))}>
        <Alert type="info" showIcon message={t(`level.manage.intro.${type}`)} style={{ marginBottom: 16 }} />
        {saved ? (
          <Result
            status="success"
            title={t('level.init.saved', { name: String(saved.name) })}
            extra={[
              <Button key="next" type="primary" onClick={another}>
                {t('level.init.another')}
              </Button>,
              type === 'FREE' ? (
                <Button key="rule" onClick={() => navigate(levelPath('level-valuate-rule'))}>
                  {t('level.manage.evaluation')}
                </Button>
              ) : null,
              <Button key="back" onClick={back}>
                {t('level.init.toManage')}
              </Button>,
            ]}
          />
        ) : (
          <RecordForm
            key={round}
            resource={levelResource}
            columns={2}
            layout={levelLayout(type, { steps: true })}
            onSaved={(record) => {
              setSaved(record);
              reload();
            }}
            onCancel={back}
          />
        )}
      </Card>
      <Card title={t('level.init.ladder')}>
        <LevelLadder type={type} levels={levels} loading={loading} permissions={permissions} t={t} />
      </Card>
    </Space>
  );
}

const made = new Map<string, ComponentType>();

/** The set-up wizard of one level type. */
export function levelInitScreen(type: LevelType): ComponentType {
  return memoScreen(made, type, () => <LevelInit type={type} />);
}
