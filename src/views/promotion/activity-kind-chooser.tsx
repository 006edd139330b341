/**
 * score-activity/score-activity-add: "new points campaign" chooses the kind first (each kind has
 * its own form); with `?id=` (the entry list's edit) it is the generic edit form of the record.
 */
import { Card, Col, Row, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { ACTIVITY_KINDS } from '../../../resources/promotion/kinds/index';
import { activities, familyViewName } from '../../../resources/promotion/activity.resource';
import type { ActivityFamily } from '../../../resources/promotion/activity-kind';
import { screenComponent } from '../../screens/generic/screen-factory';
import { viewHref } from '../../screens/generic/resource-routes';
import { useTranslate } from '../../screens/generic/use-translate';

/** The chooser of one menu entry's kinds. */
export function kindChooserScreen(family: ActivityFamily) {
  const view = activities.resources.find((r) => r.name === familyViewName(family));
  const EditForm = view ? screenComponent(view, 'edit') : undefined;
  const Screen = () => {
    const t = useTranslate();
    const [params] = useSearchParams();
    if (params.get('id') !== null && EditForm) return <EditForm />;
    const kinds = ACTIVITY_KINDS.filter((k) => k.family === family && activities.kinds[k.value]?.route.screens.add !== undefined);
    return (
      <Card title={t('activity.choose.title')}>
        <Typography.Paragraph type="secondary">{t('activity.choose.hint')}</Typography.Paragraph>
        <Row gutter={[16, 16]}>
          {kinds.map((kind) => (
            <Col key={kind.value} xs={24} md={12} xl={8}>
              <Card size="small" title={t(`res.activity.kind.${kind.value}`)}>
                <Link to={viewHref(activities.kinds[kind.value], 'add')}>{t('activity.choose.new')}</Link>
              </Card>
            </Col>
          ))}
        </Row>
      </Card>
    );
  };
  Screen.displayName = `ActivityKindChooser(${family})`;
  return Screen;
}
