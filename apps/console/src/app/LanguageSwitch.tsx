import { LANGUAGES } from '@metal/shared';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, useLanguage } from '../lib/i18n';

/** zh-CN or en-US for the console, antd's own texts and the server's messages alike. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const [lang, setLang] = useLanguage();
  return (
    <Segmented
      aria-label={t('language')}
      size="small"
      value={lang}
      onChange={setLang}
      options={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
    />
  );
}
