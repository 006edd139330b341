import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { ListToolbarItem } from '../manifest';
import { useTranslate } from './use-translate';

function ToolbarLink(props: { readonly to: string; readonly labelKey: string }) {
  const navigate = useNavigate();
  const t = useTranslate();
  return <Button onClick={() => navigate(props.to)}>{t(props.labelKey)}</Button>;
}

/**
 * A list toolbar item leading to another screen of the same catalogue entry (the adjustment
 * documents and their reason master share one menu entry; the stored-value inquiry leads to the
 * history), for a manifest's `toolbarItems`.
 */
export function toolbarLink(args: { key: string; to: string; labelKey: string }): ListToolbarItem {
  return { key: args.key, render: () => <ToolbarLink to={args.to} labelKey={args.labelKey} /> };
}
