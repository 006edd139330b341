/**
 * The "Bind to a member" tab of a card's detail: an activated card bound to nobody can be bound
 * once to a member (found by name, mobile or member number); the balance stays the card's own.
 */
import { Alert, Button, Select, Space } from 'antd';
import { useInvalidate } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { useAction } from '../../../components/use-action';
import type { ApiRecord, Translate } from '../../../fields/field-kind';
import { bindMember, memberOptions } from './card-api';

export function BindMember(props: { resource: string; record: ApiRecord; t: Translate }) {
  const { record, t } = props;
  const run = useAction();
  const invalidate = useInvalidate();
  const [keyword, setKeyword] = useState('');
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  const [member, setMember] = useState<number | undefined>();
  const live = record.state === 'ACTIVATED' || record.state === 'USED_UP' || record.state === 'FROZEN';
  useEffect(() => {
    let current = true;
    memberOptions(keyword)
      .then(
        (found) =>
          current &&
          setOptions(found.map((option) => ({ value: option.id, label: [option.title, option.description].filter(Boolean).join(' · ') }))),
      )
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [keyword]);
  if (record.member !== null && record.member !== undefined) return <Alert type="info" showIcon message={t('cards.bind.done')} />;
  if (!live) return <Alert type="info" showIcon message={t('cards.bind.hint')} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon message={t('cards.bind.hint')} />
      <Space wrap>
        <Select
          aria-label={t('cards.bind.member')}
          placeholder={t('cards.bind.member')}
          showSearch
          filterOption={false}
          onSearch={setKeyword}
          style={{ width: 320 }}
          value={member}
          options={options}
          onChange={setMember}
        />
        <Button
          type="primary"
          disabled={member === undefined}
          onClick={async () => {
            const done = await run(() => bindMember(Number(record.id), member!), t('cards.bind.done'));
            if (done) await invalidate({ resource: props.resource, invalidates: ['detail', 'list'], id: Number(record.id) });
          }}
        >
          {t('cards.bind.submit')}
        </Button>
      </Space>
    </Space>
  );
}
