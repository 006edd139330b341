import { defineDomain } from '../domain-manifest';
import { i18nRoutes } from './i18n.routes';

/** The message books the browser loads (`/v1/i18n/*`). */
export const i18nDomain = defineDomain({
  name: 'i18n',
  plugins: [{ name: 'i18n', plugin: i18nRoutes }],
  tags: [{ name: 'i18n', description: 'Translations' }],
});
