import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemote } from '../../../components/use-remote';
import { queryUsers } from '../shared/user-api';

/** How many matches the user picker offers at once. */
const PICK_LIMIT = 20;

/**
 * Picks a user by typing part of a login or name (searched on the server). `exclude` leaves one
 * user out (the one being copied into). Value and onChange come from the enclosing Form.Item.
 */
export function UserSelect(props: {
  readonly exclude?: number;
  readonly value?: number;
  readonly onChange?: (value: number) => void;
  readonly id?: string;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const remote = useRemote(
    () => queryUsers({ page: 1, pageSize: PICK_LIMIT, filters: keyword ? { keyword } : {}, sorters: [{ field: 'login', order: 'asc' }] }),
    keyword,
  );
  const options = useMemo(
    () =>
      (remote.data?.records ?? [])
        .filter((user) => user.id !== props.exclude)
        .map((user) => ({ value: user.id, label: `${user.name} (${user.login})` })),
    [remote.data, props.exclude],
  );
  return (
    <Select
      id={props.id}
      showSearch
      filterOption={false}
      loading={remote.loading}
      placeholder={t('setting.user.searchUser')}
      options={options}
      value={props.value}
      onChange={props.onChange}
      onSearch={(text) => setKeyword(text.trim())}
    />
  );
}
