import { LookupSelect, type LookupSelectProps } from '../../../screens/generic/lookup-select';
import { findStores } from './points-api';

/** Props of {@link StoreSelect}. */
export type StoreSelectProps = Omit<LookupSelectProps, 'find'>;

const find = (keyword: string) => findStores({ keyword });

/**
 * A store picker for the points screens. It searches through the points module's store lookup,
 * so a reader of the ledger can filter by store without holding the store master's permission.
 */
export function StoreSelect(props: StoreSelectProps) {
  return <LookupSelect find={find} {...props} />;
}
