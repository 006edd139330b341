import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenRef } from '../../resources/catalog/index';
import { screenTitleKey } from './menu';

/** Keeps the browser tab's title on the current screen, in the current language. */
export function usePageTitle(ref: ScreenRef | undefined): void {
  const { t, i18n } = useTranslation();
  // The key, not the ref: a caller's ref may be a new object on every render.
  const titleKey = ref ? screenTitleKey(ref) : undefined;
  useEffect(() => {
    const brand = t('shell.brand');
    document.title = titleKey ? `${t(titleKey)} · ${brand}` : brand;
  }, [titleKey, i18n.language, t]);
}
