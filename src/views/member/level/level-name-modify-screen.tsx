/**
 * Renaming levels in place (member/level/level-name-modify): every level in one table, grouped by
 * type and rank, with its current name and an input for the new one. Saving renames the changed
 * levels one by one through the generic modify (with each level's version); a refused name
 * (taken, too long) is shown on its row and the others are still saved.
 */
import { App, Button, Card, Input, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useInvalidate, useUpdate, type BaseRecord, type HttpError } from '@refinedev/core';
import { useState } from 'react';
import { levelResource } from '../../../../resources/member/level.resource';
import { errorText } from '../../../screens/generic/call-errors';
import { fieldColumn } from '../../../screens/generic/list-screen';
import { useTranslate } from '../../../screens/generic/use-translate';
import { levelScreenTitleKey, memoScreen, useBackToLevels } from './level-screen-parts';
import { useLevels } from './use-levels';

/** Longest level name the declaration allows. */
const MAX_NAME = levelResource.fields.name.maxLength ?? 100;

function Body() {
  const t = useTranslate();
  const { message } = App.useApp();
  const back = useBackToLevels('FREE');
  const invalidate = useInvalidate();
  const { mutateAsync: update } = useUpdate<BaseRecord, HttpError, Record<string, unknown>>();
  const { levels, loading } = useLevels();
  const [names, setNames] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const changed = levels.filter((level) => {
    const name = names[String(level.id)];
    return name !== undefined && name.trim() !== '' && name.trim() !== level.name;
  });

  const save = async () => {
    if (changed.length === 0) {
      void message.info(t('level.rename.nothing'));
      return;
    }
    setSaving(true);
    const failed: Record<string, string> = {};
    let done = 0;
    for (const level of changed) {
      const key = String(level.id);
      try {
        await update({
          resource: levelResource.name,
          id: level.id!,
          values: { name: names[key].trim() },
          meta: { version: level.version },
          mutationMode: 'pessimistic',
          successNotification: false,
          errorNotification: false,
        });
        done += 1;
      } catch (error) {
        failed[key] = errorText(error);
      }
    }
    setSaving(false);
    setErrors(failed);
    setNames(Object.fromEntries(Object.entries(names).filter(([key]) => failed[key] !== undefined)));
    await invalidate({ resource: levelResource.name, invalidates: ['list'] });
    if (done > 0) void message.success(t('level.rename.saved', { count: done }));
  };

  const columns: ColumnsType<BaseRecord> = [
    fieldColumn({ resource: levelResource, name: 'levelType', t }),
    fieldColumn({ resource: levelResource, name: 'rankOrder', t }),
    fieldColumn({ resource: levelResource, name: 'code', t }),
    { ...fieldColumn({ resource: levelResource, name: 'name', t }), title: t('level.rename.current') },
    {
      key: '$newName',
      title: t('level.rename.newName'),
      width: 260,
      render: (_: unknown, level: BaseRecord) => {
        const key = String(level.id);
        return (
          <Space direction="vertical" size={0} style={{ width: '100%' }}>
            <Input
              value={names[key] ?? ''}
              maxLength={MAX_NAME}
              placeholder={String(level.name)}
              aria-label={t('level.rename.newName')}
              status={errors[key] ? 'error' : undefined}
              onChange={(event) => setNames({ ...names, [key]: event.target.value })}
            />
            {errors[key] ? <Typography.Text type="danger">{errors[key]}</Typography.Text> : null}
          </Space>
        );
      },
    },
  ];

  return (
    <Card title={t(levelScreenTitleKey('level-name-modify'))}>
      <Table<BaseRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={levels}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          {t('screens.save')}
        </Button>
        <Button onClick={back}>{t('screens.back')}</Button>
      </Space>
    </Card>
  );
}

/** The rename screen. */
export default memoScreen(new Map(), 'level-name-modify', () => <Body />);
