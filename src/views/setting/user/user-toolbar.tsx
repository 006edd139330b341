import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SearchToolbar } from '../../../components/search-toolbar';
import type { UserFilters } from '../shared/user-api';

type StatusChoice = 'all' | 'enabled' | 'disabled';

function statusOf(filters: UserFilters): StatusChoice {
  if (filters.enabled === undefined) return 'all';
  return filters.enabled ? 'enabled' : 'disabled';
}

/** Keyword search and the enabled/disabled filter (New sits in the list toolbar, as on every list). */
export function UserToolbar(props: { readonly filters: UserFilters; readonly onFilters: (filters: UserFilters) => void }) {
  const { t } = useTranslation();
  const { filters, onFilters } = props;
  const setStatus = (choice: StatusChoice) => {
    const { enabled: _dropped, ...rest } = filters;
    onFilters(choice === 'all' ? rest : { ...rest, enabled: choice === 'enabled' });
  };
  const setKeyword = (keyword: string) => {
    const { keyword: _dropped, ...rest } = filters;
    onFilters(keyword ? { ...rest, keyword } : rest);
  };
  return (
    <SearchToolbar
      placeholder={t('setting.user.keywordPlaceholder')}
      searchText={t('setting.common.search')}
      onSearch={setKeyword}
      keyword={filters.keyword}
      filters={
        <Select<StatusChoice>
          aria-label={t('setting.user.field.status')}
          value={statusOf(filters)}
          onChange={setStatus}
          style={{ width: 140 }}
          options={[
            { value: 'all', label: t('setting.user.status.all') },
            { value: 'enabled', label: t('setting.user.status.enabled') },
            { value: 'disabled', label: t('setting.user.status.disabled') },
          ]}
        />
      }
    />
  );
}
