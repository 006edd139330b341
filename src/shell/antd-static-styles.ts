/**
 * antd's styles written at build time (vite.config.ts `antdStaticStyles`), in Node: the antd
 * components of the first pages are drawn once with the console's theme (`renderToString` inside a
 * cssinjs cache), and the cache is written out as CSS with antd's own `extractStyle`, the
 * documented way of serving antd 5's styles from a file. The file ends with the map of what it
 * holds (`.data-ant-cssinjs-cache-path{content:"…"}`): antd's style hooks read that map in the
 * browser and neither compute nor insert a style the file holds (on a phone's CPU, computing and
 * inserting them was a large part of drawing the login page and the first list). A style the file
 * does not hold (another component, another theme) is computed at run time as before.
 *
 * Two files: what the pages outside the shell draw (login, its language buttons, the spinner), linked
 * by index.html; what the shell and a list draw besides, loaded with the console's code
 * (`console-styles.ts`), its map naming both. Never imported by the browser app.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { iconStyles } from '@ant-design/icons/lib/utils';
import * as antd from 'antd';
import { createElement as h, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { CONSOLE_THEME } from './theme';

/** The rule that ends an extracted file: the paths of the styles it holds, with their hashes. */
const MAP_RULE = /\.data-ant-cssinjs-cache-path\{content:"[^"]*";\}$/;

const MENU_ITEMS = [
  { key: 'a', label: 'a', icon: h('span'), children: [{ key: 'a1', label: 'a1' }] },
  { type: 'divider' as const },
  { key: 'b', label: 'b', danger: true },
];

/** What the pages outside the shell draw: the login form, its pair of language buttons, the spinner. */
function outsideShell(): ReactNode {
  const { Alert, App, Button, Form, Input, Spin } = antd;
  return h(
    App,
    null,
    h(Button, { type: 'text', size: 'small', loading: true }, 'l'),
    h(Alert, { type: 'error', showIcon: true, message: 'm' }),
    h(
      Form,
      { layout: 'vertical', size: 'large', requiredMark: false },
      h(Form.Item, { label: 'l', name: 'a', rules: [{ required: true }] }, h(Input, { prefix: h('span') })),
      h(Form.Item, { label: 'l', name: 'b' }, h(Input.Password, { prefix: h('span') })),
      h(Button, { type: 'primary', htmlType: 'submit', block: true, loading: true }, 'b'),
    ),
    h(Spin),
  );
}

/**
 * What the shell and a list draw (the first screen after sign-in): layout, menu and its drawer,
 * header, filters, toolbar, table with pager and selection. Popups' styles are those of their
 * components, drawn closed (a server render draws no portal). The rest (date pickers, uploads,
 * trees, tabs, steps, descriptions, message and notification, whose panels carry a theme of
 * their own, ...) is computed when first drawn, as before: every rule in these files is matched
 * against every page's elements, so a file of every component made the list's style and layout
 * work grow by as much as it saved of script.
 */
