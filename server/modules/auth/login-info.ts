import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { tenants, users } from '../../db/schema/index';
import { notFound } from '../../http/envelope';
import type { LoginInfo, LoginState } from '../../../resources/contract/auth.types';

// The login info is the contract's (the browser stores it, §3).
export type { LoginInfo, LoginState };

/** The tenant row fields sign-in reads. */
export type TenantRow = typeof tenants.$inferSelect;
/** The user row fields sign-in reads. */
export type UserRow = typeof users.$inferSelect;

/** Builds the login info from the rows; the field list is spelled out so nothing else leaks. */
export function toLoginInfo(args: { tenant: TenantRow; user: UserRow; state: LoginState; resetToken: string | null }): LoginInfo {
  const { tenant, user } = args;
  return {
    tenantId: tenant.id,
    user: { id: user.id, login: user.login, name: user.name },
    customer: { code: tenant.code, name: tenant.name },
    useStrict: tenant.useStrict,
    passwordValidityPeriod: tenant.passwordValidityPeriod,
    maxLoginValidityPeriod: tenant.maxLoginValidityPeriod,
    state: args.state,
    resetToken: args.resetToken,
  };
}

/** The tenant and user rows of a signed-in caller. */
export async function loadTenantAndUser(args: {
  db: DbOrTx;
  tenantId: number;
  userId: number;
}): Promise<{ tenant: TenantRow; user: UserRow }> {
  const [row] = await args.db
    .select({ tenant: tenants, user: users })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.tenantId, args.tenantId), eq(users.id, args.userId)));
  if (!row) throw notFound();
  return row;
}
