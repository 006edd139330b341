/**
 * The toolbar every list shares, generic or hand-made, so New and the list tools sit in one place
 * on every screen: on the left New, then the bulk actions and a module's extra actions; on the
 * right refresh, density and column settings. Density and hidden columns are remembered per list
 * in this browser.
 */
import { ColumnHeightOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Dropdown, Flex, Popover, Space, Tooltip } from 'antd';
import type { SizeType } from 'antd/es/config-provider/SizeContext';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslate } from './use-translate';

/** A row density the list offers. */
export type ListDensity = Exclude<SizeType, undefined>;

const DENSITIES: readonly ListDensity[] = ['large', 'middle', 'small'];
const STORAGE_PREFIX = 'loyalty.list.';

/** How a list is drawn (density, hidden columns), remembered per list. */
export interface ListChrome {
  readonly density: ListDensity;
  readonly setDensity: (density: ListDensity) => void;
  /** Keys of the columns the user hid. */
  readonly hidden: readonly string[];
  readonly setHidden: (hidden: readonly string[]) => void;
}

interface StoredChrome {
  readonly density?: ListDensity;
  readonly hidden?: readonly string[];
}

function readStored(key: string): StoredChrome {
  try {
    const text = localStorage.getItem(STORAGE_PREFIX + key);
    const value: unknown = text ? JSON.parse(text) : {};
    return typeof value === 'object' && value !== null ? (value as StoredChrome) : {};
  } catch {
    return {};
  }
}

function writeStored(key: string, value: StoredChrome): void {
  try {
    localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(value));
  } catch {
    // A full or disabled storage only loses the preference.
  }
}

/** Density and hidden columns of the list `key` (a resource name, or a hand-made screen's name). */
export function useListChrome(key: string): ListChrome {
  const [stored, setStored] = useState<StoredChrome>(() => readStored(key));
  const update = useCallback(
    (patch: StoredChrome) =>
      setStored((current) => {
        const next = { ...current, ...patch };
        writeStored(key, next);
        return next;
      }),
    [key],
  );
  // One object while nothing changes: the list's columns and table are kept while their inputs are.
  return useMemo(
    () => ({
      density: stored.density && DENSITIES.includes(stored.density) ? stored.density : 'middle',
      setDensity: (density) => update({ density }),
      hidden: stored.hidden ?? NONE_HIDDEN,
      setHidden: (hidden) => update({ hidden }),
    }),
    [stored, update],
  );
}

const NONE_HIDDEN: readonly string[] = [];

/** The columns that are not hidden; the actions column (key `$actions`) is never hidden. */
export function visibleColumns<C extends { key?: React.Key }>(columns: readonly C[], hidden: readonly string[]): C[] {
  return columns.filter((column) => column.key === '$actions' || !hidden.includes(String(column.key)));
}

/** Props of {@link ListToolbar}. */
export interface ListToolbarProps {
  /** New, bulk actions and a module's actions, left to right. */
  readonly actions: readonly ReactNode[];
  readonly chrome: ListChrome;
  /** The columns the settings can hide (key and title), in table order. */
  readonly columns: readonly { readonly key: string; readonly title: ReactNode }[];
  readonly onRefresh: () => void;
  /** Extra content on the right (a note on polling …). */
  readonly extra?: ReactNode;
}

/** The toolbar above a list's table. */
export function ListToolbar(props: ListToolbarProps) {
  const t = useTranslate();
  const { chrome } = props;
  const shown = props.columns.filter((column) => !chrome.hidden.includes(column.key));
  const settings = (
    <Flex vertical gap={4} data-testid="column-settings">
      {props.columns.map((column) => (
        <Checkbox
          key={column.key}
          checked={!chrome.hidden.includes(column.key)}
          // The last visible column stays: a table of no columns shows nothing.
          disabled={shown.length === 1 && shown[0].key === column.key}
          onChange={(event) =>
            chrome.setHidden(event.target.checked ? chrome.hidden.filter((key) => key !== column.key) : [...chrome.hidden, column.key])
          }
        >
          {column.title}
        </Checkbox>
      ))}
      {chrome.hidden.length > 0 ? (
        <Button size="small" type="link" onClick={() => chrome.setHidden([])}>
          {t('screens.list.showAllColumns')}
        </Button>
      ) : null}
    </Flex>
  );
  return (
    <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }} data-testid="list-toolbar">
      <Space wrap>{props.actions}</Space>
      <Space size={4}>
        {props.extra}
        <Tooltip title={t('screens.list.refresh')}>
          <Button type="text" icon={<ReloadOutlined />} aria-label={t('screens.list.refresh')} onClick={props.onRefresh} />
        </Tooltip>
        <Dropdown
          trigger={['click']}
          menu={{
            selectable: true,
            selectedKeys: [chrome.density],
            items: DENSITIES.map((density) => ({ key: density, label: t(`screens.list.density.${density}`) })),
            onClick: ({ key }) => chrome.setDensity(key as ListDensity),
          }}
        >
          <Tooltip title={t('screens.list.density')}>
            <Button type="text" icon={<ColumnHeightOutlined />} aria-label={t('screens.list.density')} />
          </Tooltip>
        </Dropdown>
        <Popover trigger="click" placement="bottomRight" title={t('screens.list.columns')} content={settings}>
          <Tooltip title={t('screens.list.columns')}>
            <Button type="text" icon={<SettingOutlined />} aria-label={t('screens.list.columns')} />
          </Tooltip>
        </Popover>
      </Space>
    </Flex>
  );
}
