/**
 * The settings domain in the browser (src/screens/manifest.ts): users, roles and the channel
 * gateway's health, hand-made, and the tabs of an application's detail (its keys, its calls, its webhook; the application itself is a
 * declared resource with the generic screens).
 */
import { lazySlot } from '../../screens/lazy-slot';
import type { DomainManifest } from '../../screens/manifest';

const ApplicationKeys = lazySlot(() => import('./application/application-keys').then((m) => m.ApplicationKeys));
const ApplicationWebhook = lazySlot(() => import('./application/application-webhook').then((m) => m.ApplicationWebhook));
const QueryViewPanel = lazySlot(() => import('../../screens/query-view/query-view-screen').then((m) => m.QueryViewPanel));

export const SETTING_MANIFEST: DomainManifest = {
  domain: 'setting',
  screens: {
    'setting/user/user': () => import('./user-screen'),
    'setting/role/role': () => import('./role-screen'),
    'setting/channel/channel-health': () => import('./channel/channel-health-screen'),
  },
  detailTabs: {
    application: [
      { key: 'keys', title: 'setting.application.keys.tab', render: ({ record, t }) => <ApplicationKeys record={record} t={t} /> },
      {
        key: 'calls',
        title: 'setting.application.calls.tab',
        render: ({ record }) => <QueryViewPanel view="application-calls" fixed={{ applicationId: Number(record.id) }} />,
      },
      {
        key: 'webhook',
        title: 'setting.application.webhook.tab',
        render: ({ record, t }) => <ApplicationWebhook record={record} t={t} />,
      },
    ],
  },
};
