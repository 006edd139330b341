import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../resources/messages/bilingual';
import { useLanguageChoice } from './language-choice';

/**
 * 中文 | English on the login page: both languages in sight, one click to switch, the current one
 * pressed. No menu to open, so the login page's code carries no dropdown (the header keeps its
 * menu, language-switch.tsx).
 */
export function LanguageToggle(props: { readonly className?: string }) {
  const { t } = useTranslation();
  const { current, loading, choose } = useLanguageChoice();
  return (
    <div
      role="group"
      aria-label={t('shell.header.language')}
      className={['console-language-toggle', props.className].filter(Boolean).join(' ')}
    >
      {LOCALES.map((locale) => (
        <Button
          key={locale}
          type="text"
          size="small"
          lang={locale === 'en_US' ? 'en' : 'zh-CN'}
          aria-pressed={locale === current}
          loading={loading === locale}
          onClick={() => void choose(locale)}
        >
          {t(`shell.language.${locale}`)}
        </Button>
      ))}
    </div>
  );
}
