import type { DomainManifest } from './domain-manifest';
import { activitiesDomain } from './activities/activities.manifest';
import { applicationsDomain } from './applications/applications.manifest';
import { approvalsDomain } from './approvals/approvals.manifest';
import { audiencesDomain } from './audiences/audiences.manifest';
import { authDomain } from './auth/auth.manifest';
import { authorizationDomain } from './authorization/authorization.manifest';
import { batchDomain } from './batch/batch.manifest';
import { cardsDomain } from './cards/cards.manifest';
import { channelsDomain } from './channels/channels.manifest';
import { couponsDomain } from './coupons/coupons.manifest';
import { filesDomain } from './files/files.manifest';
import { i18nDomain } from './i18n/i18n.manifest';
import { ledgerDomain } from './ledger/ledger.manifest';
import { levelsDomain } from './levels/levels.manifest';
import { membersDomain } from './members/members.manifest';
import { pointsDomain } from './points/points.manifest';
import { reportsDomain } from './reports/reports.manifest';
import { saleDomain } from './sale/sale.manifest';
import { storedValueDocsDomain } from './stored-value-docs/stored-value-docs.manifest';
import { storedValueDomain } from './stored-value/stored-value.manifest';
import { uploadsDomain } from './uploads/uploads.manifest';
import { usersDomain } from './users/users.manifest';
import { webhooksDomain } from './webhooks/webhooks.manifest';

/**
 * Every domain of the server, by its manifest (`<domain>/<domain>.manifest.ts`). The plugin list
 * (index.ts), the resource hooks (resource-hooks.ts), the query-view sources (query-views.ts),
 * the file-centre exports (module-exports.ts) and the demo seeders (db/seed/seeders.ts) are
 * derived from it: adding a domain is its folder and one line here.
 * Plugins register in this order; the till's sale comes before points so that its routes keep
 * their place in the OpenAPI document. Folders without a manifest (document-audit, idempotency,
 * reads) are libraries other domains import; they add nothing by themselves.
 */
export const DOMAINS: readonly DomainManifest[] = [
  i18nDomain,
  authDomain,
  authorizationDomain,
  usersDomain,
  applicationsDomain,
  webhooksDomain,
  saleDomain,
  pointsDomain,
  storedValueDomain,
  storedValueDocsDomain,
  couponsDomain,
  activitiesDomain,
  filesDomain,
  approvalsDomain,
  uploadsDomain,
  membersDomain,
  batchDomain,
  levelsDomain,
  ledgerDomain,
  cardsDomain,
  channelsDomain,
  audiencesDomain,
  reportsDomain,
];
