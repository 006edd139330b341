import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { summaryOf } from '../declaration-index';
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
 * leading to the other; the labels are `<messages>.reasons` and `<messages>.documents`. The two
 * are named (their summaries give the routes), so a manifest loads no declaration.
 */
export function documentsAndReasons(args: {
  documents: string;
  reasons: string;
  messages: string;
}): Record<string, readonly ListToolbarItem[]> {
  // Resolved when drawn: the index of declarations is written from the manifests too.
  const linkTo = (key: string, name: string, labelKey: string): ListToolbarItem => ({
    key,
    render: () => {
      const summary = summaryOf(name);
      if (!summary) throw new Error(`documentsAndReasons: no declared resource ${name}`);
      return <ToolbarLink to={viewHref(summary, 'list')} labelKey={labelKey} />;
    },
  });
  return {
    [args.documents]: [linkTo('reasons', args.reasons, `${args.messages}.reasons`)],
    [args.reasons]: [linkTo('documents', args.documents, `${args.messages}.documents`)],
  };
}
