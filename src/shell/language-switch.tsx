import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES, isLocale } from '../../resources/messages/bilingual';
import { useLanguageChoice } from './language-choice';

/**
 * 中文 / English in the header: a menu of the languages (useLanguageChoice loads the chosen one
 * before anything switches).
 */
export function LanguageSwitch(props: { readonly className?: string }) {
  const { t } = useTranslation();
  const { current, loading, choose } = useLanguageChoice();
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
      <Button type="text" icon={<GlobalOutlined />} loading={loading !== undefined} className={props.className} aria-label={name}>
        {shown}
      </Button>
    </Dropdown>
  );
}
