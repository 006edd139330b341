import { Flex, Input, Space } from 'antd';
import type { ReactNode } from 'react';

/** Props of {@link SearchToolbar}. */
export interface SearchToolbarProps {
  /** Placeholder of the keyword box (what it searches). */
  readonly placeholder: string;
  /** Label of the search button. */
  readonly searchText: string;
  /** Runs the search with the trimmed keyword ('' = everything). */
  readonly onSearch: (keyword: string) => void;
  /** Extra filters shown after the keyword box. */
  readonly filters?: ReactNode;
  /** Buttons on the right (create …). */
  readonly actions?: ReactNode;
}

/** The bar above a list: keyword search, optional filters, and the list's buttons on the right. */
export function SearchToolbar(props: SearchToolbarProps) {
  return (
    <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 16 }}>
      <Space wrap>
        <Input.Search
          allowClear
          placeholder={props.placeholder}
          enterButton={props.searchText}
          aria-label={props.placeholder}
          onSearch={(value) => props.onSearch(value.trim())}
          style={{ width: 320 }}
        />
        {props.filters}
      </Space>
      {props.actions ? <Space wrap>{props.actions}</Space> : null}
    </Flex>
  );
}
