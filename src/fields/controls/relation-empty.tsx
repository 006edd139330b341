import { Empty, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useInRouterContext } from 'react-router-dom';
import type { ResourceDef } from '../../../resources/define';
import { canOpen } from '../../../providers/access-control';
import { summaryOf } from '../../screens/declaration-index';
import { useTranslate } from '../../screens/generic/use-translate';

/** Props of {@link RelationEmpty}. */
export interface RelationEmptyProps {
  /** API name of the resource the picker offers records of. */
  readonly resource: string;
}

/** The list screen of a resource as a route path, when it has one. */
export function listPathOf(resource: Pick<ResourceDef, 'route'> | undefined): string | undefined {
  const list = resource?.route.screens.list;
  return resource && list ? `/${resource.route.group}/${resource.route.entry}/${list}` : undefined;
}

/**
 * What an empty relation picker says: which records it offers ("No Points adjustment reason
 * yet") and where they are made — a link to the related list screen when this user may open
 * it, else only its name, so a person knows whom to ask.
 */
export function RelationEmpty(props: RelationEmptyProps) {
  const t = useTranslate();
  const routed = useInRouterContext();
  const related = summaryOf(props.resource);
  const path = listPathOf(related);
  // Undefined while the permission check runs: the text says it is busy (it may gain a link).
  const [allowed, setAllowed] = useState<boolean | undefined>(path === undefined ? false : undefined);
  useEffect(() => {
    let current = true;
    const list = related?.route.screens.list;
    if (!related || !list) return;
    canOpen({ group: related.route.group, entry: related.route.entry, screen: list }).then(
      (yes) => current && setAllowed(yes),
      () => current && setAllowed(false),
    );
    return () => {
      current = false;
    };
  }, [related]);
  const name = t(`res.${props.resource}`);
  const where =
    path && allowed ? routed ? <Link to={path}>{name}</Link> : <a href={path}>{name}</a> : <Typography.Text strong>{name}</Typography.Text>;
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <span data-testid="relation-empty" aria-busy={allowed === undefined}>
          {t('screens.relationEmpty', { name })} {t('screens.relationEmptyWhere')} {where}
        </span>
      }
    />
  );
}
