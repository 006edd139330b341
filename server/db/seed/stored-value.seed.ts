import type { DbOrTx } from '../connection';
import { payFromHolder, postValue, refundPayment, VALUE_CHANNELS } from '../../modules/ledger';
import { adminOf, membersInUse } from './activity.seed';
import type { DemoSeeder } from './seeders';

/**
 * Stored value of the demo merchant, through the money ledger as the till routes move it: the
 * first eight members in use recharge (principal and gift, each through another §4 channel),
 * three of them pay in their store and one payment is partly refunded, so store-value-account
 * shows balances, gift portions and totals. Deterministic.
 */
async function seedStoredValue({ tx, tenantId }: { tx: DbOrTx; tenantId: number }): Promise<void> {
  const members = (await membersInUse(tx, tenantId)).slice(0, 8);
  const operatorId = await adminOf(tx, tenantId);
  for (const [i, member] of members.entries()) {
    await postValue({
      tx,
      tenantId,
      holder: { kind: 'member', memberId: member.id },
      principal: `${(i + 1) * 100}.00`,
      gift: i % 2 === 0 ? `${(i + 1) * 10}.00` : '0',
      kind: 'recharge',
      channel: VALUE_CHANNELS[i % VALUE_CHANNELS.length],
      sourceType: 'recharge',
      sourceId: `DEMO-R${i + 1}`,
      storeId: member.store,
      operatorId,
    });
  }
  for (const [i, member] of members.slice(0, 3).entries()) {
    await payFromHolder({
      tx,
      tenantId,
      holder: { kind: 'member', memberId: member.id },
      amount: `${(i + 1) * 45}.50`,
      requestNo: `DEMO-P${i + 1}`,
      storeId: member.store,
      operatorId,
      channel: 'store',
      sourceType: 'payment',
    });
  }
  await refundPayment({ tx, tenantId, paymentRequestNo: 'DEMO-P2', refundNo: 'DEMO-F1', amount: '20.00', operatorId });
}

// Recharges and payments come after the opening balances of stored-value-docs, as in the ledger's life.
export const storedValueSeeder: DemoSeeder = { name: 'stored-value', after: ['members', 'stored-value-docs'], seed: seedStoredValue };
