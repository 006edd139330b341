import { useMemo } from 'react';
import { useLoadError } from '../../../components/use-action';
import { useRemote } from '../../../components/use-remote';
import type { Translate } from '../../../fields/field-kind';
import { AccountSummary } from '../../score/query/account-summary';
import { LedgerTable } from '../../score/query/ledger-table';
import { useLedger } from '../../score/query/use-ledger';
import { getAccount, type EntryFilters } from '../../score/shared/points-api';

/** The member's points: the account (balance, totals, expiring) and the ledger, newest first. */
export function PointsTab(props: { readonly memberId: number; readonly t: Translate }) {
  const { t, memberId } = props;
  const filters = useMemo<EntryFilters>(() => ({ memberId }), [memberId]);
  const ledger = useLedger(filters);
  const account = useRemote(() => getAccount(memberId), String(memberId));
  useLoadError(ledger.error ?? account.error);
  return (
    <>
      <AccountSummary t={t} account={account.data} loading={account.loading && !account.data} />
      <LedgerTable t={t} ledger={ledger} />
    </>
  );
}
