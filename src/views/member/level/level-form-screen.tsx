/**
 * The level forms of the catalogue, all the generic form of the level declaration:
 *
 * - free-level-add / special-level-add / pay-level-add: the whole form with the type fixed and
 *   the fields that do not apply left out; with `?id=` it edits that level;
 * - free-level-right-modify / special-level-right-modify: only the rights section of `?id=`;
 * - pay-level-right-data-and-suit: the rights and where the paid level applies (stores).
 */
import { Button, Card, Result } from 'antd';
import { useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { levelResource, type LevelType } from '../../../../resources/member/level.resource';
import { useDiscardGuard } from '../../../components/use-discard-guard';
import { RecordForm } from '../../../screens/generic/record-form';
import { useTranslate } from '../../../screens/generic/use-translate';
import { LEVEL_SCREENS } from './level-routes';
import { levelLayout, levelScreenTitleKey, memoScreen, useBackToLevels } from './level-screen-parts';

/** Which part of a level a form screen edits. */
export type LevelFormMode = 'add' | 'rights';

function LevelForm(props: { type: LevelType; mode: LevelFormMode }) {
  const { type, mode } = props;
  const t = useTranslate();
  const [params] = useSearchParams();
  const back = useBackToLevels(type);
  const [dirty, setDirty] = useState(false);
  const guard = useDiscardGuard(dirty);
  const id = params.get('id') ?? undefined;
  const screens = LEVEL_SCREENS[type];
  const screen = mode === 'add' ? screens.add : screens.rights;
  const title =
    mode === 'add' && id !== undefined ? t('screens.editTitle', { name: t(`res.${levelResource.name}`) }) : t(levelScreenTitleKey(screen));
  if (mode === 'rights' && id === undefined) {
    return <Result status="info" title={t('level.form.chooseLevel')} extra={<Button onClick={back}>{t('level.init.toManage')}</Button>} />;
  }
  const layout = levelLayout(type, mode === 'rights' ? { sections: screens.rightsSections } : {});
  return (
    <Card title={title}>
      <RecordForm
        key={id ?? ''}
        resource={levelResource}
        id={id}
        columns={2}
        layout={layout}
        onSaved={() => guard.saved(back)}
        onCancel={() => guard(back)}
        onDirtyChange={setDirty}
      />
    </Card>
  );
}

const made = new Map<string, ComponentType>();

/** The screen component of one level type's add (or edit) form, or its rights form. */
export function levelFormScreen(type: LevelType, mode: LevelFormMode): ComponentType {
  return memoScreen(made, `${type}/${mode}`, () => <LevelForm type={type} mode={mode} />);
}
