import { useCan, useCanWithoutCache } from '@refinedev/core';
import { Button, Space } from 'antd';
import type { MouseEvent } from 'react';
import { useHref, useNavigate } from 'react-router-dom';
import type { ApiRecord } from '../../fields/field-kind';
import { summaryOf } from '../declaration-index';
import type { DetailAction } from '../manifest';
import { prefillLocation, refineResourceOf } from './resource-routes';
import { useDetailActions, type SlotOwner } from './screen-slots';
import { useTranslate } from './use-translate';

function ActionLink(props: { readonly action: DetailAction; readonly record: ApiRecord }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const target = summaryOf(props.action.opens);
  if (!target) throw new Error(`detail action ${props.action.key} opens an undeclared resource ${props.action.opens}`);
  const to = prefillLocation(target, props.action.values(props.record));
  // A real link (open in a new tab works); a plain click stays inside the console.
  const href = useHref(to);
  // Offered to users who may save the form it opens (the server checks the save anyway).
  const { can: provider } = useCanWithoutCache();
  const may = useCan({ resource: target.name, action: 'create', params: { resource: refineResourceOf(target) as never } });
  if (provider !== undefined && may.data?.can !== true) return null;
  const follow = (event: MouseEvent) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <Button href={href} onClick={follow} data-action={props.action.key}>
      {t(props.action.title)}
    </Button>
  );
}

/**
 * The tasks a detail offers one click away (domains' `detailActions`: the member's "Issue
 * coupons", "Adjust points", "Adjust stored value", "Sell a card"): each a link to another add
 * form filled from the record, shown to users who may save that form.
 */
export function DetailActionBar(props: { readonly resource: SlotOwner; readonly record: ApiRecord }) {
  const actions = useDetailActions(props.resource);
  if (actions.length === 0) return null;
  return (
    <Space wrap data-testid="detail-actions">
      {actions.map((action) => (
        <ActionLink key={action.key} action={action} record={props.record} />
      ))}
    </Space>
  );
}
