import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Translate } from '../../fields/field-kind';

/**
 * The translate function of the current language, typed for flat keys built at run time
 * (`res.<resource>.<field>`), which i18next's typed `t` cannot name.
 */
export function useTranslate(): Translate {
  const { t } = useTranslation();
  return useCallback((key: string, values?: Record<string, unknown>) => String(t(key, (values ?? {}) as never)), [t]);
}
