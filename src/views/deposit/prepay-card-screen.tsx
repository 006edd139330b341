/**
 * The prepaid card inquiry (deposit/prepay-card/prepay-card): the generic list of the card
 * declaration with a "Make cards" button for those who may make them, and a balance history tab
 * on the card's detail (registered here, at module load, before the detail renders).
 */
import { App } from 'antd';
import { useContext, useMemo } from 'react';
import { prepayCardResource } from '../../../resources/deposit/prepay-card.resource';
import { usePermittedSlots, registerDetailTab } from '../../screens/generic/screen-slots';
import { ResourceList } from '../../screens/generic/list-screen';
import { ListSlotsContext, type ListSlots } from '../../screens/generic/list-slots';
import { useTranslate } from '../../screens/generic/use-translate';
import { BindMember } from './cards/bind-member';
import { CardHistory } from './cards/card-history';
import { MakeCardsButton } from './cards/make-cards-dialog';

const MAINTAIN = { resourceId: '储值/预付卡查询', action: '配置维护' } as const;

registerDetailTab(prepayCardResource.name, {
  key: 'history',
  title: 'cards.history.tab',
  render: ({ record, t }) => <CardHistory cardId={Number(record.id)} t={t} />,
});
registerDetailTab(prepayCardResource.name, {
  key: 'bind',
  title: 'cards.bind.title',
  requires: MAINTAIN,
  render: ({ resource, record, t }) => <BindMember resource={resource} record={record} t={t} />,
});

export default function PrepayCardScreen() {
  const t = useTranslate();
  const outer = useContext(ListSlotsContext);
  const [make] = usePermittedSlots([{ key: 'make', requires: MAINTAIN }]);
  const slots = useMemo<ListSlots>(
    () => ({
      ...outer,
      toolbar: (args) => (
        <>
          {outer.toolbar?.(args)}
          {make && <MakeCardsButton t={t} onMade={args.reload} />}
        </>
      ),
    }),
    [outer, make, t],
  );
  return (
    <App component={false}>
      <ListSlotsContext.Provider value={slots}>
        <ResourceList resource={prepayCardResource} />
      </ListSlotsContext.Provider>
    </App>
  );
}
