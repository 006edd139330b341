import { createTenant, signIn, type ApiClient, type TestTenant } from './fixtures';
import { startStandIns, type StandIns } from './channel-stand-ins';
import { startTestApp, type TestApp } from './test-app';

/** The real app, the platforms' stand-ins on 127.0.0.1, a merchant and its administrator signed in. */
export interface ChannelScene {
  readonly t: TestApp;
  readonly standIns: StandIns;
  readonly tenant: TestTenant;
  readonly admin: ApiClient;
  close(): Promise<void>;
}

export async function startChannelScene(): Promise<ChannelScene> {
  const [t, standIns] = await Promise.all([startTestApp(), startStandIns()]);
  const tenant = await createTenant(t.database);
  const admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  return {
    t,
    standIns,
    tenant,
    admin,
    close: async () => {
      await t.close();
      await standIns.close();
    },
  };
}
