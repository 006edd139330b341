import { inject, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { connectDatabase } from '../../server/db/connection';
import { createTenant, signIn } from '../helpers/fixtures';

it('debug', async () => {
  const database = connectDatabase(inject('databaseUrl'), { max: 5 });
  const app = await buildApp({ database, config: { ...loadConfig({}), seedDemo: false }, jobs: null, logger: true });
  await app.ready();
  const tenant = await createTenant(database);
  const admin = await signIn(app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  const reason = await admin.post('/v1/score-adjust-reason/saveNew', { body: { code: 'R1', name: 'Reason', direction: 'both', enabled: true } });
  console.log(JSON.stringify(reason.body));
  const doc = await admin.post('/v1/score-adjust/saveNew', { body: { lines: [{ member: 5, points: 12, reason: reason.body.data.id }] } });
  console.log(JSON.stringify(doc.body));
  const audit = await admin.post('/v1/score-adjust/audit', { query: { id: doc.body.data.id } });
  console.log(JSON.stringify(audit.body));
  await app.close(); await database.close();
});
