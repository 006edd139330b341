import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale, type Locale } from '../../resources/messages/bilingual';
import { changeLanguage } from '../../providers/i18n';

/**
 * The interface language and the way to choose another, for the controls that offer it (the
 * header's menu, the login page's pair of buttons). The new language's texts are fetched from the
 * server before anything switches, so a failed fetch (shown by the HTTP client) leaves the page as
 * it was.
 */
export function useLanguageChoice(): {
  readonly current: Locale | undefined;
  /** The language being loaded, while it is. */
  readonly loading: Locale | undefined;
  readonly choose: (locale: Locale) => Promise<void>;
} {
  const { i18n } = useTranslation();
  const [loading, setLoading] = useState<Locale>();
  const current: Locale | undefined = isLocale(i18n.language) ? i18n.language : undefined;
  const choose = async (locale: Locale) => {
    if (locale === current) return;
    setLoading(locale);
    try {
      await changeLanguage(locale);
    } catch {
      // Already reported by the HTTP client.
    } finally {
      setLoading(undefined);
    }
  };
  return { current, loading, choose };
}
