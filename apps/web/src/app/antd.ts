import type { Language } from '@metal/shared';
import { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { getLanguage, onLanguageChange } from '../lib/language';
import 'antd-mobile/es/global';

/**
 * antd-mobile's English says "Scroll down to refresh" and "Release to refresh immediately"; a phone user
 * pulls, and the words should be as short as the Chinese ones.
 */
const enUSWords = {
  ...enUS,
  PullToRefresh: { pulling: 'Pull down to refresh', canRelease: 'Release to refresh', complete: 'Refreshed' },
};

export const antdLocales = { 'zh-CN': zhCN, 'en-US': enUSWords } as const satisfies Record<Language, unknown>;

// Toasts and dialogs opened imperatively live outside ConfigProvider and read the default config.
setDefaultConfig({ locale: antdLocales[getLanguage()] });
onLanguageChange((lang) => setDefaultConfig({ locale: antdLocales[lang] }));
