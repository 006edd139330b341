/**
 * The effect-evaluation screens of the catalogue (coupon-active/score-activity-eval,
 * invite-gift/effect-evaluate): pick an activity of the entry (or arrive with `?id=`) and see its
 * evaluation. Every activity's detail has the same evaluation as a tab.
 */
import { App, Card, Empty, Form, Space } from 'antd';
import { useSearchParams } from 'react-router-dom';
import type { ActivityFamily } from '../../../resources/promotion/activity-kind';
import { familyViewName } from '../../../resources/promotion/activity.resource';
import { RelationSelect } from '../../fields/controls/relation-select';
import { useTranslate } from '../../screens/generic/use-translate';
import { ActivityEvaluation } from './activity-evaluation';

function Body(props: { readonly family: ActivityFamily }) {
  const t = useTranslate();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  return (
    <Card title={t('activity.eval.title')}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Form layout="inline">
          {/* Room for an activity's name, within a phone's width. */}
          <Form.Item label={t('activity.eval.activity')} style={{ width: 360, maxWidth: '100%' }}>
            <RelationSelect
              resource={familyViewName(props.family)}
              value={id ?? null}
              aria-label={t('activity.eval.activity')}
              placeholder={t('activity.eval.chooseActivity')}
              onChange={(value) => setParams(value === null ? {} : { id: String(value) })}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Form>
        {id === undefined ? (
          <Empty description={t('activity.eval.chooseActivity')} />
        ) : (
          <ActivityEvaluation key={id} activityId={id} t={t} />
        )}
      </Space>
    </Card>
  );
}

/** The evaluation screen of one menu entry's activities. */
export function evaluationScreen(family: ActivityFamily) {
  const Screen = () => (
    <App component={false}>
      <Body family={family} />
    </App>
  );
  Screen.displayName = `ActivityEvaluation(${family})`;
  return Screen;
}
