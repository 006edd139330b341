import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenRef } from '../../resources/catalog/index';
import { screenTitleKey } from './menu';

/** Keeps the browser tab's title on the current screen, in the current language. */
export function usePageTitle(ref: ScreenRef | undefined): void {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const brand = t('shell.brand');
    document.title = ref ? `${t(screenTitleKey(ref))} · ${brand}` : brand;
  }, [ref?.group, ref?.entry, ref?.screen, i18n.language, t]);
}
