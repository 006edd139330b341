import { users } from '../db/schema/core.schema';
import { memberLevelChanges } from '../db/schema/levels.schema';
import { pointsEntries, salesTransactions } from '../db/schema/points.schema';
import { valueEntries } from '../db/schema/ledger.schema';
import { groupSendRuns } from '../db/schema/group-send.schema';
import { meituanVoucherConsumptions, wechatMemberCards } from '../db/schema/channel-gateway.schema';
import { definePlatformReference, type PlatformReference } from './inbound-references';

/**
 * Hand-written platform tables whose columns point at declared records: what the declarations
 * cannot tell the engine's safe deletes (inbound-references.ts). A module whose table keeps the
 * id of a declared record adds one line here; deleting such a record is then refused while a row
 * points at it, with the count and the title given here. A column of a table that grows long
 * (the ledger, the transactions) is indexed with tenant_id leading, so the check stays on an
 * index.
 */
export const PLATFORM_REFERENCES: readonly PlatformReference[] = [
  // A WeChat member card names the pay-to-join rule it came through (its holder is a member, never deleted).
  definePlatformReference({
    resource: 'wechat-pay-rule',
    title: ['微信会员卡', 'WeChat member card'],
    table: wechatMemberCards,
    tenantId: wechatMemberCards.tenantId,
    column: wechatMemberCards.payRuleId,
  }),
  // A member's level history names every level the member reached.
  definePlatformReference({
    resource: 'level',
    title: ['等级变动记录', 'Level change'],
    table: memberLevelChanges,
    tenantId: memberLevelChanges.tenantId,
    column: memberLevelChanges.toLevelId,
  }),
  // The points ledger and the till's transactions keep the store they happened in.
  definePlatformReference({
    resource: 'store',
    title: ['积分流水', 'Points entry'],
    table: pointsEntries,
    tenantId: pointsEntries.tenantId,
    column: pointsEntries.storeId,
  }),
  definePlatformReference({
    resource: 'store',
    title: ['销售交易', 'Sales transaction'],
    table: salesTransactions,
    tenantId: salesTransactions.tenantId,
    column: salesTransactions.storeId,
  }),
  // The money ledger keeps the store each movement happened in.
  definePlatformReference({
    resource: 'store',
    title: ['储值流水', 'Stored-value entry'],
    table: valueEntries,
    tenantId: valueEntries.tenantId,
    column: valueEntries.storeId,
  }),
  // A Meituan voucher consumption keeps the store it was taken at.
  definePlatformReference({
    resource: 'store',
    title: ['美团验券记录', 'Meituan voucher consumption'],
    table: meituanVoucherConsumptions,
    tenantId: meituanVoucherConsumptions.tenantId,
    column: meituanVoucherConsumptions.storeId,
  }),
  // A bulk coupon issue's send run (its unique index leads with tenant and activity).
  definePlatformReference({
    resource: 'activity',
    title: ['批量发券批次', 'Bulk issue run'],
    table: groupSendRuns,
    tenantId: groupSendRuns.tenantId,
    column: groupSendRuns.activityId,
  }),
  // The centres a user may work in.
  definePlatformReference({
    resource: 'marketing-center',
    title: ['用户', 'User'],
    table: users,
    tenantId: users.tenantId,
    column: users.marketingCenterIds,
    multiple: true,
  }),
];
