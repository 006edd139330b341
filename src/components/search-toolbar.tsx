import { Flex, Input, Space } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';

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
  /** The keyword the list currently searches (from the url), shown in the box. */
  readonly keyword?: string;
}

/** The bar above a list: keyword search, optional filters, and the list's buttons on the right. */
export function SearchToolbar(props: SearchToolbarProps) {
  const [text, setText] = useState(props.keyword ?? '');
  // The list's keyword changed elsewhere (back, a link): the box follows it.
  useEffect(() => setText(props.keyword ?? ''), [props.keyword]);
  return (
    <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 16 }}>
      <Space wrap>
        <Input.Search
          allowClear
          placeholder={props.placeholder}
          enterButton={props.searchText}
          aria-label={props.placeholder}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onSearch={(value) => props.onSearch(value.trim())}
          style={{ width: 320 }}
        />
        {props.filters}
      </Space>
      {props.actions ? <Space wrap>{props.actions}</Space> : null}
    </Flex>
  );
}
