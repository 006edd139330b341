import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { ScreenRef } from '../../resources/catalog/index';
import { screenTitleKey } from './menu';
import { screenTitle } from './screen-title';

/** Keeps the browser tab's title on the current screen, in the current language. */
export function usePageTitle(ref: ScreenRef | undefined): void {
  const { t, i18n } = useTranslation();
  const { search } = useLocation();
  // The key, not the ref: a caller's ref may be a new object on every render.
  const titleKey = ref ? screenTitleKey(ref) : undefined;
  useEffect(() => {
    const brand = t('shell.brand');
    const title = ref ? screenTitle({ ref, search, t: (key, values) => String(t(key, (values ?? {}) as never)) }) : undefined;
    document.title = title ? `${title} · ${brand}` : brand;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `ref` is named by its key
  }, [titleKey, search, i18n.language, t]);
}

/** The tab's title on a shell page outside the catalogue (the file centre), by its message key. */
export function useShellPageTitle(titleKey: string): void {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    document.title = `${t(titleKey)} · ${t('shell.brand')}`;
  }, [titleKey, i18n.language, t]);
}
