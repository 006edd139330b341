import { ConfigProvider, theme } from 'antd';
import { createContext, useContext, useMemo, type ReactNode } from 'react';

/**
 * The class names antd gives its components under the console's theme: the prefix of a
 * component's classes (`ant-tag`) and the theme's hash class that scopes antd's styles
 * (`:where(.css-…)`). Light stand-ins of antd components that a table draws in every row
 * ({@link LightTag}, {@link RowCheckbox}) carry the same classes and so antd's own styles, without
 * each instance running antd's style and token hooks. Their styles are in the file antd's styles
 * are written to at build time (shell/antd-static-styles.ts draws the components they stand for).
 */
export interface AntdScope {
  /** The class prefix of an antd component, e.g. `ant-tag` for `tag`. */
  readonly prefix: (component: string) => string;
  /** The theme's hash class, given to every element antd styles. */
  readonly hash: string;
}

const AntdScopeContext = createContext<AntdScope>({ prefix: (component) => `ant-${component}`, hash: '' });

/** Reads antd's prefix and the theme's hash once, inside the console's ConfigProvider. */
export function AntdScopeProvider(props: { readonly children: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const { hashId } = theme.useToken();
  const scope = useMemo<AntdScope>(() => ({ prefix: (component) => getPrefixCls(component), hash: hashId }), [getPrefixCls, hashId]);
  return <AntdScopeContext.Provider value={scope}>{props.children}</AntdScopeContext.Provider>;
}

/** The class attribute of the given names, leaving out the empty ones (no hash without a theme). */
export function classes(...names: readonly (string | false | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

/** The class names of antd components under the console's theme. */
export function useAntdScope(): AntdScope {
  return useContext(AntdScopeContext);
}
