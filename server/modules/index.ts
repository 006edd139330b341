import type { FastifyPluginAsync } from 'fastify';
import { accessHook } from './auth/access.hook';
import { authRoutes } from './auth/auth.routes';
import { authorizationRoutes } from './authorization/authorization.routes';
import { i18nRoutes } from './i18n/i18n.routes';
import { usersRoutes } from './users/users.routes';
import { pointsRoutes } from './points/points.routes';
import { pointsReportRoutes } from './points/points-report.routes';
import { saleRoutes } from './sale/sale.routes';
import { storedValueRoutes } from './stored-value/stored-value.routes';
import { queryViewsPlugin } from './query-views';
import { couponsRoutes } from './coupons/coupons.routes';
import { activityEngineRoutes } from './activities/engine/engine.routes';
import { filesPlugin } from './files/files.plugin';
import { uploadsPlugin } from './uploads/uploads.plugin';
import { memberOverviewRoutes } from './members/member-overview.routes';
import { memberActivationRoutes } from './members/member-activation.routes';
import { activityEventsPlugin } from './activities/events/events.plugin';
import { batchPlugin } from './batch/batch.plugin';
import { levelsPlugin } from './levels/monthly-evaluation.job';
import { ledgerJobsPlugin } from './ledger/gift-expiry.job';
import { createCrudModule } from '../crud/crud.module';
import { SERVER_HOOKS } from './resource-hooks';

/**
 * Every server module, registered under the service base (`/loyalty`). A module is a Fastify
 * plugin whose routes start with `/v1/…`; it reaches the database through `app.database`.
 * Adding a module is adding one line here.
 */
export const MODULES: ReadonlyArray<{ name: string; plugin: FastifyPluginAsync }> = [
  // First: the session and permission hook must exist before any route is added after it.
  { name: 'access', plugin: accessHook },
  { name: 'i18n', plugin: i18nRoutes },
  { name: 'auth', plugin: authRoutes },
  { name: 'authorization', plugin: authorizationRoutes },
  { name: 'users', plugin: usersRoutes },
  // The till's sale before points: its routes keep their place in the OpenAPI document.
  { name: 'sale', plugin: saleRoutes },
  { name: 'points', plugin: pointsRoutes },
  { name: 'points-reports', plugin: pointsReportRoutes },
  { name: 'stored-value', plugin: storedValueRoutes },
  { name: 'query-views', plugin: queryViewsPlugin },
  { name: 'coupons', plugin: couponsRoutes },
  { name: 'activity-engine', plugin: activityEngineRoutes },
  { name: 'files', plugin: filesPlugin },
  { name: 'uploads', plugin: uploadsPlugin },
  { name: 'members', plugin: memberOverviewRoutes },
  { name: 'member-activation', plugin: memberActivationRoutes },
  { name: 'activity-events', plugin: activityEventsPlugin },
  { name: 'batch', plugin: batchPlugin },
  { name: 'levels', plugin: levelsPlugin },
  { name: 'ledger-jobs', plugin: ledgerJobsPlugin },
  { name: 'crud', plugin: createCrudModule(SERVER_HOOKS) },
];
