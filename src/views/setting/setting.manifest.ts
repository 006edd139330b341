/** The settings domain in the browser (src/screens/manifest.ts): users and roles, both hand-made. */
import type { DomainManifest } from '../../screens/manifest';

export const SETTING_MANIFEST: DomainManifest = {
  domain: 'setting',
  screens: {
    'setting/user/user': () => import('./user-screen'),
    'setting/role/role': () => import('./role-screen'),
  },
};
