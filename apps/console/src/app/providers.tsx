import type { Language } from '@metal/shared';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { isApiError } from '../lib/api';
import { setMessageInstance, showError } from '../lib/feedback';
import { i18next, useLanguage } from '../lib/i18n';

export const antdLocales = { 'zh-CN': zhCN, 'en-US': enUS } as const satisfies Record<Language, unknown>;

/** The web app's navy, with the side menu's selection a shade lighter so it shows on the navy sider. */
const NAVY = '#0f2a4a';
const theme: ThemeConfig = {
  token: { colorPrimary: NAVY, colorLink: '#1d5fa8', borderRadius: 6 },
  components: {
    Layout: { siderBg: NAVY, headerBg: '#fff' },
    Menu: { darkItemBg: NAVY, darkItemSelectedBg: '#2c5d92', darkGroupTitleColor: 'rgba(255, 255, 255, 0.5)' },
  },
};

export function createQueryClient() {
  return new QueryClient({
    // An operator's action that could not reach the server says so; envelope errors were shown by the client.
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isApiError(error) && error.isNetwork) showError(error.mesg);
      },
    }),
    defaultOptions: {
      queries: {
        // An envelope error is the server's answer and will not change by asking again; a network one might.
        retry: (failureCount, error) => failureCount < 1 && isApiError(error) && error.isNetwork,
        refetchOnWindowFocus: true,
        staleTime: 15_000,
      },
      mutations: { retry: false },
    },
  });
}

/** Hands antd's context-aware message instance (theme, locale) to code outside React. */
function MessageBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    setMessageInstance(message);
    return () => setMessageInstance(null);
  }, [message]);
  return null;
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const [lang] = useLanguage();
  return (
    <I18nextProvider i18n={i18next}>
      <ConfigProvider locale={antdLocales[lang]} theme={theme}>
        <App className="mc-app">
          <MessageBridge />
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </App>
      </ConfigProvider>
    </I18nextProvider>
  );
}
