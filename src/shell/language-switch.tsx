import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, isLocale, type Locale } from '../../resources/messages/bilingual';
import { changeLanguage } from '../../providers/i18n';

/**
 * 中文 / English. The new language's texts are fetched from the server before anything
 * switches, so a failed fetch (shown by the HTTP client) leaves the page as it was.
 */
export function LanguageSwitch(props: { readonly className?: string }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const current: Locale | undefined = isLocale(i18n.language) ? i18n.language : undefined;
  const choose = async (locale: Locale) => {
    if (locale === current) return;
    setBusy(true);
    try {
      await changeLanguage(locale);
    } catch {
      // Already reported by the HTTP client.
    } finally {
      setBusy(false);
    }
  };
  // The accessible name contains the visible text (WCAG 2.5.3): "Language: English".
  const shown = current ? t(`shell.language.${current}`) : '';
  const name = shown ? `${t('shell.header.language')}: ${shown}` : t('shell.header.language');
  // Opens on click (and Enter / Space), not on hover: a pointer passing by does not open it, and
  // keyboard users reach it the same way.
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: current ? [current] : [],
        items: LOCALES.map((locale) => ({ key: locale, label: t(`shell.language.${locale}`) })),
        onClick: ({ key }) => {
          if (isLocale(key)) void choose(key);
        },
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} loading={busy} className={props.className} aria-label={name}>
        {shown}
      </Button>
    </Dropdown>
  );
}
