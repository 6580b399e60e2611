import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { isApiError } from '../lib/api';
import { showFail } from '../lib/feedback';
import { i18next, useLanguage } from '../lib/i18n';
import { antdLocales } from './antd';

export const queryClient = new QueryClient({
  // A user's action that could not reach the server says so once; background queries stay quiet
  // (their pages show an error state), so an offline phone is not flooded with toasts.
  mutationCache: new MutationCache({
    onError: (error) => {
      if (isApiError(error) && error.isNetwork) showFail(error.mesg);
    },
  }),
  defaultOptions: {
    queries: {
      // An envelope error is the server's answer and will not change by asking again; a network one might.
      retry: (failureCount, error) => failureCount < 1 && isApiError(error) && error.isNetwork,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  const [lang] = useLanguage();
  return (
    <I18nextProvider i18n={i18next}>
      <ConfigProvider locale={antdLocales[lang]}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ConfigProvider>
    </I18nextProvider>
  );
}
