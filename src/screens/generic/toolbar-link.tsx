import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { ResourceDef } from '../../../resources/define';
import type { ListToolbarItem } from '../manifest';
import { viewHref } from './resource-routes';
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

/**
 * The toolbar items of an entry's adjustment documents and their reason master, each list
 * leading to the other; the labels are `<messages>.reasons` and `<messages>.documents`.
 */
export function documentsAndReasons(args: {
  documents: ResourceDef;
  reasons: ResourceDef;
  messages: string;
}): Record<string, readonly ListToolbarItem[]> {
  return {
    [args.documents.name]: [toolbarLink({ key: 'reasons', to: viewHref(args.reasons, 'list'), labelKey: `${args.messages}.reasons` })],
    [args.reasons.name]: [toolbarLink({ key: 'documents', to: viewHref(args.documents, 'list'), labelKey: `${args.messages}.documents` })],
  };
}