function consoleShell(): ReactNode {
  const A = antd;
  const columns = [
    { title: 'a', dataIndex: 'a', key: 'a', sorter: true, fixed: 'left' as const, filters: [{ text: 'x', value: 'x' }] },
    { title: 'b', dataIndex: 'b', key: 'b', ellipsis: true },
    { title: 'c', key: 'c', fixed: 'right' as const, render: () => h(A.Button, { type: 'link', size: 'small' }, 'c') },
  ];
  const options = [{ value: 'a', label: 'a' }];
  return h(
    A.App,
    null,
    h(
      A.Layout,
      null,
      h(A.Layout.Sider, { collapsible: false }, h(A.Menu, { theme: 'dark', mode: 'inline', items: MENU_ITEMS, openKeys: ['a'] })),
      h(
        A.Layout,
        null,
        h(A.Layout.Header, null, h(A.Breadcrumb, { items: [{ title: 'a', href: '#' }, { title: 'b' }] })),
        h(A.Layout.Content, null, 'c'),
      ),
    ),
    h(A.Menu, { mode: 'vertical', items: MENU_ITEMS }),
    h(A.Table, {
      columns,
      dataSource: [{ key: 1, a: 'a', b: 'b' }],
      rowSelection: { selectedRowKeys: [1] },
      pagination: { total: 100, showSizeChanger: true, showQuickJumper: true },
      scroll: { x: 'max-content' },
      size: 'small',
      bordered: true,
      expandable: { expandedRowRender: () => 'e' },
      summary: () => h(A.Table.Summary, { fixed: true }, h(A.Table.Summary.Row, null, h(A.Table.Summary.Cell, { index: 0 }, 's'))),
    }),
    h(A.Table, { columns, dataSource: [], loading: true }),
    h(A.Pagination, { total: 100, size: 'small' }),
    h(
      A.Form,
      { layout: 'horizontal', labelCol: { span: 6 }, wrapperCol: { span: 18 } },
      h(A.Form.Item, { label: 'l', name: 'a', help: 'h', validateStatus: 'error', tooltip: 't', extra: 'e' }, h(A.Input)),
    ),
    h(A.Form, { layout: 'inline' }, h(A.Form.Item, { label: 'l' }, h(A.Input.Search))),
    h(A.Input, { allowClear: true, suffix: 's' }),
    h(A.Select, { options, mode: 'multiple', value: ['a'], allowClear: true }),
    h(A.Checkbox.Group, { options: ['a'] }),
    h(A.Checkbox, { indeterminate: true }),
    // A preset and a status colour: each kind's styles come with its first tag (components/light-tag.tsx
    // draws the classes only).
    h(A.Tag, { color: 'blue', closable: true }, 't'),
    h(A.Tag, { color: 'success' }, 't'),
    h(A.Badge, { count: 5, size: 'small' }, h('span')),
    h(A.Badge, { status: 'success', text: 't' }),
    h(A.Empty, { image: A.Empty.PRESENTED_IMAGE_SIMPLE }),
    h(A.Flex, { gap: 'small', wrap: true }, 'f'),
    h(A.Space, { wrap: true }, h(A.Button, { danger: true }, 'b'), h(A.Button, { type: 'dashed', size: 'small' }, 'b')),
    h(A.Row, { gutter: 8 }, h(A.Col, { span: 12, xs: 24 }, 'c')),
    h(A.Typography.Title, { level: 4 }, 't'),
    h(A.Typography.Paragraph, { type: 'secondary' }, 'p'),
    h(A.Typography.Text, null, 't'),
    h(A.Typography.Link, null, 'l'),
    h(A.Dropdown, { menu: { items: MENU_ITEMS }, trigger: ['click'] }, h(A.Button, { type: 'text', icon: h('span') }, 'd')),
    h(A.Tooltip, { title: 't' }, h('span')),
    h(A.Popover, { content: 'c' }, h('span')),
    h(A.Modal, { open: false, title: 't' }),
    h(A.Drawer, { open: false, title: 't' }),
  );
}

/**
 * The two files' CSS: `outside` ends with its own map; `console` with the map of both. `icons`:
 * the rules antd's icons insert as the first one draws, exactly as they insert them (the
 * icons compare the text), for index.html to hold them from the start.
 */
export function antdStaticStyles(): { readonly outside: string; readonly console: string; readonly icons: string } {
  const cache = createCache();
  const draw = (node: ReactNode) => renderToString(h(StyleProvider, { cache }, h(antd.ConfigProvider, { theme: CONSOLE_THEME }, node)));
  draw(outsideShell());
  const outside = extractStyle(cache, { plain: true, once: true });
  draw(consoleShell());
  const rest = extractStyle(cache, { plain: true, once: true });
  const both = MAP_RULE.exec(extractStyle(cache, { plain: true }))?.[0];
  if (!MAP_RULE.test(outside) || !MAP_RULE.test(rest) || !both) throw new Error('antd static styles: no style map extracted');
  return { outside, console: rest.replace(MAP_RULE, both), icons: iconStyles };
}
